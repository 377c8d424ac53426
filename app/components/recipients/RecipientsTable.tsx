import { Link } from "@remix-run/react";

import type { RecipientView } from "#core/domain/recipients";
import { FavoriteToggle } from "~/components/accounts/FavoriteToggle";
import { RecipientStatusBadge } from "~/components/recipients/RecipientStatusBadge";
import { useTranslation } from "~/i18n";

export type RecipientsTableProps = {
  recipients: RecipientView[];
  caption: string;
  editHref: (key: string) => string;
  /** Null when the person may not delete recipients (decision 028): no delete link at all. */
  deleteHref: ((key: string) => string) | null;
  returnTo: string;
};

/** The recipients of §2 /destinatarios: who, which account (masked), bank, status, actions. */
export function RecipientsTable({ recipients, caption, editHref, deleteHref, returnTo }: RecipientsTableProps) {
  const { t } = useTranslation("recipients");
  const cell = "px-3 py-3 text-left align-top";
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full min-w-[52rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className={cell}>
              {t("list.columns.name")}
            </th>
            <th scope="col" className={cell}>
              {t("list.columns.account")}
            </th>
            <th scope="col" className={cell}>
              {t("list.columns.bank")}
            </th>
            <th scope="col" className={cell}>
              {t("list.columns.currency")}
            </th>
            <th scope="col" className={cell}>
              {t("list.columns.status")}
            </th>
            <th scope="col" className={cell}>
              {t("list.columns.actions")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {recipients.map((recipient) => {
            const label = recipient.alias || recipient.name;
            return (
              <tr key={recipient.key}>
                <th scope="row" className={`${cell} font-normal`}>
                  <span className="block font-semibold">{recipient.name}</span>
                  {recipient.alias ? <span className="block text-slate-600 dark:text-slate-300">{recipient.alias}</span> : null}
                  <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
                    {recipient.national ? t("list.national") : t("list.international")} ·{" "}
                    {recipient.typePerson === "FISICA" ? t("list.physical") : t("list.moral")}
                  </span>
                </th>
                <td className={`${cell} whitespace-nowrap tabular-nums`}>•••• {recipient.last4}</td>
                <td className={cell}>{recipient.bankName}</td>
                <td className={cell}>{recipient.currency}</td>
                <td className={cell}>
                  <RecipientStatusBadge status={recipient.status} />
                </td>
                <td className={cell}>
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    {recipient.canFavorite ? (
                      <FavoriteToggle
                        id={recipient.key}
                        favorite={recipient.favorite}
                        returnTo={returnTo}
                        label={recipient.favorite ? t("list.unmarkFavorite", { name: label }) : t("list.markFavorite", { name: label })}
                      />
                    ) : null}
                    <Link
                      to={editHref(recipient.key)}
                      preventScrollReset
                      className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
                    >
                      {t("list.editAlias", { name: label })}
                    </Link>
                    {deleteHref ? (
                      <Link
                        to={deleteHref(recipient.key)}
                        preventScrollReset
                        className="font-semibold text-failed underline-offset-2 hover:underline dark:text-red-400"
                      >
                        {t("list.delete", { name: label })}
                      </Link>
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
