import { Link } from "@remix-run/react";

export type TabItem = {
  id: string;
  label: string;
  /**
   * What a phone shows when the full labels would not fit one row: part of `label` (WCAG 2.5.3,
   * label in name), which assistive technology still reads in full.
   */
  shortLabel?: string;
  href: string;
};

export type TabsProps = {
  tabs: TabItem[];
  /** id of the tab whose content is shown. */
  current: string;
  /** Accessible name of the navigation (e.g. 'Secciones de configuración'). */
  label: string;
  className?: string;
  /** Replace the history entry instead of pushing one (tabs inside a drawer). */
  replace?: boolean;
};

/**
 * Tabs that are links: each one is its own URL, so they work with JS off and can be shared.
 * Hence a nav with aria-current, not an ARIA tablist (which promises arrow-key behaviour).
 */
export function Tabs({ tabs, current, label, className, replace = false }: TabsProps) {
  return (
    <nav aria-label={label} className={className}>
      {/* On a phone the tabs wrap onto a second row rather than scroll: a scrolling row cut the last tab
          with nothing saying more were there (decision 125). The baseline is an inset shadow under the last row. */}
      <ul className="relative flex flex-wrap gap-1 shadow-[inset_0_-1px_0_theme(colors.slate.200)] dark:shadow-[inset_0_-1px_0_theme(colors.slate.700)]">
        {tabs.map((tab) => {
          const active = tab.id === current;
          return (
            <li key={tab.id} className="shrink-0">
              <Link
                to={tab.href}
                preventScrollReset
                replace={replace}
                aria-current={active ? "page" : undefined}
                className={[
                  "inline-flex min-h-11 items-center whitespace-nowrap border-b-2 text-sm",
                  tab.shortLabel ? "px-3 sm:px-4" : "px-4",
                  "font-semibold transition-colors",
                  "focus-visible:outline focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500",
                  active
                    ? "border-brand-600 text-brand-700 dark:border-brand-100 dark:text-brand-100"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100",
                ].join(" ")}
              >
                {tab.shortLabel ? (
                  <>
                    <span aria-hidden="true" className="sm:hidden">
                      {tab.shortLabel}
                    </span>
                    <span className="sr-only sm:not-sr-only">{tab.label}</span>
                  </>
                ) : (
                  tab.label
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
