import { z } from "zod";

import type { OperationsPageQuery } from "#core/domain/history-filters";
import type { InvoiceRequest } from "#core/domain/operation-documents";
import type { StatusCheck } from "#core/domain/operation-polling";

import type { Http } from "./http.server";
import { operationSchema } from "./trading.server";

/**
 * Product API calls of the operation history (SPEC §7): the paginated list and its filters, the
 * settlement date, status checks, invoices and e-mailed receipts. The operation itself, its
 * binnacle and the challenge calls are the trading client's.
 */
const responseChallengeSchema = z
  .object({
    res: z.coerce.string().optional(),
    msg: z.string().nullable().optional(),
    dil: z.string().nullable().optional(),
    crf: z.string().nullable().optional(),
    ope: z.coerce.string().nullable().optional(),
    trk: z.string().nullable().optional(),
  })
  .passthrough();

/** An operation with the fields the history shows (§3 Operation). */
export const historyOperationSchema = operationSchema.extend({
  txId: z.string().nullable().default(null),
  margin: z.coerce.string().nullable().default(null),
  /** The provider whose price a buy or sell was booked at, as the feed names it (contract); null for transfers. */
  liquidityProvider: z.string().nullable().default(null),
  concept: z.coerce.string().nullable().default(null),
  conceptString: z.string().nullable().default(null),
  aditionalInformation: z.string().nullable().default(null),
  member: z
    .object({ completeName: z.string().nullable().default(null) })
    .nullable()
    .default(null),
  recipient: z
    .object({
      idRecipient: z.coerce.string(),
      nombreCompleto: z.string().nullable().default(null),
      // §3: whose id idRecipient is; "BO" is the product's back office (decision 097), anything else the bank's.
      receiverTypeData: z.string().nullable().default(null),
    })
    .nullable()
    .default(null),
  bank: z.string().nullable().default(null),
  updated_at: z.string().nullable().default(null),
  idLiquidation: z.union([z.string(), z.number()]).nullable().default(null),
  reasonReturned: z.string().nullable().default(null),
  request: z
    .object({
      exchangeRate: z.coerce.number().nullable().default(null),
      currency: z.string().nullable().default(null),
      currencyReceive: z.string().nullable().default(null),
      paymentReason: z.string().nullable().default(null),
    })
    .passthrough()
    .nullable()
    .default(null),
  responseChallenge: responseChallengeSchema.nullable().default(null),
  companyName: z.string().nullable().default(null),
  /** The administrator who approved it (sandbox/CONTRACT.md): it then waits for that administrator's key only. */
  approved_by: z
    .object({ id: z.coerce.string(), completeName: z.string().nullable().default(null) })
    .nullable()
    .default(null),
  approved_at: z.string().nullable().default(null),
  /** The clave de rastreo of a transfer that left by SPEI (sandbox/CONTRACT.md); null for anything else. */
  speiTrackingKey: z.string().nullable().default(null),
  /** What Banxico's CEP asks to find that SPEI, as the bank gives it; null when it did not leave by SPEI. */
  spei: z
    .object({
      trackingKey: z.string(),
      operationDate: z.string(),
      senderBank: z.string(),
      receiverBank: z.string(),
      beneficiaryAccount: z.string(),
      amount: z.number(),
    })
    .nullable()
    .default(null),
});
export type HistoryOperation = z.infer<typeof historyOperationSchema>;

const pageSchema = z.object({
  data: z.array(historyOperationSchema),
  meta: z.object({
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    pageCount: z.number().int(),
  }),
});
export type OperationsPage = z.infer<typeof pageSchema>;

const filtersSchema = z.object({
  operations: z.array(z.string()).default([]),
  statuses: z.array(z.string()).default([]),
  pairs: z.array(z.string()).default([]),
});

const decisionSchema = z.object({
  operation: historyOperationSchema,
  trk: z.string().nullable().optional(),
  uri: z.string().url().nullable().optional(),
});
export type OperationDecision = z.infer<typeof decisionSchema>;

const checkedSchema = z.object({ id: z.coerce.string(), status: operationSchema.shape.status }).passthrough();
const invoiceSchema = z.object({ filename: z.string().nullable().default(null), content: z.string().min(1) });
export type InvoiceFile = z.infer<typeof invoiceSchema>;

export interface EmailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export type EmailReceipt =
  | {
      template: "estimatedArrival";
      to: string[];
      attachments: EmailAttachment[];
      /** §7's fields, and the reason beside the typed concept (decision 095). */
      data: { companyName: string; date: string; account: string; amount: string; paymentReason: string; concept: string };
    }
  | { template: "sendReceipts"; to: string[]; attachments: EmailAttachment[]; data: { companyName: string; created_at: string } };

export function operationsClient(http: Http) {
  return {
    page(query: OperationsPageQuery): Promise<OperationsPage> {
      return http.request({ method: "GET", path: "/paginate-operations", query: { ...query }, schema: pageSchema });
    },
    filters() {
      return http.request({ method: "GET", path: "/filters/operations", schema: filtersSchema });
    },
    get(id: string): Promise<HistoryOperation> {
      return http.request({ method: "GET", path: `/operations/${encodeURIComponent(id)}`, schema: historyOperationSchema });
    },
    /** "created | settles" (the second part is the one shown); null when there is none yet. */
    async settlementDate(id: string): Promise<string | null> {
      const body = await http.request({
        method: "GET",
        path: "/operatio-date-settlements",
        query: { operation_id: id },
        schema: z.object({ date: z.string().nullable().default(null) }),
      });
      return body.date;
    },
    /** A read of the bank's status; asking twice is harmless. */
    checkStatus(check: StatusCheck, options: { timeoutMs?: number } = {}) {
      const path = check.kind === "fx" ? "/operations/checkbuyselloperationstatus" : "/operations/checktransferoperationstatus";
      const body =
        check.kind === "fx" ? { idPortfolio: check.idPortfolio, idOperation: check.idOperation } : { corefolio: check.corefolio };
      return http.request({ method: "POST", path, body, schema: checkedSchema, idempotent: true, timeoutMs: options.timeoutMs });
    },
    /** Downloading a document changes nothing: retried like a read. */
    invoice(request: InvoiceRequest): Promise<InvoiceFile> {
      if (request.kind === "transfer") {
        return http.request({
          method: "POST",
          path: "/operations/gettransferinvoice",
          body: { corefolio: request.corefolio },
          schema: invoiceSchema,
          idempotent: true,
        });
      }
      const { idPortfolio, idOperation, idLiquidation, documentType } = request;
      return http.request({
        method: "POST",
        path: "/operations/getsellbuyoperationinvoice",
        body: { idPortfolio, idOperation, idLiquidation, documentType },
        schema: invoiceSchema,
        idempotent: true,
      });
    },
    /**
     * §7 PUT /operations: an administrator approves (the answer carries the challenge `uri` the
     * administrator confirms with their own key) or voids an operation waiting for approval. Sent
     * with the decision form's Idempotency-Key, resent only on 429/5xx, never after a timeout: an
     * unknown outcome is settled by reading the operation.
     */
    decide(input: { id: string; action: "approve" | "void" }, idempotencyKey: string): Promise<OperationDecision> {
      return http.request({
        method: "PUT",
        path: "/operations",
        body: { id: Number(input.id), action: input.action },
        schema: decisionSchema,
        idempotencyKey,
      });
    },
    /** Sends e-mail: never repeated on a timeout (a second e-mail is worse than an error). */
    sendEmailReceipts(email: EmailReceipt) {
      return http.request({ method: "POST", path: "/sendEmailReceipts", body: email, schema: z.unknown(), emptyValue: null });
    },
  };
}

export type OperationsClient = ReturnType<typeof operationsClient>;
