import { z } from "zod";

import type { Http } from "./http.server";

/**
 * Bank middleware (SPEC §7): an account's movements by CLABE, paged. The §8 "no movements"
 * answers come back as errors with a code; callers turn them into an empty list
 * (core/domain/movements.ts `isNoMovementsAnswer`).
 */
export const middlewareMovementSchema = z.object({
  movement_id: z.coerce.string(),
  operation_date: z.string(),
  movement_type: z.object({ id: z.coerce.number().int(), description: z.string().default("") }),
  amount: z.coerce.number(),
  currency: z.string(),
  flow: z.enum(["IN", "OUT"]),
  concept: z.string().nullable().default(null),
  counterparty: z
    .object({ name: z.string().nullable().default(null), account: z.string().nullable().default(null) })
    .nullable()
    .default(null),
  reference: z.string().nullable().default(null),
  tracking_key: z.string().nullable().default(null),
});
export type MiddlewareMovement = z.infer<typeof middlewareMovementSchema>;

export const movementsPageSchema = z.object({
  data: z.array(middlewareMovementSchema).nullable().default([]),
  errors: z
    .array(z.object({ code: z.string().optional(), message: z.string().optional() }))
    .nullable()
    .default([]),
  page: z.number().int(),
  records_per_page: z.number().int(),
  total_pages: z.number().int(),
  total_records: z.number().int(),
});
export type MovementsPage = z.infer<typeof movementsPageSchema>;

export function middlewareClient(http: Http) {
  return {
    /** §7: initial_date, final_date, in_flow=true, include_detail=true, sheet, pages, sort, type_group=transfer. */
    movements(
      clabe: string,
      query: { from: string; to: string; sheet: number; pageSize: number; sort?: "asc" | "desc" },
    ): Promise<MovementsPage> {
      return http.request({
        method: "GET",
        path: `/movements/v2/${encodeURIComponent(clabe)}/movements`,
        query: {
          initial_date: query.from,
          final_date: query.to,
          in_flow: true,
          include_detail: true,
          sheet: query.sheet,
          pages: query.pageSize,
          sort: query.sort ?? "desc",
          type_group: "transfer",
        },
        schema: movementsPageSchema,
        // The path carries the account's CLABE, which never reaches a log line.
        logPath: "/movements/v2/{clabe}/movements",
      });
    },
  };
}

export type MiddlewareClient = ReturnType<typeof middlewareClient>;
