import { z } from "zod";

import { OPERATION_STATUSES } from "#core/domain/operation-status";

import type { Http } from "./http.server";

/**
 * The product API's operation batches (sandbox/CONTRACT.md, decision 093): several operations
 * signed with one token. §7 names no such call; the contract is ours, shaped as a bank offers it.
 */
const member = z.object({ memberId: z.coerce.string(), completeName: z.string().nullable().default(null) });

const batchSchema = z.object({
  id: z.coerce.string(),
  trk: z.string(),
  status: z.enum(["awaitingApproval", "pending", "processed"]),
  reference: z.string().nullable().default(null),
  fileName: z.string().nullable().default(null),
  count: z.number().int().nonnegative(),
  totals: z.array(z.object({ currency: z.string(), count: z.number().int(), total: z.number() })),
  createdBy: member,
  approvedBy: member.nullable().default(null),
  created_at: z.string(),
  uri: z.string().url().nullable().default(null),
  result: z.object({ res: z.coerce.string(), msg: z.string() }).passthrough().nullable().default(null),
  summary: z.object({ sent: z.number().int(), failed: z.number().int(), skipped: z.number().int() }).nullable().default(null),
  operations: z.array(
    z.object({
      id: z.coerce.string(),
      operation: z.enum(["buy", "sell", "transfer"]).nullable().default(null),
      status: z.enum(OPERATION_STATUSES).nullable().default(null),
      amount: z.number().nullable().default(null),
      currency: z.string().nullable().default(null),
      /** The account the operation leaves. */
      accountOrigin: z.object({ idCuenta: z.string() }).passthrough().nullable().default(null),
      recipient: z.string().nullable().default(null),
      result: z.enum(["sent", "failed", "skipped"]).nullable().default(null),
      reason: z.enum(["funds", "challenge", "notWaiting"]).nullable().default(null),
      message: z.string().nullable().default(null),
    }),
  ),
});
export type OperationBatch = z.infer<typeof batchSchema>;
const batchListSchema = z.array(batchSchema);

export interface BatchQuery {
  status?: OperationBatch["status"];
  operationId?: string;
  reference?: string;
}

export function operationBatchesClient(http: Http) {
  return {
    /**
     * Makes the batch of these operations. Resent only on 429/5xx with the same key, never after a
     * timeout; the same key later answers the same batch. No money moves until its challenge.
     */
    create(input: { operationIds: string[]; reference?: string; fileName?: string }, idempotencyKey: string): Promise<OperationBatch> {
      return http.request({
        method: "POST",
        path: "/operation-batches",
        body: { ...input, operationIds: input.operationIds.map(Number) },
        schema: batchSchema,
        idempotencyKey,
      });
    },
    list(query: BatchQuery): Promise<OperationBatch[]> {
      return http.request({ method: "GET", path: "/operation-batches", query: { ...query }, schema: batchListSchema });
    },
    get(id: string): Promise<OperationBatch> {
      return http.request({ method: "GET", path: `/operation-batches/${encodeURIComponent(id)}`, schema: batchSchema });
    },
    /** An administrator approves a collaborator's file; approving again answers the same challenge. */
    approve(id: string, idempotencyKey: string): Promise<OperationBatch> {
      return http.request({
        method: "PUT",
        path: `/operation-batches/${encodeURIComponent(id)}`,
        body: { action: "approve" },
        schema: batchSchema,
        idempotencyKey,
      });
    },
    /** Recording the batch's result twice is harmless: the bank keeps the first (keyed by trk). */
    processChallenge(input: { res: string; msg: string; trk: string }): Promise<OperationBatch> {
      return http.request({
        method: "POST",
        path: "/operation-batches/processchallenge",
        body: input,
        schema: batchSchema,
        idempotent: true,
      });
    },
  };
}
