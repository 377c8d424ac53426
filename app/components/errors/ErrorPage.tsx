import { isRouteErrorResponse, Link, useLocation } from "@remix-run/react";

import { errorTextKey } from "#core/error-texts";
import { folioForReading } from "#core/trace-labels";
import { BrandedPage } from "~/components/shell/BrandedPage";
import { buttonClass } from "~/components/ui/button";
import { FOLIO_ATTRIBUTE, useDocumentFolio } from "~/folio";
import { useTranslation } from "~/i18n";

/**
 * The one error screen every route boundary hands off to: a Spanish message per status, never a
 * stack trace. A 404 of another company's resource reads exactly like a missing one. Inside the
 * shell, whose <main> already holds the page, it is a section of it; on its own, the page's <main>.
 */
export function ErrorPage({ error, landmark = true }: { error: unknown; landmark?: boolean }) {
  const { t } = useTranslation("errors");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const reason =
    isRouteErrorResponse(error) && error.data && typeof error.data === "object" ? (error.data as { reason?: unknown }).reason : null;
  const retryAfter =
    status === 429 && isRouteErrorResponse(error) && typeof (error.data as { retryAfter?: unknown } | null)?.retryAfter === "number"
      ? (error.data as { retryAfter: number }).retryAfter
      : null;
  const key = errorTextKey(status, reason);
  const folio = useSupportFolio(error);
  const Heading = landmark ? "h1" : "h2";
  const content = (
    <>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-600 dark:text-brand-100">{t("status", { status })}</p>
      <Heading id="error-titulo" className="text-2xl font-bold">
        {t(`${key}.title`)}
      </Heading>
      <p className="text-slate-600 dark:text-slate-300">{t(`${key}.description`)}</p>
      {retryAfter ? <p className="text-slate-600 dark:text-slate-300">{t("tooManyRequests.retryIn", { count: retryAfter })}</p> : null}
      {folio ? (
        <div
          className="rounded-md border border-slate-200 bg-white px-4 py-3 text-sm dark:border-slate-700 dark:bg-slate-900"
          {...{ [FOLIO_ATTRIBUTE]: folio }}
        >
          <p className="font-semibold text-slate-900 dark:text-slate-100">
            {t("folio")}: <span className="select-all whitespace-nowrap font-mono">{folioForReading(folio)}</span>
          </p>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t("folioHint")}</p>
        </div>
      ) : null}
      <Link to="/" className={buttonClass("primary")}>
        {t("backHome")}
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

/**
 * The folio support can find this failure by (docs/decisions/106): a failing data request's own
 * (the server adds it to the answer, app/entry.server.tsx), or, on the page the server rendered
 * itself, the document request's. After a client navigation the document's folio names another
 * request, so an answer without one shows none.
 */
function useSupportFolio(error: unknown): string | null {
  const documentFolio = useDocumentFolio();
  const onServerRenderedPage = useLocation().key === documentFolio.locationKey;
  const data = isRouteErrorResponse(error) && error.data && typeof error.data === "object" ? (error.data as { folio?: unknown }) : null;
  if (typeof data?.folio === "string") return data.folio;
  return onServerRenderedPage ? documentFolio.folio : null;
}
