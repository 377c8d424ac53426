// Rate history per pair (decision 044; §7 names no call for it): `GET /api/rate-history?pair=&range=`
// behind the product jwt. Intraday points every 5 minutes since Mexico City's midnight that end at
// the live feed's current mid, and the daily closes of the last week, month or year. Both walks are
// seeded per pair and date, pulled back towards the pair's level like the live feed's, so the same
// seed, clock and live mid always give the same answer.

import { z } from "zod";

import type { SandboxContext } from "./context";
import { addDays, daysBetween, mexicoCityDate, mexicoMidnight } from "./dates";
import { HttpError, json, type RequestContext, type Router } from "./http";
import { PAIR_LEVELS } from "./prices";
import { authenticateMember } from "./product";
import { mulberry32 } from "./random";

export const INTRADAY_STEP_MS = 5 * 60_000;
export const RATE_RANGES = ["1D", "1S", "1M", "1A"] as const;
export type RateRange = (typeof RATE_RANGES)[number];

/** Calendar days a daily range looks back over (1S a week, 1M a month, 1A a year). */
export const RANGE_DAYS: Readonly<Record<Exclude<RateRange, "1D">, number>> = { "1S": 7, "1M": 30, "1A": 365 };

/** The first date of the daily walk: a date's close never changes as the days go by. */
const DAILY_EPOCH = "2025-01-01";

export interface RatePoint {
  at: string;
  rate: number;
}

const queryInput = z.object({
  pair: z.string().trim().min(1),
  range: z.enum(RATE_RANGES),
});

const round6 = (value: number) => Number(value.toFixed(6));

/** A stable 32-bit hash of a string, mixed into the seed per pair and date. */
function hash(text: string): number {
  let h = 2_166_136_261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16_777_619);
  return h >>> 0;
}

/** Normal-ish shock from a uniform source (sum of three uniforms, mean 0, variance 1). */
function shock(random: () => number): number {
  return (random() + random() + random() - 1.5) * 2;
}

const isWeekday = (isoDate: string) => {
  const day = new Date(`${isoDate}T12:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6;
};

/** Days over which the daily walk is bent back to the pair's level, where the live feed keeps it. */
const CONVERGE_DAYS = 20;

/**
 * Closes of every weekday from the epoch to the day before `today`: a walk with daily shocks of
 * about 0.35 % pulled back towards the pair's level, plus a small day-to-day noise. The live feed
 * stays within a few basis points of the level, so over the last 20 days the walk's distance from
 * it fades out: yesterday's close is near today's prices, not a cliff away.
 */
export function dailyCloses(pair: string, today: string, seed: number): RatePoint[] {
  const level = PAIR_LEVELS[pair];
  const random = mulberry32(seed ^ hash(`daily:${pair}`));
  const walk: Array<{ date: string; deviation: number; noise: number }> = [];
  let deviation = 0;
  for (let date = DAILY_EPOCH; date < today; date = addDays(date, 1)) {
    if (!isWeekday(date)) continue;
    deviation = deviation * 0.98 + shock(random) * 0.0035;
    walk.push({ date, deviation, noise: shock(random) * 0.0008 });
  }
  return walk.map(({ date, deviation: away, noise }) => {
    const fade = Math.min(1, daysBetween(date, today) / CONVERGE_DAYS);
    // A close is stamped at 17:00 Mexico City (the market's close, §4), stored as UTC.
    return { at: `${date}T23:00:00.000Z`, rate: round6(level * Math.exp(away * fade + noise)) };
  });
}

/** The last close before `today` (the day's opening reference), or the pair's level. */
export function previousClose(pair: string, today: string, seed: number): number {
  return dailyCloses(pair, today, seed).at(-1)?.rate ?? PAIR_LEVELS[pair];
}

/**
 * Every 5 minutes from midnight to `now`, plus `now` itself: a seeded walk bridged from the
 * previous close (at midnight) to the live mid (at `now`), so the chart meets the ticks.
 */
export function intradayPoints(pair: string, now: Date, liveMid: number, seed: number): RatePoint[] {
  const start = mexicoMidnight(now).getTime();
  const today = mexicoCityDate(now);
  const open = previousClose(pair, today, seed);
  const random = mulberry32(seed ^ hash(`intraday:${pair}:${today}`));
  const times: number[] = [];
  for (let t = start; t < now.getTime(); t += INTRADAY_STEP_MS) times.push(t);
  times.push(now.getTime());
  // A walk in log terms, then bent so it starts at the open and ends at the live mid.
  const walk = [0];
  for (let i = 1; i < times.length; i++) walk.push(walk[i - 1] * 0.97 + shock(random) * 0.0004);
  const last = times.length - 1;
  const target = Math.log(liveMid / open);
  return times.map((t, i) => {
    const share = last === 0 ? 1 : i / last;
    const rate = open * Math.exp(walk[i] - share * walk[last] + share * target);
    return { at: new Date(t).toISOString(), rate: round6(rate) };
  });
}

export interface RateHistoryOptions {
  /** The live feed's current mid for the pair (prices.ts). */
  liveMid: (pair: string) => number;
  seed?: number;
}

export function rateHistory(
  pair: string,
  range: RateRange,
  now: Date,
  options: RateHistoryOptions,
): { pair: string; range: RateRange; interval: "5m" | "1d"; points: RatePoint[] } {
  const seed = options.seed ?? 20_261_125;
  if (range === "1D") {
    return { pair, range, interval: "5m", points: intradayPoints(pair, now, options.liveMid(pair), seed) };
  }
  const today = mexicoCityDate(now);
  const from = addDays(today, -RANGE_DAYS[range]);
  const points = dailyCloses(pair, today, seed).filter((point) => point.at.slice(0, 10) >= from);
  return { pair, range, interval: "1d", points };
}

export function registerRateHistoryRoutes(router: Router, ctx: SandboxContext, options: RateHistoryOptions): void {
  router.get("/api/rate-history", (request: RequestContext) => {
    authenticateMember(ctx, request);
    const parsed = queryInput.safeParse({ pair: request.query.get("pair") ?? "", range: request.query.get("range") ?? "" });
    if (!parsed.success) throw new HttpError(400, "Parámetros inválidos", "INVALID_PARAMS");
    const pair = parsed.data.pair.toUpperCase().replace(/^([A-Z]{3})([A-Z]{3})$/, "$1/$2");
    if (!(pair in PAIR_LEVELS)) throw new HttpError(400, "Par no disponible", "INVALID_PAIR");
    return json(200, rateHistory(pair, parsed.data.range, ctx.now(), options));
  });
}
