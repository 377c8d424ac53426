import type { Tracker as TrackerModel } from "#core/domain/operation-status";
import { useTranslation } from "~/i18n";

const reachedLook = {
  success: "border-success bg-success text-white dark:text-slate-950",
  pending: "border-pending bg-pending text-white dark:text-slate-950",
  failed: "border-failed bg-failed text-white dark:text-slate-950",
} as const;
const lineLook = { success: "bg-success", pending: "bg-pending", failed: "bg-failed" } as const;

/**
 * The FX or transfer stepper of §4: reached steps take the operation's colour (success, pending,
 * failed), the others stay grey. An ordered list, so a screen reader hears the steps in order and
 * whether each was reached.
 */
export function Tracker({ tracker, pair }: { tracker: TrackerModel; pair: string | null }) {
  const { t } = useTranslation("history");
  return (
    <ol aria-label={t("tracker.title")} className="flex flex-col gap-0">
      {tracker.steps.map((step, index) => {
        const last = index === tracker.steps.length - 1;
        return (
          <li key={`${step.key}-${index}`} data-reached={step.active ? "" : undefined} className="relative flex gap-3 pb-4 last:pb-0">
            {!last ? (
              <span
                aria-hidden="true"
                className={`absolute left-[11px] top-6 h-[calc(100%-1.5rem)] w-0.5 ${step.active && tracker.steps[index + 1].active ? lineLook[tracker.tone] : "bg-slate-200 dark:bg-slate-700"}`}
              />
            ) : null}
            <span
              aria-hidden="true"
              className={`relative z-10 mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full border-2 text-xs font-bold ${
                step.active ? reachedLook[tracker.tone] : "border-slate-300 bg-white text-slate-400 dark:border-slate-600 dark:bg-slate-900"
              }`}
            >
              {index + 1}
            </span>
            <div className="min-w-0">
              <p className={`font-semibold ${step.active ? "" : "text-slate-500 dark:text-slate-400"}`}>
                {t(step.labelKey)}
                <span className="sr-only"> ({step.active ? t("tracker.reached") : t("tracker.notReached")})</span>
              </p>
              {step.descriptionKey ? (
                <p className="text-sm text-slate-600 dark:text-slate-300">{t(step.descriptionKey, { pair: pair ?? "" })}</p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
