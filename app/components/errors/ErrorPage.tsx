import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

import { errorTextKey } from "#core/error-texts";
import { useTranslation } from "~/i18n";

/**
 * The one error screen every route boundary hands off to: a Spanish message per status, never a
 * stack trace. A 404 of another company's resource reads exactly like a missing one.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const reason =
    isRouteErrorResponse(error) && error.data && typeof error.data === "object" ? (error.data as { reason?: unknown }).reason : null;
  const retryAfter =
    status === 429 && isRouteErrorResponse(error) && typeof (error.data as { retryAfter?: unknown } | null)?.retryAfter === "number"
      ? (error.data as { retryAfter: number }).retryAfter
      : null;
  const key = errorTextKey(status, reason);
  return (
    <main id="contenido" className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-600 dark:text-brand-100">{t("errors.status", { status })}</p>
      <h1 className="text-2xl font-bold">{t(`errors.${key}.title`)}</h1>
      <p className="text-slate-600 dark:text-slate-300">{t(`errors.${key}.description`)}</p>
      {retryAfter ? (
        <p className="text-slate-600 dark:text-slate-300">{t("errors.tooManyRequests.retryIn", { count: retryAfter })}</p>
      ) : null}
      <Link to="/" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
        {t("errors.backHome")}
      </Link>
    </main>
  );
}

/** Every route's boundary: `export { ErrorBoundary } from "~/components/errors/ErrorPage";`. */
export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
