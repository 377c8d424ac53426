import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useId, useRef } from "react";

import { Icon } from "./icons";
import type { InitialFocus } from "./use-dialog-behaviour";
import { useDialogBehaviour } from "./use-dialog-behaviour";

export type ModalTone = "default" | "error" | "success";

export type ModalProps = {
  open: boolean;
  title: string;
  description?: ReactNode;
  /** Omitted: the modal cannot be dismissed by the backdrop or Escape, only by its actions. */
  closeHref?: string;
  /** The actions: links styled with buttonClass, or a <Form> with its buttons. */
  children?: ReactNode;
  tone?: ModalTone;
  /** id of the dialog element (the heading gets `${id}-titulo`). */
  id?: string;
  /**
   * The dialog is part of the page as it loads (the session's global overlay), not opened from it: it
   * is drawn in place with the page's first frame, without the entry animation (decision 072).
   */
  withPage?: boolean;
  /**
   * Where focus lands on open: the first control (default), or the title when a first control with
   * focus would read as an answer already given (a rating scale's first score).
   */
  initialFocus?: InitialFocus;
  /**
   * Asked from inside the 520 px drawer: on wider screens the dialog sits over the drawer, centred
   * in it, rather than in the middle of the window straddling the drawer's edge.
   */
  overDrawer?: boolean;
};

const toneIcon = {
  error: { name: "error", className: "text-failed" },
  success: { name: "check", className: "text-success" },
} as const;

/**
 * A centred dialog addressed by the URL, rendered as plain markup (not a portal) so it exists in
 * the server's HTML. Every way out must be among its actions: with JS off there is no Escape,
 * and the backdrop link is for the pointer only.
 */
export function Modal(props: ModalProps) {
  if (!props.open) return null;
  return <ModalPanel {...props} />;
}

function ModalPanel({
  title,
  description,
  closeHref,
  children,
  tone = "default",
  id,
  withPage = false,
  initialFocus = "first",
  overDrawer = false,
}: ModalProps) {
  const autoId = useId();
  const dialogId = id ?? `modal${autoId.replace(/:/g, "")}`;
  const titleId = `${dialogId}-titulo`;
  const descriptionId = `${dialogId}-descripcion`;
  const panelRef = useRef<HTMLDivElement>(null);
  useDialogBehaviour(panelRef, closeHref, initialFocus);
  const icon = tone === "default" ? null : toneIcon[tone];
  const backdrop = `${withPage ? "" : "fxn-backdrop "}absolute inset-0 bg-slate-950/50 dark:bg-black/70`;

  return (
    <div
      className={`fixed inset-0 z-50 flex items-center justify-center p-4 ${overDrawer ? "sm:justify-end sm:pr-9" : ""}`}
      data-scroll-lock=""
    >
      {closeHref ? (
        <Link to={closeHref} preventScrollReset tabIndex={-1} aria-hidden="true" className={`${backdrop} block`} />
      ) : (
        <div aria-hidden="true" className={backdrop} />
      )}
      <div
        ref={panelRef}
        id={dialogId}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        className={`${withPage ? "" : "fxn-modal "}relative max-h-[calc(100dvh-2rem)] w-full max-w-md overflow-y-auto rounded-2xl bg-white p-6 text-center text-slate-900 shadow-2xl sm:p-8 dark:bg-slate-900 dark:text-slate-100 dark:ring-1 dark:ring-slate-700`}
      >
        {icon ? <Icon name={icon.name} className={`mx-auto mb-4 h-12 w-12 ${icon.className}`} /> : null}
        <h2
          id={titleId}
          tabIndex={-1}
          data-dialog-title=""
          className={`text-xl font-semibold leading-7 focus:outline-none ${tone === "error" ? "text-failed dark:text-red-400" : ""}`}
        >
          {title}
        </h2>
        {description ? (
          <div id={descriptionId} className="mt-3 text-sm leading-6 text-slate-600 dark:text-slate-300">
            {description}
          </div>
        ) : null}
        {children ? <div className="mt-6">{children}</div> : null}
      </div>
    </div>
  );
}

/** Lays out a modal's actions: stacked on phones (in reading order), side by side from sm up. */
export function ModalActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">{children}</div>;
}
