import { mexicoDate } from "#core/domain/dates";
import type { RatePoint, RateRange } from "#core/domain/rate-history";
import { cleanSeries, withLatest } from "#core/domain/rate-history";

import { cached } from "../upstream/cache.server";
import type { Upstreams } from "../upstream/index.server";
import type { RateHistory } from "../upstream/rates.server";

/**
 * Daily closes change once a day, so they are kept (per pair, range and Mexico City date) for 15
 * minutes in the bounded catalogue cache; the intraday series moves every tick and is never kept.
 */
export const DAILY_CLOSES_TTL_MS = 15 * 60_000;

export interface RateSeries {
  pair: string;
  range: RateRange;
  points: RatePoint[];
  /** Where the x axis starts: Mexico City's midnight for the day, the first close otherwise. */
  from: number | null;
}

const toPoints = (history: RateHistory): RatePoint[] =>
  cleanSeries(history.points.map((point) => ({ at: Date.parse(point.at), rate: point.rate })));

/** The pair's day: every 5 minutes since midnight, ending at the current price. */
export async function daySeries(api: Pick<Upstreams, "rates">, pair: string): Promise<RateSeries> {
  const points = toPoints(await api.rates.rateHistory(pair, "1D"));
  return { pair, range: "1D", points, from: points[0]?.at ?? null };
}

/** The pair's series for a range; the daily ranges end at the day's latest point. */
export async function rateSeries(api: Pick<Upstreams, "rates">, pair: string, range: RateRange, now = Date.now()): Promise<RateSeries> {
  if (range === "1D") return daySeries(api, pair);
  const [closes, day] = await Promise.all([
    cached(`rate-history:${pair}:${range}:${mexicoDate(now)}`, () => api.rates.rateHistory(pair, range), DAILY_CLOSES_TTL_MS, now),
    daySeries(api, pair),
  ]);
  const points = withLatest(toPoints(closes), day.points.at(-1));
  return { pair, range, points, from: points[0]?.at ?? null };
}
