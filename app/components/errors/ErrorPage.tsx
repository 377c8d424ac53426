import { isRouteErrorResponse, Link, useLocation, useRouteLoaderData } from "@remix-run/react";

import type { NotFoundSubject } from "#core/error-texts";
import { errorTextKey, notFoundSubject } from "#core/error-texts";
import { folioForReading } from "#core/trace-labels";
import { withParams } from "#core/url";
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
  const subject = notFoundSubject(status, isRouteErrorResponse(error) ? error.data : null);
  const named = useNamedTexts(subject);
  const Heading = landmark ? "h1" : "h2";
  const content = (
    <>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-600 dark:text-brand-100">{t("status", { status })}</p>
      <Heading id="error-titulo" className="text-2xl font-bold">
        {named?.title ?? t(`${key}.title`)}
      </Heading>
      {(named?.description ?? [t(`${key}.description`)]).map((line) => (
        <p key={line} className="text-slate-600 dark:text-slate-300">
          {line}
        </p>
      ))}
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
      {named ? (
        <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
          <Link to={named.action.href} className={buttonClass("primary")}>
            {named.action.label}
          </Link>
          {named.secondary ? (
            <Link to={named.secondary.href} preventScrollReset className={buttonClass("secondary")}>
              {named.secondary.label}
            </Link>
          ) : null}
        </div>
      ) : (
        <Link to="/" className={buttonClass("primary")}>
          {t("backHome")}
        </Link>
      )}
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

type NamedTexts = {
  title: string;
  description: string[];
  action: { label: string; href: string };
  secondary: { label: string; href: string } | null;
};

/**
 * A 404 that says what it did not find (an operation, an account of the company) names it, and
 * leads to its list: the history, or the accounts with 'Cambiar empresa' for a person with more
 * than one company, as the top bar offers it. The company comes from the shell, when there is one.
 */
function useNamedTexts(subject: NotFoundSubject | null): NamedTexts | null {
  const { t } = useTranslation("errors");
  const { pathname, search } = useLocation();
  const shell = (useRouteLoaderData("root") as { shell?: RootShell | null } | undefined)?.shell ?? null;
  if (!subject) return null;
  const company = shell?.company?.businessName?.trim() || null;
  if (subject.kind === "operation") {
    return {
      title: subject.id ? t("notFound.operation.title", { id: subject.id }) : t("notFound.operation.titleNoNumber"),
      description: [company ? t("notFound.operation.description", { company }) : t("notFound.operation.descriptionNoCompany")],
      action: { label: t("notFound.operation.action"), href: "/historial-operaciones" },
      secondary: { label: t("backHome"), href: "/" },
    };
  }
  const several = (shell?.companies?.length ?? 0) > 1;
  return {
    title: company ? t("notFound.account.title", { company }) : t("notFound.account.titleNoCompany"),
    description: [t("notFound.account.description"), ...(several ? [t("notFound.account.otherCompany")] : [])],
    action: { label: t("notFound.account.action"), href: "/cuentas" },
    secondary: several
      ? {
          label: t("notFound.account.changeCompany"),
          href: withParams(`${pathname}${search}`, { drawer: "configuracion", tab: "empresas" }),
        }
      : null,
  };
}

/** What the error page reads of the root loader's shell. */
type RootShell = { company?: { businessName?: string }; companies?: readonly unknown[] };
