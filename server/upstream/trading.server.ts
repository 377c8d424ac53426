import { z } from "zod";

import { OPERATION_STATUSES } from "#core/domain/operation-status";
import { parsePaymentRef } from "#core/domain/recipients";

import type { Http } from "./http.server";

/**
 * Product API calls of the trading journey (SPEC §7): margins, operations, the challenge result
 * and the operation's log (binnacle).
 */
const operationStatus = z.enum(OPERATION_STATUSES);

const accountRef = z.object({ idCuenta: z.string(), idDivisa: z.string() });

export const operationSchema = z
  .object({
    id: z.coerce.string(),
    operation: z.enum(["buy", "sell", "transfer"]),
    status: operationStatus,
    pair: z.string().nullable().default(null),
    amount: z.number().nullable().default(null),
    amountOrigin: z.number().nullable().default(null),
    amountDestiny: z.number().nullable().default(null),
    total: z.number().nullable().default(null),
    accountOrigin: accountRef.nullable().default(null),
    accountDestiny: accountRef.nullable().default(null),
    referenceGFB: z.string().nullable().default(null),
    requires_admin_approval: z.boolean().default(false),
    created_at: z.string(),
  })
  .passthrough();
export type UpstreamOperation = z.infer<typeof operationSchema>;

export const createdOperationSchema = z.object({
  id: z.coerce.string(),
  status: operationStatus,
  trk: z.string(),
  uri: z.string().url().nullable(),
  requires_admin_approval: z.boolean(),
});
export type CreatedOperation = z.infer<typeof createdOperationSchema>;

/**
 * A recipient as /setoperation names it: §3 `receiverTypeData` says whose id `idRecipient` is, the
 * bank's (absent) or the product's back office's ("BO"); the two are numbered apart (decision 097).
 */
export type WireRecipient = { idRecipient: string; receiverTypeData?: "BO" };

/** The wire's recipient for a payment ref of the calculator or a payment file ("501", "bo-9001"). */
export function wireRecipient(ref: string): WireRecipient | null {
  const parsed = parsePaymentRef(ref);
  if (!parsed) return null;
  return parsed.source === "BO" ? { idRecipient: parsed.id, receiverTypeData: "BO" } : { idRecipient: parsed.id };
}

export interface SetOperationBody {
  operation: "buy" | "sell" | "transfer";
  pair: string;
  amount: number;
  amountOrigin: number;
  amountDestiny: number;
  total: number;
  margin: string;
  exchangeRate: number;
  accountOrigin: { idCuenta: string; idDivisa: string };
  accountDestiny: { idCuenta: string; idDivisa: string } | null;
  recipient: WireRecipient | null;
  concept: number;
  conceptString: string;
  aditionalInformation: string;
  priceObject: { lpId: string; sig: string; ts: number; price: number; buy: number; sell: number; pair: string } | null;
  calculatePlace: "left" | "right";
  /** 'Pay now' of a recurring payment (decision 056): the product marks it paid when the challenge succeeds. */
  scheduledPaymentEvent?: { id: string };
}

export const binnacleSchema = z.object({
  id: z.coerce.string(),
  operation: z.coerce.string(),
  // The sandbox (and the contract) number the steps 1, 2, …
  step: z.coerce.string(),
  status: z.string(),
  message: z.string().nullable().default(null),
  created_at: z.string(),
});

export const memberRecipientSchema = z.object({
  idRecipient: z.coerce.string(),
  alias: z.string().nullable().default(null),
  favorite: z.boolean().default(false),
});

// Answer schemas made once, not on every call (decision 076): a page's reads built them again each time.
const marginAnswerSchema = z.object({ marginUser: z.number().min(0).max(100) });

export function tradingClient(http: Http) {
  return {
    async margin(pair: string, amount: number): Promise<number> {
      // A quote, not an operation: asking twice is harmless.
      const body = await http.request({
        method: "POST",
        path: "/calculatingMargin",
        query: { pair, amount },
        schema: marginAnswerSchema,
        idempotent: true,
      });
      return body.marginUser;
    },
    /**
     * Creates the operation. Retried only on 429/5xx with the same key; a timeout is an unknown
     * outcome that the caller settles by reading, never by sending again.
     */
    setOperation(body: SetOperationBody, idempotencyKey: string): Promise<CreatedOperation> {
      return http.request({ method: "POST", path: "/setoperation", body, schema: createdOperationSchema, idempotencyKey });
    },
    operation(id: string): Promise<UpstreamOperation> {
      return http.request({ method: "GET", path: `/operations/${encodeURIComponent(id)}`, schema: operationSchema });
    },
    /** Recording the same challenge result twice is harmless upstream (keyed by trk). */
    processChallenge(input: { res: string; msg: string; trk: string; more?: string }) {
      return http.request({
        method: "POST",
        path: "/processchallenge",
        body: { res: input.res, msg: input.msg, trk: input.trk, more: input.more ?? "" },
        schema: z.object({ operation: operationSchema }),
        idempotent: true,
      });
    },
    binnacles(operationId: string) {
      return http.request({ method: "GET", path: "/binnacles", query: { operation: operationId }, schema: z.array(binnacleSchema) });
    },
    memberRecipients() {
      return http.request({ method: "GET", path: "/memberrecipients", schema: z.array(memberRecipientSchema), timeoutMs: 60_000 });
    },
    /** §7 POST /memberrecipients {idRecipient, favorite or alias}: an upsert, safe to repeat. */
    updateMemberRecipient(input: { idRecipient: string; favorite?: boolean; alias?: string }) {
      return http.request({
        method: "POST",
        path: "/memberrecipients",
        body: { ...input, idRecipient: Number(input.idRecipient) },
        schema: memberRecipientSchema,
        idempotent: true,
      });
    },
    recentAccounts(operation: "buy" | "sell" | "transfer") {
      return http.request({
        method: "GET",
        path: "/getRecentAccount",
        query: { operation },
        schema: z.array(z.object({ idAccount: z.string(), lastUsedAt: z.string() })),
      });
    },
  };
}

export type TradingClient = ReturnType<typeof tradingClient>;
