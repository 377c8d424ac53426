import type { AccountView } from "#core/domain/accounts";
import { formatRowDateTime } from "#core/domain/dates";
import type { DocumentSubject } from "#core/domain/operation-documents";
import { documentsAwaitBank, receiptAvailable, receiptFileName, receiptFolio, showsInvoiceButton } from "#core/domain/operation-documents";
import { factsOf, phaseOf, shownStatus } from "#core/domain/operation-lifecycle";
import { isPolled } from "#core/domain/operation-polling";
import type { BinnacleLike, FailureNotice, OperationKind, OperationStatus, Outcome, Tracker } from "#core/domain/operation-status";
import { awaitsAdminApproval, failureNotice, showsSettlementBanner, trackerFor, voidedByAdmin } from "#core/domain/operation-status";
import type { PaymentProof } from "#core/domain/payment-proof";
import { paymentProof } from "#core/domain/payment-proof";
import { reasonAndConcept } from "#core/domain/payment-reason";
import { formatArrivalDate, parseSettlementDate } from "#core/domain/settlement";
import type { ShareOption, ShareRules } from "#core/domain/share-form";
import { selectableOptions, shareRules } from "#core/domain/share-form";
import { displayCurrency, formatMoney, formatRate, formatRateBetween, maskAccount } from "#core/money";

import type { HistoryOperation } from "../upstream/operations.server";

/**
 * What the history screens, the receipt and the e-mail show of an operation, built from the
 * upstream's answers by the rules of core/domain. Pure and JSON-serialisable: loaders hand it
 * to components as is. Money is formatted here (§9: 2 decimals, rates 6), so every surface
 * prints the same figures.
 */
export const RECEIPT_FILE_PREFIX = "comprobante";

export interface HistoryRow {
  id: string;
  kind: OperationKind;
  createdAtText: string;
  pair: string | null;
  /** A transfer's recipient, as the upstream names it; null for buys and sells. */
  counterparty: string | null;
  amount: string;
  /**
   * What the operation came to where it is another figure than the amount: a buy's or a sell's
   * counter-value. Null when it repeats the amount (a transfer without fees), so the list does not
   * say every figure twice and the one total that matters stands out.
   */
  total: string | null;
  statusLabelKey: string;
  outcome: Outcome;
  polled: boolean;
  /** Registered and waiting for its signer's token (decision 093): 'Por autorizar', not 'En proceso'. */
  awaitingToken: boolean;
  /** Waiting for a person, not the bank ('Por aprobar', 'Por autorizar'): its badge is outlined. */
  awaitingPerson: boolean;
}

export interface AccountSide {
  /** The account's alias or the recipient's name; null when unknown. */
  name: string | null;
  /** "•••• 1234" (§9): never the full number. */
  masked: string | null;
  bank: string | null;
  currency: string | null;
}

export interface AmountCard {
  amount: string;
  /** 'Tipo de cambio {product}' (buy/sell), 6 decimals. */
  rate: string | null;
  /** The same rate with its direction, for the screens: '1 USD = 17.237474 MXN'. */
  rateBetween: string | null;
  /** 'Proveedor de liquidez' (buy/sell): whose price the bank booked it at, as the bank says (decision 094). */
  provider: string | null;
  /** 'Comisión por operación' (transfers): always 0 (§9). */
  fee: string | null;
  total: string;
}

export interface OperationDetail {
  id: string;
  kind: OperationKind;
  status: OperationStatus;
  statusLabelKey: string;
  outcome: Outcome;
  reference: string | null;
  operator: string | null;
  companyName: string;
  createdAt: string;
  createdAtText: string;
  pair: string | null;
  origin: AccountSide;
  destination: AccountSide;
  amount: AmountCard;
  paymentReason: string | null;
  concept: string | null;
  /** 'Fecha' of the reason card: only for returned operations. */
  returnedAtText: string | null;
  tracker: Tracker;
  validatingNotice: boolean;
  approval: boolean;
  /** The administrator who approved it while it waits for their key: nobody voids it then (decision 092). */
  approvedBy: { memberId: string; name: string } | null;
  /** Registered and waiting for its signer's token (decision 093). */
  awaitingToken: boolean;
  /** Waiting for a person, not the bank ('Por aprobar', 'Por autorizar'): its badge is outlined. */
  awaitingPerson: boolean;
  voidedByAdmin: boolean;
  failure: FailureNotice | null;
  /** The settlement banner's date ('dddd D, MMMM'), when §4 shows the banner. */
  settlementText: string | null;
  /** The estimated arrival date (YYYY-MM-DD) the share form and its e-mail use. */
  estimatedDate: string | null;
  estimatedDateText: string | null;
  invoiceButton: boolean;
  receipt: boolean;
  /** Neither document exists until the bank takes the operation: the footer says so in one line. */
  documentsAwaitBank: boolean;
  receiptFileName: string;
  share: { rules: ShareRules; selectable: ShareOption[] };
  polled: boolean;
  folio: string;
  /** A SPEI's clave de rastreo and the CEP's data, or a SPID / international transfer's reference (decision 108). */
  proof: PaymentProof;
}

/** Buy/sell amounts: 'Monto' in the pair's base currency, 'Total' in its quote currency. */
function legs(operation: HistoryOperation): { base: string; quote: string } {
  const [base, quote] = (operation.pair ?? "").split("/");
  const origin = operation.accountOrigin?.idDivisa ?? "";
  return { base: base || origin, quote: quote || origin };
}

function amounts(operation: HistoryOperation): AmountCard {
  const origin = operation.accountOrigin?.idDivisa ?? "";
  if (operation.operation === "transfer") {
    const amount = operation.amount ?? operation.amountOrigin ?? 0;
    return {
      amount: formatMoney(amount, origin),
      rate: null,
      rateBetween: null,
      provider: null,
      fee: formatMoney(0, origin),
      total: formatMoney(operation.total ?? amount, origin),
    };
  }
  const { base, quote } = legs(operation);
  const rate = operation.request?.exchangeRate ?? null;
  return {
    amount: formatMoney(operation.amountOrigin ?? 0, base),
    rate: rate === null ? null : formatRate(rate),
    rateBetween: rate === null ? null : formatRateBetween(rate, base, quote),
    provider: operation.liquidityProvider?.trim() || null,
    fee: null,
    total: formatMoney(operation.total ?? 0, quote),
  };
}

/** The operation waits for its signer's token: its status reads 'Por autorizar' (decision 093). */
function awaitingToken(operation: HistoryOperation): boolean {
  return phaseOf(factsOf(operation)) === "awaitingToken";
}

const statusOf = (operation: HistoryOperation) => shownStatus(factsOf(operation), operation.operation);

export function historyRow(operation: HistoryOperation): HistoryRow {
  const waiting = awaitingToken(operation);
  const status = statusOf(operation);
  const card = amounts(operation);
  return {
    id: operation.id,
    kind: operation.operation,
    createdAtText: formatRowDateTime(operation.created_at),
    pair: operation.pair || null,
    counterparty: operation.recipient?.nombreCompleto?.trim() || null,
    amount: card.amount,
    total: card.total === card.amount ? null : card.total,
    statusLabelKey: status.labelKey,
    outcome: status.outcome,
    polled: isPolled(operation.status),
    awaitingToken: waiting,
    awaitingPerson: status.awaitingPerson,
  };
}

export interface RecipientAccount {
  idRecipient: string;
  account: string;
  bankName: string;
  alias: string | null;
}

export interface DetailInput {
  operation: HistoryOperation;
  companyName: string;
  accounts: readonly AccountView[] | null;
  recipients: readonly RecipientAccount[] | null;
  binnacle: readonly BinnacleLike[];
  /** The raw operatio-date-settlements string. */
  settlement: string | null;
  receiptPdfAvailable: boolean;
  /** The partner bank's name, for own accounts. */
  partnerBank: string;
}

function ownSide(accounts: DetailInput["accounts"], ref: HistoryOperation["accountOrigin"], partnerBank: string): AccountSide {
  if (!ref) return { name: null, masked: null, bank: null, currency: null };
  const account = accounts?.find((candidate) => candidate.idAccount === ref.idCuenta);
  return {
    name: account?.alias ?? null,
    masked: account ? `•••• ${account.last4}` : null,
    bank: partnerBank,
    currency: displayCurrency(ref.idDivisa),
  };
}

function recipientSide(input: DetailInput): AccountSide {
  const { operation } = input;
  const recipient = input.recipients?.find((candidate) => candidate.idRecipient === operation.recipient?.idRecipient);
  return {
    name: operation.recipient?.nombreCompleto ?? recipient?.alias ?? null,
    masked: recipient ? maskAccount(recipient.account) : null,
    bank: operation.bank ?? recipient?.bankName ?? null,
    currency: operation.request?.currencyReceive ? displayCurrency(operation.request.currencyReceive) : null,
  };
}

export function documentSubject(operation: HistoryOperation): DocumentSubject {
  return {
    kind: operation.operation,
    status: operation.status,
    referenceGFB: operation.referenceGFB,
    idLiquidation: operation.idLiquidation,
    folios: operation.responseChallenge,
  };
}

export function operationDetail(input: DetailInput): OperationDetail {
  const { operation } = input;
  const waiting = awaitingToken(operation);
  const status = statusOf(operation);
  const estimatedDate = parseSettlementDate(input.settlement);
  const folio = receiptFolio({ id: operation.id, kind: operation.operation, folios: operation.responseChallenge });
  const rules = shareRules({
    status: operation.status,
    referenceGFB: operation.referenceGFB,
    estimatedDate,
    receiptPdfAvailable: input.receiptPdfAvailable,
  });
  const { reason, concept } = reasonAndConcept(operation);
  const approval = awaitsAdminApproval({ status: operation.status, requiresAdminApproval: operation.requires_admin_approval });
  return {
    id: operation.id,
    kind: operation.operation,
    status: operation.status,
    statusLabelKey: status.labelKey,
    outcome: status.outcome,
    reference: operation.referenceGFB,
    operator: operation.member?.completeName?.trim() || null,
    companyName: operation.companyName?.trim() || input.companyName,
    createdAt: operation.created_at,
    createdAtText: formatRowDateTime(operation.created_at),
    pair: operation.pair || null,
    origin: ownSide(input.accounts, operation.accountOrigin, input.partnerBank),
    destination: operation.accountDestiny ? ownSide(input.accounts, operation.accountDestiny, input.partnerBank) : recipientSide(input),
    amount: amounts(operation),
    paymentReason: reason,
    concept,
    returnedAtText: operation.status === "returned" ? formatRowDateTime(operation.updated_at ?? operation.created_at) : null,
    tracker: trackerFor(operation.operation, operation.status, waiting || approval),
    validatingNotice: operation.status === "validating",
    approval,
    approvedBy: operation.approved_by
      ? { memberId: operation.approved_by.id, name: operation.approved_by.completeName?.trim() ?? "" }
      : null,
    awaitingToken: waiting,
    awaitingPerson: status.awaitingPerson,
    voidedByAdmin: voidedByAdmin(operation.status),
    failure: failureNotice({
      kind: operation.operation,
      status: operation.status,
      reasonReturned: operation.reasonReturned,
      binnacle: input.binnacle,
    }),
    settlementText: estimatedDate && showsSettlementBanner(operation.status, estimatedDate) ? formatArrivalDate(estimatedDate) : null,
    estimatedDate,
    estimatedDateText: estimatedDate ? formatArrivalDate(estimatedDate) : null,
    invoiceButton: showsInvoiceButton({ kind: operation.operation, status: operation.status, referenceGFB: operation.referenceGFB }),
    receipt: receiptAvailable(operation.status) && input.receiptPdfAvailable,
    documentsAwaitBank: documentsAwaitBank(operation.status),
    receiptFileName: receiptFileName(RECEIPT_FILE_PREFIX, operation.operation, folio),
    share: { rules, selectable: selectableOptions(rules) },
    polled: isPolled(operation.status),
    folio,
    proof: paymentProof({ kind: operation.operation, referenceGFB: operation.referenceGFB, spei: operation.spei }, (amount) =>
      formatMoney(amount, operation.accountOrigin?.idDivisa ?? "MXN"),
    ),
  };
}

/** §3 Receipt data, as the PDF prints it. */
export interface ReceiptData {
  companyName: string;
  operationId: string;
  kind: OperationKind;
  statusLabelKey: string;
  date: string;
  folio: string;
  reference: string | null;
  bankOrigin: string | null;
  bankDestination: string | null;
  withdrawalAccount: string;
  destinyAccount: string;
  pair: string | null;
  exchangeType: string | null;
  provider: string | null;
  amount: string;
  fee: string | null;
  total: string;
  /** 'Motivo de pago': the catalogue's text of the reason (decision 095). */
  paymentReason: string | null;
  /** 'Concepto': what the person typed. */
  concept: string | null;
  proof: PaymentProof;
}

const sideText = (side: AccountSide) => [side.name, side.masked, side.currency].filter(Boolean).join(" · ") || "- - -";

export function receiptData(detail: OperationDetail): ReceiptData {
  return {
    companyName: detail.companyName,
    operationId: detail.id,
    kind: detail.kind,
    statusLabelKey: detail.statusLabelKey,
    date: detail.createdAtText,
    folio: detail.folio,
    reference: detail.reference,
    bankOrigin: detail.origin.bank,
    bankDestination: detail.destination.bank,
    withdrawalAccount: sideText(detail.origin),
    destinyAccount: sideText(detail.destination),
    pair: detail.pair,
    exchangeType: detail.amount.rate,
    provider: detail.amount.provider,
    amount: detail.amount.amount,
    fee: detail.amount.fee,
    total: detail.amount.total,
    paymentReason: detail.paymentReason,
    concept: detail.concept,
    proof: detail.proof,
  };
}
