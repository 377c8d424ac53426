import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useId, useRef } from "react";

import { useTranslation } from "~/i18n";

import { Icon } from "./icons";
import { useDialogBehaviour } from "./use-dialog-behaviour";

export type DrawerProps = {
  open: boolean;
  title: string;
  /** Where "close" goes: the same page without the search param that opened the drawer. */
  closeHref: string;
  /** sm = 440 px (notifications), md = 520 px (transaction, movements, settings). */
  width?: "sm" | "md";
  children: ReactNode;
  /** Sticky actions under the scrolling body. */
  footer?: ReactNode;
  /** id of the dialog element (the heading gets `${id}-titulo`). */
  id?: string;
  /** Extra content in the header under the title (a subtitle, a reference). */
  subtitle?: ReactNode;
};

const widths = { sm: "sm:w-drawer-sm", md: "sm:w-drawer-md" } as const;

/**
 * A right-hand panel addressed by the URL: the route decides `open` from a search param and this
 * renders plain markup, so it shows on the server and with JS off. Closing is a link.
 */
export function Drawer(props: DrawerProps) {
  if (!props.open) return null;
  return <DrawerPanel {...props} />;
}

function DrawerPanel({ title, closeHref, width = "sm", children, footer, id, subtitle }: DrawerProps) {
  const { t } = useTranslation("common");
  const autoId = useId();
  const dialogId = id ?? `drawer${autoId.replace(/:/g, "")}`;
  const titleId = `${dialogId}-titulo`;
  const panelRef = useRef<HTMLDivElement>(null);
  // The heading first: a screen reader hears where it is, and Enter cannot close it by accident.
  useDialogBehaviour(panelRef, closeHref, "title");

  return (
    <div className="fixed inset-0 z-40" data-scroll-lock="">
      {/* For the pointer: the header's close link and Escape serve the keyboard. */}
      <Link
        to={closeHref}
        preventScrollReset
        tabIndex={-1}
        aria-label={t("dialog.close")}
        className="fxn-backdrop absolute inset-0 block bg-slate-950/50 dark:bg-black/70"
      />
      <div
        ref={panelRef}
        id={dialogId}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={`fxn-drawer absolute inset-y-0 right-0 flex w-full max-w-full flex-col bg-white text-slate-900 shadow-2xl dark:bg-slate-900 dark:text-slate-100 ${widths[width]}`}
      >
        <header className="flex items-start gap-3 border-b border-slate-200 px-6 py-4 dark:border-slate-700">
          <div className="min-w-0 flex-1">
            <h2 id={titleId} tabIndex={-1} data-dialog-title="" className="text-lg font-semibold leading-7 focus:outline-none">
              {title}
            </h2>
            {subtitle ? <div className="mt-1 text-sm text-slate-600 dark:text-slate-300">{subtitle}</div> : null}
          </div>
          <Link
            to={closeHref}
            preventScrollReset
            aria-label={t("dialog.closeNamed", { title })}
            className="-mr-2 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <Icon name="close" />
          </Link>
        </header>
        {/* Reachable by keyboard (WCAG 2.1.1): a body with nothing to focus can still be scrolled with the arrows. */}
        <div tabIndex={0} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-6 py-5 focus-visible:-outline-offset-2">
          {children}
        </div>
        {footer ? (
          <footer className="border-t border-slate-200 bg-white px-6 py-4 dark:border-slate-700 dark:bg-slate-900">{footer}</footer>
        ) : null}
      </div>
    </div>
  );
}
