import type { ReactNode } from "react";
import { useEffect, useRef } from "react";

import { useTranslation } from "~/i18n";

import { Icon } from "./icons";

export type FoldingFiltersProps = {
  /** How many filters are in use: shown beside 'Filtros', so a folded panel still says so. */
  activeCount?: number;
  /** Open from the first render (e.g. a refused filter whose messages must be seen). */
  open?: boolean;
  children: ReactNode;
};

/** md in tailwind.config.ts: from here the filters are always shown. */
const WIDE = "(min-width: 768px)";

/**
 * Filters that fold away on a phone (decision 055): a native <details>, so it opens and closes with
 * JavaScript off. From md up its content is shown even when closed (`::details-content`), and
 * with JavaScript the element is opened there too, for browsers without that pseudo-element.
 */
export function FoldingFilters({ activeCount = 0, open = false, children }: FoldingFiltersProps) {
  const { t } = useTranslation("common");
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (ref.current && window.matchMedia(WIDE).matches) ref.current.open = true;
  }, []);
  return (
    <details
      ref={ref}
      open={open || undefined}
      className="group/filters rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900 md:[&::details-content]:[content-visibility:visible]"
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-2 font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500 md:cursor-default [&::-webkit-details-marker]:hidden">
        <span>{t("filters.summary")}</span>
        {activeCount > 0 ? (
          <span className="rounded-full bg-brand-100 px-2 py-px text-xs font-semibold text-brand-700 dark:bg-brand-700 dark:text-white">
            {t("filters.active", { count: activeCount })}
          </span>
        ) : null}
        <Icon name="chevronDown" className="ml-auto h-5 w-5 transition-transform group-open/filters:rotate-180 md:hidden" />
      </summary>
      <div className="px-4 pb-4">{children}</div>
    </details>
  );
}
