import { z } from "zod";

import { RATE_RANGES, type RateRange } from "#core/domain/rate-history";

import type { Http } from "./http.server";

/**
 * The product API's rate history (decision 044): `GET /rate-history?pair=&range=`, a GET
 * like the others (retried on timeout, 429 and 5xx), behind a breaker of its own ("product-rates"). Intraday points
 * every 5 minutes for 1D, daily closes of finished days for 1S, 1M and 1A.
 */
export const rateHistorySchema = z.object({
  pair: z.string(),
  range: z.enum(RATE_RANGES),
  interval: z.enum(["5m", "1d"]),
  points: z.array(
    z.object({
      at: z.string().datetime({ offset: true }),
      rate: z.number().positive().finite(),
    }),
  ),
});
export type RateHistory = z.infer<typeof rateHistorySchema>;

export function ratesClient(http: Http) {
  return {
    rateHistory(pair: string, range: RateRange): Promise<RateHistory> {
      return http.request({ method: "GET", path: "/rate-history", query: { pair, range }, schema: rateHistorySchema });
    },
  };
}
