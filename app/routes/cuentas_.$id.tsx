import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";

import { mexicoDate } from "#core/domain/dates";
import { hasDepositData, revealRequested } from "#core/domain/deposit-data";
import { pageOf } from "#core/domain/movements";
import accounts from "#core/locales/es-MX/accounts.json";
import { displayCurrency } from "#core/money";
import { withoutParams, withParams } from "#core/url";
import { DepositDataCard } from "~/components/accounts/DepositDataCard";
import { MovementFilters } from "~/components/accounts/MovementFilters";
import { MovementsTable } from "~/components/accounts/MovementsTable";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/EmptyState";
import { LoadError } from "~/components/ui/LoadError";
import { Money } from "~/components/ui/Money";
import { useTranslation } from "~/i18n";
import {
  findAccount,
  json,
  loadMovements,
  longDate,
  movementDateText,
  readMovementFilters,
  requireAccess,
  revealDepositData,
} from "~/server-imports/cuentas_.$id";
import type { PageHandle } from "~/utils/page-title";

/**
 * One account's movements (§2 /cuentas/:id): filters in the URL (§3), every page of the bank
 * middleware's answer, the §8 "no movements" codes as an empty list, paging and the exports.
 * Another company's account, or one the special rule hides, is a 404. `?ver=clabe` reveals the
 * account's deposit data in full (decision 123); without it the full number never leaves the server.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context);
  const { view, bank } = await findAccount(access, params.id ?? "");
  const url = new URL(request.url);
  const filters = readMovementFilters(url);
  const account = {
    idAccount: view.idAccount,
    alias: view.alias,
    currency: view.currency,
    last4: view.last4,
    balance: view.balance,
    hasDeposit: hasDepositData(bank.currency),
  };
  const deposit = revealDepositData(access, bank, revealRequested(url.searchParams.get("ver"), "clabe"));
  const today = mexicoDate();
  if (!filters.ok) {
    return json({ account, deposit, today, lastResult: filters.reply, range: null, list: null, failed: false });
  }
  const started = performance.now();
  const outcome = await loadMovements(access, bank, filters.filters, filters.range);
  const upstreamMs = Math.round(performance.now() - started);
  const range = { from: longDate(filters.range.from), to: longDate(filters.range.to) };
  const list = outcome.ok ? pageOf(outcome.movements, filters.filters.pagina) : null;
  return json(
    {
      account,
      deposit,
      today,
      lastResult: filters.reply,
      range,
      list: list && {
        page: list.page,
        pages: list.pages,
        total: outcome.ok ? outcome.movements.length : 0,
        movements: list.items.map((movement) => ({ ...movement, dateText: movementDateText(movement.date) })),
      },
      failed: !outcome.ok,
    },
    { headers: { "Server-Timing": `upstream;dur=${upstreamMs}`, "Cache-Control": "private, no-store" } },
  );
}

/** The URL's filters (§3 movements), counted on the folded panel. */
const MOVEMENT_FILTERS = ["periodo", "desde", "hasta", "tipo", "montoDesde", "montoHasta"] as const;

export default function AccountMovements() {
  const { account, deposit, today, lastResult, range, list, failed } = useLoaderData<typeof loader>();
  const { t } = useTranslation("accounts");
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const exportHref = (format: "csv" | "xlsx") =>
    withParams(withoutParams(`${location.pathname}/exportar${location.search}`, ["pagina"]), { formato: format });
  const pageHref = (page: number) => withParams(here, { pagina: String(page) });

  return (
    <div className="flex flex-col gap-6">
      <Link
        to="/cuentas"
        className="self-start text-sm font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
      >
        ← {t("movements.back")}
      </Link>
      <section
        aria-labelledby="cuenta-titulo"
        className="flex flex-wrap items-end justify-between gap-4 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <div>
          <h2 id="cuenta-titulo" className="text-xl font-semibold">
            {t("movements.title", { alias: account.alias })}
          </h2>
          <p className="flex flex-wrap items-center gap-x-3 text-sm text-slate-600 dark:text-slate-300">
            <span className="whitespace-nowrap">
              {t("movements.account", { number: `•••• ${account.last4}`, currency: displayCurrency(account.currency) })}
            </span>
            {account.hasDeposit && !deposit ? (
              <Link
                to={`${withParams(here, { ver: "clabe" })}#datos-deposito`}
                preventScrollReset
                className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300"
              >
                {t("deposit.show")}
              </Link>
            ) : null}
          </p>
        </div>
        <p className="sm:text-right">
          <span className="block text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">{t("movements.balance")}</span>
          <Money amount={account.balance} currency={account.currency} className="text-2xl font-bold" />
        </p>
      </section>

      {deposit ? <DepositDataCard data={deposit} hideHref={withoutParams(here, ["ver"])} /> : null}

      <MovementFilters
        key={location.search}
        today={today}
        lastResult={lastResult}
        clearHref={location.pathname}
        activeCount={MOVEMENT_FILTERS.filter((name) => new URLSearchParams(location.search).get(name)?.trim()).length}
      />

      {failed ? (
        <LoadError message={t("movements.loadError")} retryLabel={t("movements.retry")} retryHref={here} />
      ) : list && range ? (
        <section aria-labelledby="movimientos-titulo" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <h3 id="movimientos-titulo" className="font-semibold">
                {t("movements.table")}
              </h3>
              <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
                {t("movements.summary", range)} · {t("movements.count", { count: list.total })}
              </p>
            </div>
            {list.total > 0 ? (
              // Plain links, no `download`: the file comes as an attachment, and a failure comes back
              // here with its toast instead of being saved as a file.
              <div role="group" aria-label={t("movements.export.title")} className="flex flex-wrap gap-2">
                <a href={exportHref("csv")} className={buttonClass("secondary")}>
                  {t("movements.export.csv")}
                </a>
                <a href={exportHref("xlsx")} className={buttonClass("secondary")}>
                  {t("movements.export.xlsx")}
                </a>
              </div>
            ) : null}
          </div>
          {list.total === 0 ? (
            <EmptyState
              icon="accounts"
              message={t("movements.empty")}
              hint={t("movements.emptyHint")}
              action={
                location.search
                  ? { label: t("movements.filters.clear"), href: location.pathname }
                  : { label: t("movements.emptyBack"), href: "/cuentas" }
              }
            />
          ) : (
            <>
              <MovementsTable movements={list.movements} caption={t("movements.title", { alias: account.alias })} />
              {list.pages > 1 ? (
                <nav aria-label={t("movements.paging.label")} className="flex items-center justify-between gap-3">
                  {list.page > 1 ? (
                    <Link to={pageHref(list.page - 1)} className={buttonClass("secondary")}>
                      {t("movements.paging.previous")}
                    </Link>
                  ) : (
                    <span />
                  )}
                  <span className="text-sm text-slate-600 dark:text-slate-300">
                    {t("movements.paging.page", { page: list.page, pages: list.pages })}
                  </span>
                  {list.page < list.pages ? (
                    <Link to={pageHref(list.page + 1)} className={buttonClass("secondary")}>
                      {t("movements.paging.next")}
                    </Link>
                  ) : (
                    <span />
                  )}
                </nav>
              ) : null}
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}

export const handle: PageHandle = { namespaces: { accounts }, titleKey: "accounts:movements.meta" };

export { ErrorBoundary } from "~/components/errors/error-boundary";
