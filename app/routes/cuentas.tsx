import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";

import { ACCOUNT_GROUPS, parseAccountGroup } from "#core/domain/account-list";
import accounts from "#core/locales/es-MX/accounts.json";
import { displayCurrency } from "#core/money";
import { safeRedirectPath, withoutParams, withParams } from "#core/url";
import { AccountCard } from "~/components/accounts/AccountCard";
import { AliasDrawer } from "~/components/accounts/AliasDrawer";
import { EmptyState } from "~/components/ui/EmptyState";
import { LoadError } from "~/components/ui/LoadError";
import { SearchForm } from "~/components/ui/SearchForm";
import { Tabs } from "~/components/ui/Tabs";
import { useTranslation } from "~/i18n";
import {
  formAnswer,
  json,
  loadAccountsPage,
  optional,
  readForm,
  renameAccount,
  requireAccess,
  toggleAccountFavorite,
} from "~/server-imports/cuentas";
import type { PageHandle } from "~/utils/page-title";

/**
 * 'Mis cuentas' (§2 /cuentas): the company's accounts in the three groupings of §3, a search
 * of at most 10 results (§9), the favourite star and the alias drawer (?editar=<id>).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context);
  const url = new URL(request.url);
  const group = parseAccountGroup(url.searchParams.get("grupo"));
  const query = (url.searchParams.get("q") ?? "").slice(0, 60);
  const page = await optional(loadAccountsPage(access, { group, query }), null, { log: context.log, event: "accounts_unavailable" });
  const editingId = url.searchParams.get("editar");
  const editing = editingId && page ? (page.accounts.find((account) => account.idAccount === editingId) ?? null) : null;
  return json({ company: access.company.businessName, group, query, page, editing }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireAccess(request, context);
  const formData = await readForm(request);
  const url = new URL(request.url);
  const back = withoutParams(`${url.pathname}${url.search}`, ["editar", "index"]);
  switch (formData.get("intent")) {
    case "favorito":
      return toggleAccountFavorite(request, access, formData, safeRedirectPath(formData.get("volver"), back));
    case "alias": {
      const outcome = await renameAccount(request, access, formData, back);
      return outcome.kind === "done" ? outcome.response : formAnswer({ result: outcome.result }, 400);
    }
    default:
      throw new Response("Solicitud inválida", { status: 400 });
  }
}

export default function Accounts() {
  const { company, group, query, page, editing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("accounts");
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const closeHref = withoutParams(here, ["editar"]);

  return (
    <div className="flex flex-col gap-6">
      <Tabs
        label={t("list.groups")}
        current={group}
        tabs={ACCOUNT_GROUPS.map((id) => ({
          id,
          label: t(`list.group.${id}`),
          shortLabel: t(`list.groupShort.${id}`),
          href: withoutParams(withParams(here, { grupo: id }), ["editar"]),
        }))}
      />
      <SearchForm
        id="buscar-cuenta"
        label={t("list.search")}
        placeholder={t("list.searchPlaceholder")}
        submitLabel={t("list.searchSubmit")}
        clearLabel={t("list.clear")}
        query={query}
        clearHref={withoutParams(here, ["q", "editar"])}
        hidden={{ grupo: group }}
      />

      {page === null ? (
        <LoadError message={t("list.loadError")} retryLabel={t("list.retry")} retryHref={here} />
      ) : (
        <section aria-labelledby="lista-cuentas" className="flex flex-col gap-4">
          {/* The cards' names are level-3 headings: the list's own heading keeps the outline whole. */}
          <h2 id="lista-cuentas" className="sr-only">
            {t("list.label", { company })}
          </h2>
          {query ? (
            <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
              {page.limited
                ? t("list.limited", { shown: page.accounts.length, total: page.total })
                : t("list.results", { count: page.total })}
            </p>
          ) : null}
          {page.accounts.length === 0 ? (
            // An empty group or search says what to do next (decision 055).
            <EmptyState
              icon="accounts"
              message={query ? t("list.noResults") : t(`list.empty.${group}`)}
              action={
                query
                  ? { label: t("list.emptyAction.search"), href: withoutParams(here, ["q", "editar", "grupo"]) }
                  : group === "favoritas"
                    ? { label: t("list.emptyAction.favoritas"), href: withoutParams(here, ["grupo", "editar"]) }
                    : group === "recientes"
                      ? { label: t("list.emptyAction.recientes"), href: "/" }
                      : undefined
              }
            />
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {page.accounts.map((account) => (
                <li key={account.idAccount}>
                  <AccountCard
                    account={account}
                    movementsHref={`/cuentas/${encodeURIComponent(account.idAccount)}`}
                    editHref={withParams(here, { editar: account.idAccount })}
                    returnTo={closeHref}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      {editing ? (
        <AliasDrawer
          key={editing.idAccount}
          open
          id={editing.idAccount}
          currentAlias={editing.alias}
          closeHref={closeHref}
          lastResult={actionData?.result ?? null}
          namespace="accounts"
          subject={
            <span className="whitespace-nowrap">
              {t("movements.account", { number: `•••• ${editing.last4}`, currency: displayCurrency(editing.currency) })}
            </span>
          }
        />
      ) : null}
    </div>
  );
}

export const handle: PageHandle = { namespaces: { accounts }, titleKey: "accounts:meta" };

export { ErrorBoundary } from "~/components/errors/error-boundary";
