import type { ReactNode } from "react";

import { Logo } from "~/components/ui/Logo";

import { MAIN_CONTENT_ID } from "./AppShell";

export type BrandedPageProps = {
  children: ReactNode;
  /** The id of the page's heading, which names its <main>. */
  labelledBy?: string;
  /** The card's width: 'narrow' for a message (login, errors), 'wide' for a form (the wizard). */
  width?: "narrow" | "wide";
  /** Centre the card's text (a message) or not (a form). */
  centred?: boolean;
};

const WIDTHS = { narrow: "max-w-lg", wide: "max-w-3xl" } as const;

/**
 * The frame of the screens outside the shell (login, access, wizard, error, a page-level error):
 * the same brand bar as the shell's phone header, and the content as one card on the app's
 * background, so a person never meets an unbranded page (decision 055).
 */
export function BrandedPage({ children, labelledBy, width = "narrow", centred = true }: BrandedPageProps) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex h-16 w-full max-w-content items-center px-4 sm:px-6">
          <Logo />
        </div>
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        aria-labelledby={labelledBy}
        className="flex flex-1 flex-col items-center justify-center px-4 py-10 focus:outline-none sm:px-6"
      >
        <div
          className={[
            "flex w-full flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8",
            "dark:border-slate-800 dark:bg-slate-900",
            WIDTHS[width],
            centred ? "items-center text-center" : "",
          ].join(" ")}
        >
          {children}
        </div>
      </main>
    </div>
  );
}
