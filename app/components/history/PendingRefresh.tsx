import { Link, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

import { useTranslation } from "~/i18n";

/**
 * §4 Polling, the browser's part: while pending operations are on screen the page asks the server
 * again every `seconds` (the server checks them with the bank; see server/history/poller.server.ts).
 * With JS, a revalidation while the tab is visible. Without JS the person decides when: a line
 * says operations are in process, with 'Actualizar' (the same page again) — no page that reloads
 * itself under someone reading it (WCAG 2.2.1). Not used on views that hold typed input.
 */
export function PendingRefresh({ active, seconds = 120 }: { active: boolean; seconds?: number }) {
  const revalidator = useRevalidator();
  const { pathname, search } = useLocation();
  const { t } = useTranslation("history");
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    }, seconds * 1000);
    return () => window.clearInterval(timer);
  }, [active, seconds, revalidator]);
  if (!active) return null;
  return (
    <noscript>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200">
        {t("list.pendingRefresh.text")}
        <Link to={`${pathname}${search}`} className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300">
          {t("list.pendingRefresh.action")}
        </Link>
      </p>
    </noscript>
  );
}
