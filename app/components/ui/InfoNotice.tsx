import type { ReactNode } from "react";

/**
 * A neutral note about what the page shows (role status, the info tone): nothing the person did is
 * wrong, e.g. a link asked for a month that does not exist and the page shows another. The planner
 * and the portfolio say it in one shape ('El mes 13 no existe; te mostramos noviembre de 2026.').
 */
export function InfoNotice({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-100"
    >
      {children}
    </p>
  );
}
