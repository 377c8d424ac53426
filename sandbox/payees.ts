// Who a transfer pays: one of the bank's recipients (B3) or one the product's back office holds
// (BO), as §3's `receiverTypeData` tells them apart. The two are numbered by different systems, so
// an id means nothing without its source.

import { fullNameOf } from "./recipient-registration";
import type { Currency, OperationRecord, RecipientRecord, SandboxState } from "./types";

export type RecipientSource = "B3" | "BO";

export interface Payee {
  idRecipient: number;
  source: RecipientSource;
  fullName: string;
  alias: string;
  account: string;
  idCurrency: Currency;
  bankName: string;
  /** A foreign beneficiary is paid by international transfer (ledger.ts); the back office's have a CLABE. */
  typeOriginPerson: RecipientRecord["typeOriginPerson"];
}

/** Where payees are found: the bank's recipients and the back office's. */
export type PayeeBooks = Pick<SandboxState, "recipients"> & {
  recipientRegistration: Pick<SandboxState["recipientRegistration"], "backoffice">;
};

/**
 * The company's recipient a new operation may pay (§4: a bank recipient with status 2, or a
 * back-office recipient that was not deleted, which §4 treats as authorized), or why not.
 */
export function payableRecipient(
  state: SandboxState,
  clientId: string,
  ref: { idRecipient: number; source: RecipientSource },
): { payee: Payee } | { refusal: "notFound" | "notAuthorized" } {
  if (ref.source === "BO") {
    const record = state.recipientRegistration.backoffice.find(
      (candidate) => candidate.id === ref.idRecipient && candidate.clientId === clientId && candidate.status !== "deleted",
    );
    return record ? { payee: backofficePayee(record) } : { refusal: "notFound" };
  }
  const recipient = state.recipients.find((candidate) => candidate.idRecipient === ref.idRecipient && candidate.clientId === clientId);
  if (!recipient) return { refusal: "notFound" };
  if (recipient.status.id !== 2) return { refusal: "notAuthorized" };
  return { payee: bankPayee(recipient) };
}

/**
 * Who an operation paid, for its detail, receipt, search and challenge page. A back-office
 * recipient deleted since is still named: the bank keeps who an operation went to.
 */
export function payeeOf(
  state: PayeeBooks,
  operation: Pick<OperationRecord, "clientId" | "recipientId" | "recipientSource">,
): Payee | undefined {
  if (operation.recipientId === null) return undefined;
  if (operation.recipientSource === "BO") {
    const record = state.recipientRegistration.backoffice.find(
      (candidate) => candidate.id === operation.recipientId && candidate.clientId === operation.clientId,
    );
    return record && backofficePayee(record);
  }
  const recipient = state.recipients.find(
    (candidate) => candidate.idRecipient === operation.recipientId && candidate.clientId === operation.clientId,
  );
  return recipient && bankPayee(recipient);
}

function bankPayee(recipient: RecipientRecord): Payee {
  const { idRecipient, fullName, alias, account, idCurrency, bankName, typeOriginPerson } = recipient;
  return { idRecipient, source: "B3", fullName, alias, account, idCurrency, bankName, typeOriginPerson };
}

function backofficePayee(record: SandboxState["recipientRegistration"]["backoffice"][number]): Payee {
  return {
    idRecipient: record.id,
    source: "BO",
    fullName: fullNameOf(record),
    alias: record.alias,
    account: record.accountClabe,
    idCurrency: record.currency as Currency,
    bankName: record.bank,
    typeOriginPerson: "NACIONAL",
  };
}
