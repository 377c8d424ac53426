import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { accountNumberKind } from "#core/domain/account-number";
import type { RecipientView } from "#core/domain/recipients";
import { sendState } from "#core/domain/recipients";
import { sendMoneyHref } from "#core/domain/send-money";
import { GroupedNumber } from "~/components/accounts/GroupedNumber";
import { ProOnlySendNote } from "~/components/recipients/RecipientsTable";
import { RecipientStatusBadge } from "~/components/recipients/RecipientStatusBadge";
import { buttonClass } from "~/components/ui/button";
import { CopyButton } from "~/components/ui/CopyButton";
import { Drawer } from "~/components/ui/Drawer";
import { useTranslation } from "~/i18n";

export type RecipientDrawerProps = {
  recipient: RecipientView;
  /** The full account, when the member asked for it (`?ver=cuenta`, decision 123); null keeps §9's mask. */
  fullAccount?: string | null;
  revealHref?: string;
  hideHref?: string;
  closeHref: string;
  editHref: string;
  /** False for someone who may not send to third parties (§6). */
  sendAllowed: boolean;
  /** False for a Basic member (decision 066). */
  internationalAllowed: boolean;
};

/**
 * A recipient's detail (`?detalle=<key>`), from the row menu: who, the masked account (in full on
 * request, selectable and with 'Copiar' once JavaScript runs), bank and currency, and the same single status as its row (`rowStatus`), with 'Enviar dinero' when money
 * can go to it now.
 */
export function RecipientDrawer({
  recipient,
  fullAccount = null,
  revealHref,
  hideHref,
  closeHref,
  editHref,
  sendAllowed,
  internationalAllowed,
}: RecipientDrawerProps) {
  const { t } = useTranslation("recipients");
  const send = sendState(recipient, { sendAllowed, internationalAllowed });
  const label = recipient.alias || recipient.name;
  const linkClass = "inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300";
  // The revealed number is named by what it is (a national 18-digit one is a CLABE), read in groups, copied raw.
  const fullLabel = fullAccount ? t(`detail.number.${accountNumberKind(fullAccount, recipient.national)}`) : "";
  const account = fullAccount ? (
    <span className="flex flex-wrap items-center gap-x-2">
      <GroupedNumber value={fullAccount} className="text-base" />
      <CopyButton value={fullAccount} label={fullLabel} />
      {hideHref ? (
        <Link to={hideHref} preventScrollReset className={linkClass}>
          {t("detail.hideAccount")}
        </Link>
      ) : null}
    </span>
  ) : (
    <span className="flex flex-wrap items-center gap-x-3">
      <span>{`•••• ${recipient.last4}`}</span>
      {revealHref ? (
        <Link to={revealHref} preventScrollReset className={linkClass}>
          {t("detail.showAccount")}
        </Link>
      ) : null}
    </span>
  );
  const rows: Array<[string, ReactNode]> = [
    [t("detail.alias"), recipient.alias || "—"],
    [fullAccount ? fullLabel : t("list.columns.account"), account],
    [t("list.columns.bank"), recipient.bankName || "—"],
    [t("list.columns.currency"), recipient.currency],
    [
      t("detail.type"),
      `${recipient.typePerson === "FISICA" ? t("list.physical") : t("list.moral")} · ${
        recipient.national ? t("list.national") : t("list.international")
      }`,
    ],
    ...(recipient.source === "BO" ? [[t("detail.loaded"), t("detail.loadedInBulk")] as [string, ReactNode]] : []),
  ];
  return (
    <Drawer
      open
      title={recipient.name}
      subtitle={<RecipientStatusBadge status={recipient.status} />}
      closeHref={closeHref}
      footer={
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:flex-wrap sm:justify-end">
          <Link to={editHref} preventScrollReset className={buttonClass("secondary", "w-full sm:w-auto")}>
            {t("list.editAlias", { name: label })}
          </Link>
          {send === "send" ? (
            <Link to={sendMoneyHref(recipient.ref)} className={buttonClass("primary", "w-full sm:w-auto")}>
              {t("list.send")}
            </Link>
          ) : send === "proOnly" ? (
            <ProOnlySendNote />
          ) : null}
        </div>
      }
    >
      {/* Baseline: a label sits level with its value's text, also where a 44 px link makes the row taller. */}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-6 gap-y-3 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-slate-600 dark:text-slate-300">{term}</dt>
            <dd className="font-medium [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      {sendAllowed && !recipient.canSend ? (
        <p className="mt-6 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          {t(`list.sendLater.${recipient.status}`)}
        </p>
      ) : null}
    </Drawer>
  );
}
