import { isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from "@remix-run/react";

import { errorTextKey } from "#core/error-texts";
import { BrandedPage } from "~/components/shell/BrandedPage";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n";

/**
 * The one error screen every route boundary hands off to: a Spanish message per status, never a
 * stack trace. A 404 of another company's resource reads exactly like a missing one. Inside the
 * shell, whose <main> already holds the page, it is a section of it; on its own, the page's <main>.
 */
export function ErrorPage({ error, landmark = true }: { error: unknown; landmark?: boolean }) {
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const reason =
    isRouteErrorResponse(error) && error.data && typeof error.data === "object" ? (error.data as { reason?: unknown }).reason : null;
  const retryAfter =
    status === 429 && isRouteErrorResponse(error) && typeof (error.data as { retryAfter?: unknown } | null)?.retryAfter === "number"
      ? (error.data as { retryAfter: number }).retryAfter
      : null;
  const key = errorTextKey(status, reason);
  const Heading = landmark ? "h1" : "h2";
  const content = (
    <>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-600 dark:text-brand-100">{t("errors.status", { status })}</p>
      <Heading id="error-titulo" className="text-2xl font-bold">
        {t(`errors.${key}.title`)}
      </Heading>
      <p className="text-slate-600 dark:text-slate-300">{t(`errors.${key}.description`)}</p>
      {retryAfter ? (
        <p className="text-slate-600 dark:text-slate-300">{t("errors.tooManyRequests.retryIn", { count: retryAfter })}</p>
      ) : null}
      <Link to="/" className={buttonClass("primary")}>
        {t("errors.backHome")}
      </Link>
    </>
  );
  // On its own, the page carries the brand like every screen outside the shell; inside it, a section of its <main>.
  if (landmark) return <BrandedPage labelledBy="error-titulo">{content}</BrandedPage>;
  return (
    <section
      aria-labelledby="error-titulo"
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center"
    >
      {content}
    </section>
  );
}

/** Every route's boundary: `export { ErrorBoundary } from "~/components/errors/ErrorPage";`. */
export function ErrorBoundary() {
  const inShell = Boolean((useRouteLoaderData("root") as { shell?: unknown } | undefined)?.shell);
  return <ErrorPage error={useRouteError()} landmark={!inShell} />;
}
