import { Link } from "@remix-run/react";

import type { AccountView } from "#core/domain/accounts";
import { displayCurrency } from "#core/money";
import { FavoriteToggle } from "~/components/accounts/FavoriteToggle";
import { Money } from "~/components/ui/Money";
import { useTranslation } from "~/i18n";

export type AccountCardProps = {
  account: AccountView;
  movementsHref: string;
  editHref: string;
  /** Where the favourite toggle comes back to. */
  returnTo: string;
};

/**
 * One account of 'Mis cuentas': alias, currency (MXP as MXN), masked number, balance, actions. A
 * favourite is told once, by the star toggle (its name says the state), not again in the meta line.
 */
export function AccountCard({ account, movementsHref, editHref, returnTo }: AccountCardProps) {
  const { t } = useTranslation("accounts");
  return (
    <article
      aria-label={account.alias}
      className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 break-words font-semibold">{account.alias}</h3>
        <FavoriteToggle
          id={account.idAccount}
          favorite={account.favorite}
          returnTo={returnTo}
          label={account.favorite ? t("list.unmarkFavorite", { alias: account.alias }) : t("list.markFavorite", { alias: account.alias })}
        />
      </div>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:bg-brand-900 dark:text-brand-100">
          {displayCurrency(account.currency)}
        </span>
        <span className="whitespace-nowrap">{t("list.number", { number: `•••• ${account.last4}` })}</span>
      </p>
      <p className="mt-auto">
        <span className="block text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">{t("list.balance")}</span>
        <Money amount={account.balance} currency={account.currency} className="text-2xl font-bold" />
      </p>
      <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm font-semibold">
        <Link to={movementsHref} className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
          {t("list.movements")}
          <span className="sr-only"> {t("list.ofAccount", { alias: account.alias })}</span>
        </Link>
        <Link to={editHref} preventScrollReset className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
          {t("list.editAlias")}
          <span className="sr-only"> {t("list.ofAccount", { alias: account.alias })}</span>
        </Link>
      </div>
    </article>
  );
}
