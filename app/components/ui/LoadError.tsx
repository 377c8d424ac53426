import { Link } from "@remix-run/react";

/**
 * Data a screen could not load: what failed, and a full reload of the page to try again (a plain
 * link, so it works without JS and brings fresh data and session state).
 */
export function LoadError({ message, retryLabel, retryHref }: { message: string; retryLabel: string; retryHref: string }) {
  return (
    <div role="alert" className="rounded-lg border border-failed/40 bg-white p-4 dark:bg-slate-900">
      <p>{message}</p>
      <Link to={retryHref} reloadDocument className="mt-2 inline-block font-semibold text-brand-600 underline dark:text-brand-300">
        {retryLabel}
      </Link>
    </div>
  );
}
