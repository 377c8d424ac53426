import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import type { RecipientView } from "#core/domain/recipients";
import { sendState } from "#core/domain/recipients";
import { sendMoneyHref } from "#core/domain/send-money";
import { RecipientStatusBadge } from "~/components/recipients/RecipientStatusBadge";
import { RowMenu, rowMenuItemClass } from "~/components/recipients/RowMenu";
import { buttonClass } from "~/components/ui/button";
import { PhoneOnly, ResponsiveTable, type ResponsiveTableColumn } from "~/components/ui/ResponsiveList";
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
export function RecipientsTable(props: RecipientsTableProps) {
  const columns = useColumns(props);
  return (
    <ResponsiveTable
      rows={props.recipients}
      rowKey={(recipient) => recipient.key}
      columns={columns}
      caption={props.caption}
      phoneRows="divided"
    />
  );
}

function useColumns({
  detailHref,
  editHref,
  deleteHref,
  sendAllowed,
  internationalAllowed,
  returnTo,
}: RecipientsTableProps): ResponsiveTableColumn<RecipientView>[] {
  const { t } = useTranslation("recipients");
  return [
    {
      key: "name",
      header: t("list.columns.name"),
      rowHeader: true,
      cellClassName: "min-w-0",
      phone: { order: 1 },
      cell: (recipient) => (
        <>
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
          <PhoneOnly className="mt-1 block text-xs text-slate-600 dark:text-slate-300">
            <span className="tabular-nums">•••• {recipient.last4}</span> · {recipient.bankName} · {recipient.currency}
          </PhoneOnly>
        </>
      ),
    },
    {
      key: "account",
      header: t("list.columns.account"),
      numeric: true,
      cellClassName: "whitespace-nowrap",
      phone: "hidden",
      cell: (recipient) => `•••• ${recipient.last4}`,
    },
    { key: "bank", header: t("list.columns.bank"), phone: "hidden", cell: (recipient) => recipient.bankName },
    { key: "currency", header: t("list.columns.currency"), phone: "hidden", cell: (recipient) => recipient.currency },
    {
      key: "status",
      header: t("list.columns.status"),
      phone: { order: 2, end: true },
      cell: (recipient) => <RecipientStatusBadge status={recipient.status} />,
    },
    {
      key: "actions",
      header: t("list.columns.actions"),
      headerHidden: true,
      phone: { order: 3, wide: true },
      cell: (recipient) => {
        const label = recipient.alias || recipient.name;
        return (
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
        );
      },
    },
  ];
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
      <Link to="/membresias" className="font-semibold text-brand-700 underline dark:text-brand-300">
        {t("list.sendProOnlyLink")}
      </Link>
    </span>
  );
}
