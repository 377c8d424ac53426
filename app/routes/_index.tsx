import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PageHandle } from "~/utils/page-title";
import { ErrorPage } from "~/components/errors/ErrorPage";
import { displayCurrency, formatMoney } from "~/utils/money";
import { accountViews } from "#server/domain/accounts";
import { requireAccess } from "#server/session/auth.server";
import { isSpecialRuleCompany } from "#server/session/shell.server";

/**
 * Dashboard 'Operar' (§2). Its upstream calls run in parallel: the page costs its slowest call.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, company } = await requireAccess(request, context);
  const started = performance.now();
  const [bank, member] = await Promise.allSettled([api.partner.getAccounts(), api.product.memberAccounts()]);
  const upstreamMs = Math.round(performance.now() - started);
  if (bank.status === "rejected" && bank.reason instanceof Response) throw bank.reason;
  if (member.status === "rejected") context.log.warn({ err: String(member.reason) }, "member accounts unavailable; bank aliases shown");

  const accounts =
    bank.status === "fulfilled"
      ? accountViews(bank.value, member.status === "fulfilled" ? member.value : [], {
          specialRule: isSpecialRuleCompany(company.clientId),
        })
      : null;
  return json(
    { companyName: company.businessName, accounts },
    { headers: { "Server-Timing": `upstream;dur=${upstreamMs}`, "Cache-Control": "private, no-store" } },
  );
}

export default function Dashboard() {
  const { companyName, accounts } = useLoaderData<typeof loader>();
  const { t } = useTranslation("dashboard");
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="mis-cuentas" className="flex flex-col gap-4">
        <h2 id="mis-cuentas" className="text-xl font-semibold">
          {t("accounts.title")}
        </h2>
        {accounts === null ? (
          <div role="alert" className="rounded-lg border border-failed/40 bg-white p-4 dark:bg-slate-900">
            <p>{t("accounts.loadError")}</p>
            <Link to="." reloadDocument className="mt-2 inline-block font-semibold text-brand-600 underline">
              {t("accounts.retry")}
            </Link>
          </div>
        ) : accounts.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-300">{t("accounts.empty")}</p>
        ) : (
          <ul aria-label={t("accounts.list", { company: companyName })} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {accounts.map((account) => (
              <li key={account.idAccount}>
                <article
                  aria-label={account.alias}
                  className="flex h-full flex-col gap-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
                >
                  <div className="flex items-center justify-between gap-2">
                    <h3 className="font-semibold">{account.alias}</h3>
                    <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:bg-brand-900 dark:text-brand-100">
                      {displayCurrency(account.currency)}
                    </span>
                  </div>
                  <p className="text-sm text-slate-500 dark:text-slate-400">
                    {t("accounts.accountNumber", { number: `•••• ${account.last4}` })}
                    {account.favorite ? <span className="ml-2 text-pending">★ {t("accounts.favorite")}</span> : null}
                  </p>
                  <p className="mt-auto">
                    <span className="block text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">{t("accounts.balance")}</span>
                    <span className="text-2xl font-bold tabular-nums">{formatMoney(account.balance, account.currency)}</span>
                  </p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export const handle: PageHandle = { titleKey: "shell.title.dashboard" };

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
