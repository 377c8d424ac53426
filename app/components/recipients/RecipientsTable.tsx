import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import type { RecipientView } from "#core/domain/recipients";
import { sendState } from "#core/domain/recipients";
import { sendMoneyHref } from "#core/domain/send-money";
import { RecipientStatusBadge } from "~/components/recipients/RecipientStatusBadge";
import { RowMenu, rowMenuItemClass } from "~/components/recipients/RowMenu";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n";

export type RecipientsTableProps = {
  recipients: RecipientView[];
  caption: string;
  detailHref: (key: string) => string;
  editHref: (key: string) => string;
  /** Null when the person may not delete recipients (decision 028): no delete link at all. */
  deleteHref: ((key: string) => string) | null;
  /** False for a collaborator without third-party sending (§6): no 'Enviar dinero' at all. */
  sendAllowed: boolean;
  /** False for a Basic member (decision 066): international rows say why instead. */
  internationalAllowed: boolean;
  returnTo: string;
};

/**
 * The recipients of §2 /destinatarios: who, which account (masked), bank, status, and one primary
 * action per row, 'Enviar dinero' (decision 053); detail, favourite, alias and deletion sit in the row's
 * menu. Below 768 px each row is a list row: who and the status first, then account and bank.
 */
export function RecipientsTable({
  recipients,
  caption,
  detailHref,
  editHref,
  deleteHref,
  sendAllowed,
  internationalAllowed,
  returnTo,
}: RecipientsTableProps) {
  const { t } = useTranslation("recipients");
  const cell = "md:px-3 md:py-3 text-left align-top";
  return (
    <div className="rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full text-sm max-md:block">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600 max-md:sr-only dark:bg-slate-800 dark:text-slate-300">
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
              <span className="sr-only">{t("list.columns.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-md:block dark:divide-slate-800">
          {recipients.map((recipient) => {
            const label = recipient.alias || recipient.name;
            return (
              <tr
                key={recipient.key}
                className="max-md:grid max-md:grid-cols-[minmax(0,1fr)_auto] max-md:gap-x-3 max-md:gap-y-2 max-md:p-4"
              >
                <th scope="row" className={`${cell} min-w-0 font-normal`}>
                  <span className="flex items-center gap-1.5 font-semibold [overflow-wrap:anywhere]">
                    {recipient.favorite ? (
                      <span role="img" aria-label={t("list.favorite")} className="text-pending">
                        ★
                      </span>
                    ) : null}
                    {recipient.name}
                  </span>
                  {recipient.alias ? (
                    <span className="block text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">{recipient.alias}</span>
                  ) : null}
                  <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
                    {recipient.national ? t("list.national") : t("list.international")} ·{" "}
                    {recipient.typePerson === "FISICA" ? t("list.physical") : t("list.moral")}
                    {recipient.source === "BO" ? ` · ${t("list.loadedInBulk")}` : null}
                  </span>
                  {/* The phone's list row: account, bank and currency on one line under the name. */}
                  <span className="mt-1 block text-xs text-slate-600 md:hidden dark:text-slate-300">
                    <span className="tabular-nums">•••• {recipient.last4}</span> · {recipient.bankName} · {recipient.currency}
                  </span>
                </th>
                <td className={`${cell} whitespace-nowrap tabular-nums max-md:hidden`}>•••• {recipient.last4}</td>
                <td className={`${cell} max-md:hidden`}>{recipient.bankName}</td>
                <td className={`${cell} max-md:hidden`}>{recipient.currency}</td>
                <td className={`${cell} max-md:col-start-2 max-md:row-start-1 max-md:text-right`}>
                  <RecipientStatusBadge status={recipient.status} />
                </td>
                <td className={`${cell} max-md:col-span-2`}>
                  <div className="flex items-center justify-end gap-2 max-md:justify-between">
                    <SendAction recipient={recipient} label={label} state={sendState(recipient, { sendAllowed, internationalAllowed })} />
                    <RowMenu label={t("list.more", { name: label })}>
                      <ul className="flex flex-col">
                        <li>
                          <Link to={detailHref(recipient.key)} preventScrollReset className={rowMenuItemClass}>
                            {t("detail.open", { name: label })}
                          </Link>
                        </li>
                        {recipient.canFavorite ? (
                          <li>
                            <Form method="post" preventScrollReset>
                              <AuthenticityTokenInput />
                              <input type="hidden" name="id" value={recipient.key} />
                              <input type="hidden" name="favorite" value={recipient.favorite ? "false" : "true"} />
                              <input type="hidden" name="volver" value={returnTo} />
                              <button type="submit" name="intent" value="favorito" className={rowMenuItemClass}>
                                {recipient.favorite ? t("list.unmarkFavorite", { name: label }) : t("list.markFavorite", { name: label })}
                              </button>
                            </Form>
                          </li>
                        ) : null}
                        <li>
                          <Link to={editHref(recipient.key)} preventScrollReset className={rowMenuItemClass}>
                            {t("list.editAlias", { name: label })}
                          </Link>
                        </li>
                        {deleteHref ? (
                          <li>
                            <Link
                              to={deleteHref(recipient.key)}
                              preventScrollReset
                              className={`${rowMenuItemClass} !text-failed dark:!text-red-400`}
                            >
                              {t("list.delete", { name: label })}
                            </Link>
                          </li>
                        ) : null}
                      </ul>
                    </RowMenu>
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

function SendAction({ recipient, label, state }: { recipient: RecipientView; label: string; state: ReturnType<typeof sendState> }) {
  const { t } = useTranslation("recipients");
  switch (state) {
    case "none":
      return null;
    case "send":
      return (
        <Link
          to={sendMoneyHref(recipient.ref)}
          aria-label={t("list.sendTo", { name: label })}
          className={buttonClass("secondary", "!min-h-10 whitespace-nowrap !px-4")}
        >
          {t("list.send")}
        </Link>
      );
    case "proOnly":
      return <ProOnlySendNote />;
    case "later":
      return <span className="text-xs text-slate-600 dark:text-slate-300">{t(`list.sendLater.${recipient.status}`)}</span>;
  }
}

/** Decision 066: why a Basic member cannot send to an international recipient, and where to change it. */
export function ProOnlySendNote() {
  const { t } = useTranslation("recipients");
  return (
    <span className="text-xs text-slate-600 dark:text-slate-300">
      {t("list.sendProOnly")}{" "}
      <Link to="/membresias" className="font-semibold text-brand-700 underline dark:text-brand-100">
        {t("list.sendProOnlyLink")}
      </Link>
    </span>
  );
}
