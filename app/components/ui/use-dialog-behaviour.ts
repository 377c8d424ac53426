import { useNavigate } from "@remix-run/react";
import type { RefObject } from "react";
import { useEffect, useRef } from "react";

import { closeDialog, isTopDialog, openDialog, returnFocus } from "./dialog-stack";

/**
 * What JavaScript adds to a server-rendered, URL-addressed drawer or modal: focus moves in, Tab
 * stays inside, Escape navigates to the close URL, and focus goes back where it came from.
 * Without JS none of this runs and the dialog is still a page with links and forms.
 */

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "summary",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

function isVisible(el: HTMLElement): boolean {
  return el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
}

/** The elements Tab can reach, in order; in a radio group only the checked radio is a stop. */
export function tabbables(container: HTMLElement): HTMLElement[] {
  const all = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(isVisible);
  return all.filter((el) => {
    if (!(el instanceof HTMLInputElement) || el.type !== "radio" || el.checked || !el.name) return true;
    const group = all.filter(
      (other): other is HTMLInputElement => other instanceof HTMLInputElement && other.type === "radio" && other.name === el.name,
    );
    return !group.some((radio) => radio.checked) && group[0] === el;
  });
}

/** Where focus lands on open: an element marked data-autofocus, else the first stop or the title. */
export type InitialFocus = "first" | "title";

function initialFocusTarget(panel: HTMLElement, initial: InitialFocus): HTMLElement | null {
  const title = panel.querySelector<HTMLElement>("[data-dialog-title]");
  const marked = panel.querySelector<HTMLElement>("[data-autofocus]");
  if (marked) return marked;
  return initial === "first" ? (tabbables(panel)[0] ?? title) : title;
}

export function useDialogBehaviour(panelRef: RefObject<HTMLElement>, closeHref: string | undefined, initial: InitialFocus = "first") {
  const navigate = useNavigate();
  const closeHrefRef = useRef(closeHref);
  useEffect(() => {
    closeHrefRef.current = closeHref;
  }, [closeHref]);

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openDialog(panel);
    initialFocusTarget(panel, initial)?.focus();

    const isTop = () => isTopDialog(panel);

    function onKeyDown(event: KeyboardEvent) {
      if (!isTop() || event.defaultPrevented || !panel) return;
      if (event.key === "Escape") {
        const href = closeHrefRef.current;
        if (!href) return;
        event.preventDefault();
        navigate(href, { preventScrollReset: true });
        return;
      }
      if (event.key !== "Tab") return;
      const stops = tabbables(panel);
      if (stops.length === 0) {
        event.preventDefault();
        panel.querySelector<HTMLElement>("[data-dialog-title]")?.focus();
        return;
      }
      const first = stops[0];
      const last = stops[stops.length - 1];
      const active = document.activeElement;
      if (!(active instanceof Node) || !panel.contains(active)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
        return;
      }
      // The title (tabindex -1) sits before the first stop, so compare positions, not identity.
      const atStart = active === first || Boolean(first.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_PRECEDING);
      const atEnd = active === last || Boolean(last.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING);
      if (event.shiftKey && atStart) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && atEnd) {
        event.preventDefault();
        first.focus();
      }
    }

    // A click on the page behind, or a screen reader's virtual cursor, can still move focus out.
    function onFocusIn(event: FocusEvent) {
      if (!isTop() || !panel) return;
      if (event.target instanceof Node && !panel.contains(event.target)) initialFocusTarget(panel, initial)?.focus();
    }

    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
      closeDialog(panel);
      // Back to the control that opened it; if that is gone (or the page loaded with the dialog
      // open), to the main content so the next Tab starts somewhere meaningful.
      returnFocus(previous);
    };
  }, [navigate, panelRef, initial]);
}
