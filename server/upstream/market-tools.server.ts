import { z } from "zod";

import type { Http } from "./http.server";

/**
 * Product API: price alerts and follows (§7 names no call for them; sandbox/CONTRACT.md 'Price
 * alerts and follows', decision 045). Bearer product jwt; both belong to the jwt's member.
 */

export const priceAlertSchema = z.object({
  id: z.coerce.string(),
  pair: z.string(),
  operation: z.enum(["buy", "sell"]),
  targetRate: z.number().positive(),
  condition: z.enum(["above", "below"]),
  status: z.enum(["active", "triggered"]),
  createdAt: z.string(),
  triggeredAt: z.string().nullable().default(null),
  triggeredRate: z.number().nullable().default(null),
});
export type PriceAlert = z.infer<typeof priceAlertSchema>;

export const followSchema = z.object({ id: z.coerce.string(), pair: z.string(), createdAt: z.string() });
export type Follow = z.infer<typeof followSchema>;

const deletedSchema = z.object({ id: z.coerce.string(), deleted: z.literal(true) });

export interface NewPriceAlert {
  pair: string;
  operation: "buy" | "sell";
  /** 6 decimals as text (§9); sent as the number the product takes. */
  targetRate: string;
  condition: "above" | "below";
}

export function marketToolsClient(http: Http) {
  return {
    priceAlerts(): Promise<PriceAlert[]> {
      return http.request({ method: "GET", path: "/price-alerts", schema: z.array(priceAlertSchema) });
    },
    /**
     * Creates an alert. Retried only on 429/5xx with the same key (the product answers the first
     * alert to a repeated key), never after a timeout: the caller settles that by reading the list.
     */
    createPriceAlert(input: NewPriceAlert, idempotencyKey: string): Promise<PriceAlert> {
      return http.request({
        method: "POST",
        path: "/price-alerts",
        body: { ...input, targetRate: Number(input.targetRate) },
        schema: priceAlertSchema,
        idempotencyKey,
      });
    },
    /** Deleting twice is harmless (the second answers 404), so it may be retried. */
    deletePriceAlert(id: string) {
      return http.request({ method: "DELETE", path: `/price-alerts/${encodeURIComponent(id)}`, schema: deletedSchema, idempotent: true });
    },
    follows(): Promise<Follow[]> {
      return http.request({ method: "GET", path: "/follows", schema: z.array(followSchema) });
    },
    /** Not resent after a timeout: a second try would be refused as a duplicate of the first. */
    follow(pair: string): Promise<Follow> {
      return http.request({ method: "POST", path: "/follows", body: { pair }, schema: followSchema });
    },
    unfollow(id: string) {
      return http.request({ method: "DELETE", path: `/follows/${encodeURIComponent(id)}`, schema: deletedSchema, idempotent: true });
    },
  };
}

export type MarketToolsClient = ReturnType<typeof marketToolsClient>;
