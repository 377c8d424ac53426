import { useEffect, useState } from "react";

import { useTranslation } from "~/i18n";

/**
 * 'Copiar' for a datum a person pastes elsewhere (a clave de rastreo into Banxico's CEP form). It
 * exists only once JavaScript runs: without it there is no clipboard to write to, and the datum
 * beside it is plain selectable text, so no dead button is ever shown. The result is announced.
 * `compact` keeps it from setting a row's height: on phones the 44 px target overhangs the row
 * (negative margin) instead of growing it; from `sm` up it is a 24 px target (WCAG 2.2 2.5.8).
 */
export function CopyButton({ value, label, compact = false }: { value: string; label: string; compact?: boolean }) {
  const { t } = useTranslation("common");
  const [ready, setReady] = useState(false);
  const [said, setSaid] = useState("");
  useEffect(() => setReady(typeof navigator !== "undefined" && Boolean(navigator.clipboard)), []);
  if (!ready) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setSaid(t("copy.done", { label }));
    } catch {
      setSaid(t("copy.failed"));
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={t("copy.label", { label })}
        className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded-full px-3 ${compact ? "-my-2 sm:my-0 sm:min-h-6 sm:min-w-6 sm:px-2" : ""} text-sm font-semibold text-brand-700 underline-offset-2 hover:bg-brand-50 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:text-brand-300 dark:hover:bg-brand-900`}
      >
        {t("copy.action")}
      </button>
      <span role="status" className="text-xs text-slate-600 dark:text-slate-300">
        {said}
      </span>
    </span>
  );
}
