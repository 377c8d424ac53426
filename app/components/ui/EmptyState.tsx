import { Link } from "@remix-run/react";

import { buttonClass } from "./button";
import type { IconName } from "./icons";
import { Icon } from "./icons";

export type EmptyStateProps = {
  /** What is (not) there, e.g. 'Aún no tienes operaciones.' */
  message: string;
  /** What to do about it, in a sentence. */
  hint?: string;
  /** The next step: a link that looks like a button. */
  action?: { label: string; href: string; preventScrollReset?: boolean };
  icon?: IconName;
  /** Announced when it appears after a search or filter (role=status). */
  live?: boolean;
  /** Without the card's border (inside a drawer). */
  plain?: boolean;
};

/**
 * An empty list that says what to do next (decision 055): the message, a hint and one link to the
 * next step. A plain link, so it works without JavaScript.
 */
export function EmptyState({ message, hint, action, icon = "info", live = false, plain = false }: EmptyStateProps) {
  return (
    <div
      role={live ? "status" : undefined}
      className={[
        "flex flex-col items-center gap-3 px-4 py-10 text-center",
        plain ? "" : "rounded-xl border border-dashed border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900",
      ].join(" ")}
    >
      <Icon name={icon} className="h-8 w-8 text-slate-400 dark:text-slate-500" />
      <p className="text-base font-medium text-slate-800 dark:text-slate-100">{message}</p>
      {hint ? <p className="max-w-md text-sm text-slate-600 dark:text-slate-300">{hint}</p> : null}
      {action ? (
        <Link to={action.href} preventScrollReset={action.preventScrollReset} className={buttonClass("secondary", "mt-1")}>
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}
