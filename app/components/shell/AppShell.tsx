import type { ReactNode } from "react";

import { useTranslation } from "~/i18n";

import type { SidebarProps } from "./Sidebar";
import { Sidebar } from "./Sidebar";
import type { TopBarProps } from "./TopBar";
import { TopBar } from "./TopBar";

export type AppShellProps = {
  /** null: no sidebar (login, access, wizard, error, transaction). */
  sidebar: SidebarProps | null;
  /** Omitted: the route renders its own h1. */
  topBar?: TopBarProps;
  children: ReactNode;
  /** Extra classes for <main> (e.g. a different vertical rhythm). */
  mainClassName?: string;
  /** Banners and connectivity notices, under the top bar. */
  notices?: ReactNode;
  /**
   * A dialog the page opens with (the session's global overlay): first in the document, before the
   * skip link, so the browser paints it with the page's first frame instead of after parsing the whole
   * page (decision 072), and Tab reaches it first without JavaScript.
   */
  overlay?: ReactNode;
};

/** The id the skip link targets; dialogs return focus here when their opener is gone. */
export const MAIN_CONTENT_ID = "contenido";

/**
 * Page frame: skip link, sidebar, top bar and the content column (1280 px, 1520 px from xxl).
 * The column is padded by the sidebar's width: 64 px rail from lg, 240 px from xl.
 */
export function AppShell({ sidebar, topBar, children, mainClassName, notices, overlay }: AppShellProps) {
  const { t } = useTranslation("common");
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      {overlay}
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[80] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-brand-700 focus:shadow-lg focus:outline focus:outline-2 focus:outline-brand-500 dark:focus:bg-slate-900 dark:focus:text-brand-100"
      >
        {t("shell.skipToContent")}
      </a>
      {sidebar ? <Sidebar {...sidebar} /> : null}
      <div className={sidebar ? "lg:pl-[64px] xl:pl-[240px]" : undefined}>
        {topBar ? <TopBar {...topBar} /> : null}
        {notices}
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className={["mx-auto w-full max-w-content px-4 py-6 focus:outline-none sm:px-6 xxl:max-w-content-wide", mainClassName]
            .filter(Boolean)
            .join(" ")}
        >
          {children}
        </main>
      </div>
    </div>
  );
}
