import type { ReactNode } from "react";
import { useEffect, useRef } from "react";

/** Looks of an entry of a row menu: a link or a button, full width, one line each. */
export const rowMenuItemClass =
  "flex w-full min-h-11 items-center rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-100 " +
  "focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-500 " +
  "dark:text-slate-100 dark:hover:bg-slate-800";

export type RowMenuProps = {
  /** Accessible name of the opener: 'Más acciones para Aceros Querétaro'. */
  label: string;
  children: ReactNode;
};

/**
 * A row's secondary actions (decision 053): a native `<details>` disclosure, so it opens with a
 * click, Enter or Space without JavaScript and its entries are ordinary links and one-button
 * forms. With JavaScript it also closes on Escape (focus back on the opener), on a click
 * outside, when another row's menu opens and once an entry is chosen.
 */
export function RowMenu({ label, children }: RowMenuProps) {
  const ref = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const close = (focusOpener: boolean) => {
      if (!details.open) return;
      details.open = false;
      if (focusOpener) details.querySelector("summary")?.focus();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && details.open) {
        event.preventDefault();
        close(true);
      }
    };
    const onPointer = (event: MouseEvent) => {
      if (!details.contains(event.target as Node)) close(false);
    };
    const onToggle = () => {
      if (!details.open) return;
      for (const other of document.querySelectorAll<HTMLDetailsElement>("details[data-row-menu][open]")) {
        if (other !== details) other.open = false;
      }
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onPointer);
    details.addEventListener("toggle", onToggle);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onPointer);
      details.removeEventListener("toggle", onToggle);
    };
  }, []);

  return (
    <details
      ref={ref}
      data-row-menu=""
      className="group relative"
      onClick={(event) => {
        // An entry was chosen: the menu has done its job (after the click's own navigation or submit).
        const details = ref.current;
        if (details && (event.target as HTMLElement).closest("a, button")) setTimeout(() => (details.open = false), 0);
      }}
    >
      <summary
        aria-label={label}
        title={label}
        className={
          "flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center rounded-full text-slate-700 " +
          "hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 " +
          "focus-visible:outline-brand-500 group-open:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 " +
          "dark:group-open:bg-slate-800 [&::-webkit-details-marker]:hidden"
        }
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 fill-current">
          <circle cx="4" cy="10" r="1.75" />
          <circle cx="10" cy="10" r="1.75" />
          <circle cx="16" cy="10" r="1.75" />
        </svg>
      </summary>
      <div className="absolute right-0 z-20 mt-1 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        {children}
      </div>
    </details>
  );
}
