import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useEffect, useRef } from "react";

import type { TourView } from "#core/domain/tour";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n";

export type GuidedTourProps = {
  /**
   * Which tour the card records as seen, and the card's id (a step's link ends in `#<id>`): the page's
   * (DASHBOARD_TOUR, TOUR_CARD_ID), passed in so this on-demand part shares no module with the page (decision 077).
   */
  tour: string;
  cardId: string;
  view: Exclude<TourView, { kind: "none" }>;
  /** The step's address: `?tour=N#recorrido`, so the browser scrolls to the card without JS. */
  stepHref: (step: number) => string;
  /** Where 'Terminar' and 'Omitir' post (records the tour as seen). */
  action: string;
  redirectTo: string;
  csrfToken: ReactNode;
};

/**
 * The dashboard's guided tour (§2): an invitation for a member who has not seen it, then one card
 * per step placed right above the section it explains. Links and plain forms, so it works without
 * JavaScript; with it, the card takes focus when the step changes.
 */
export function GuidedTour({ tour, cardId, view, stepHref, action, redirectTo, csrfToken }: GuidedTourProps) {
  const { t } = useTranslation("tour");
  const heading = useRef<HTMLHeadingElement>(null);
  const step = view.kind === "step" ? view.step : 0;
  useEffect(() => {
    if (step > 0) heading.current?.focus();
  }, [step]);

  const record = (label: string, variant: "primary" | "secondary" | "ghost", extra?: string) => (
    <Form method="post" action={action}>
      {csrfToken}
      <input type="hidden" name="tour" value={tour} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className={buttonClass(variant, extra)}>
        {label}
      </button>
    </Form>
  );

  const title = view.kind === "invite" ? t("invite.title") : t(`steps.${view.target}.title`);
  return (
    <section
      id={cardId}
      aria-label={t("label")}
      // Compact on a phone, where the card sits above the calculator's first field and must leave it in the first view.
      className="scroll-mt-24 rounded-xl border border-brand-100 bg-brand-50 p-4 shadow-sm sm:p-5 dark:border-brand-900 dark:bg-slate-900"
    >
      {view.kind === "step" ? (
        // 'Omitir recorrido' beside the progress, as a dialog's close: the step's own buttons keep one line on a phone.
        // Its negative margins keep a 44 px target without making the line that tall.
        <div className="flex items-center justify-between gap-3">
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-100">
            {t("progress", { step: view.step, of: view.of })}
          </p>
          {view.next ? record(t("skip"), "ghost", "-my-2.5 -mr-2 px-3") : null}
        </div>
      ) : null}
      <h2 ref={heading} tabIndex={-1} className="mt-1 text-base font-semibold focus:outline-none sm:text-lg">
        {title}
      </h2>
      <p className="mt-1 max-w-prose text-sm text-slate-700 sm:text-base dark:text-slate-200">
        {view.kind === "invite" ? t("invite.body") : t(`steps.${view.target}.body`)}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3 sm:mt-4">
        {view.kind === "invite" ? (
          <>
            <Link to={stepHref(1)} className={buttonClass("primary")}>
              {t("invite.start")}
            </Link>
            {record(t("invite.later"), "secondary")}
          </>
        ) : (
          <>
            {view.previous ? (
              <Link to={stepHref(view.previous)} className={buttonClass("secondary")}>
                {t("previous")}
              </Link>
            ) : null}
            {view.next ? (
              <Link to={stepHref(view.next)} className={buttonClass("primary")}>
                {t("next")}
              </Link>
            ) : (
              record(t("finish"), "primary")
            )}
          </>
        )}
      </div>
    </section>
  );
}
