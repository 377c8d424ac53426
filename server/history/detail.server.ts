import texts from "#core/locales/es-MX/history.json";

import { pdfRenderer } from "../receipts/receipts.server";
import type { AccessContext } from "../session/auth.server";
import { companyAccounts } from "../trading/accounts.server";
import { isUpstreamError } from "../upstream/errors";
import { upstreams } from "../upstream/index.server";
import type { HistoryOperation } from "../upstream/operations.server";
import { optional } from "../upstream/optional.server";
import { NO_RETRY } from "../upstream/retry";
import { recheckPending } from "./poller.server";
import type { OperationDetail, RecipientAccount } from "./view";
import { historyRow, operationDetail } from "./view";

/** Status checks must not hold a page: one attempt, 3 s at most of the page's budget (see poller.server.ts). */
export function checkingClient(access: AccessContext) {
  return upstreams({ ...access.call, retry: NO_RETRY, timeoutMs: 3_000 }, access.data).operations;
}

const OPERATION_ID = /^\d{1,12}$/;

/** The 404 of an operation: the error page names it (by its number, when the address held one) and leads to the history. */
export function notFound(id?: string): Response {
  const body = { notFound: "operation", id: id !== undefined && OPERATION_ID.test(id) ? id : null };
  return new Response(JSON.stringify(body), {
    status: 404,
    statusText: "Not Found",
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
}

/**
 * The operation of the jwt's company, or a 404 page: an id that does not exist and another
 * company's id (the upstream answers 404 for both) read exactly the same.
 */
export async function companyOperation(access: AccessContext, id: string): Promise<HistoryOperation> {
  if (!OPERATION_ID.test(id)) throw notFound(id);
  try {
    return await access.api.operations.get(id);
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    if (error.status === 404 || error.status === 403) throw notFound(id);
    access.log.error(
      { event: "operation_unavailable", operationId: id, err: error instanceof Error ? error.message : error },
      "operation unavailable",
    );
    throw new Response("Servicio no disponible", { status: 502 });
  }
}

/**
 * The amount and payee of one of the company's operations, for a notice that names it (the
 * dashboard's 'Por aprobar'): the drawer's upstream call, with the list's formatting. An operation
 * the upstream does not give (another company's, or the upstream down) is null: the notice then
 * names only its number.
 */
export async function operationSubject(
  access: AccessContext,
  id: string,
): Promise<{ id: string; amount: string; payee: string | null } | null> {
  if (!OPERATION_ID.test(id)) return null;
  return optional(
    access.api.operations.get(id).then((operation) => {
      const row = historyRow(operation);
      return { id: row.id, amount: row.kind === "transfer" ? (row.total ?? row.amount) : row.amount, payee: row.counterparty };
    }),
    null,
    { log: access.log, event: "approval_notice_operation_unavailable" },
  );
}

export interface LoadedDetail {
  operation: HistoryOperation;
  detail: OperationDetail;
}

/**
 * Everything the drawer shows, from the upstream calls in parallel: the operation, its binnacle
 * (direct cancellation), its settlement date, the company's accounts (aliases, masked numbers)
 * and, for a transfer to a recipient, the recipients. A pending operation is checked first (§4).
 */
export async function loadOperationDetail(access: AccessContext, id: string, options: { recheck?: boolean } = {}): Promise<LoadedDetail> {
  let operation = await companyOperation(access, id);
  if (options.recheck !== false) {
    const { reload } = await recheckPending(checkingClient(access), access.company.clientId, [operation], access.log);
    if (reload) operation = await companyOperation(access, id);
  }
  const [binnacle, settlement, accounts, recipients] = await Promise.all([
    optional(access.api.trading.binnacles(operation.id), [], { log: access.log, event: "operation_detail_binnacle_unavailable" }),
    optional(access.api.operations.settlementDate(operation.id), null, {
      log: access.log,
      event: "operation_detail_settlement_unavailable",
    }),
    optional(
      companyAccounts(access).then((accounts) => accounts.views),
      null,
      { log: access.log, event: "operation_detail_accounts_unavailable" },
    ),
    operation.recipient
      ? optional(recipientAccounts(access, operation.recipient), null, {
          log: access.log,
          event: "operation_detail_recipients_unavailable",
        })
      : Promise.resolve(null),
  ]);
  const detail = operationDetail({
    operation,
    companyName: access.company.businessName,
    accounts,
    recipients,
    binnacle,
    settlement,
    receiptPdfAvailable: pdfRenderer().available(),
    partnerBank: texts.receipt.partnerBank,
  });
  return { operation, detail };
}

/**
 * Where the operation's recipient's account is: the bank's list, or for a back-office recipient its
 * own record (§7 GET /backoffice-recipients/{id}), whose id would mean another recipient in the bank's.
 */
async function recipientAccounts(
  access: AccessContext,
  recipient: NonNullable<HistoryOperation["recipient"]>,
): Promise<RecipientAccount[]> {
  if (recipient.receiverTypeData === "BO") {
    const record = await access.api.recipients.backoffice(recipient.idRecipient);
    return [{ idRecipient: recipient.idRecipient, account: record.accountClabe, bankName: record.bank ?? "", alias: record.alias }];
  }
  const list = await access.api.partner.getRecipients();
  return list.map((r) => ({ idRecipient: r.idRecipient, account: r.account, bankName: r.bankName, alias: r.alias }));
}
