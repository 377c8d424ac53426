import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";

import { mexicoDate } from "#core/domain/dates";
import type { MarketClose, PortfolioFigures, PortfolioFilters, PortfolioOperation, PortfolioPeriod } from "#core/domain/portfolio";
import { aggregatePortfolio, COUNTED_STATUSES, portfolioFiltersSchema, selectPeriod, withoutUnknownMonth } from "#core/domain/portfolio";

import { DAILY_CLOSES_TTL_MS } from "../market/rate-series.server";
import type { AccessContext } from "../session/auth.server";
import { cached } from "../upstream/cache.server";
import { isUpstreamError } from "../upstream/errors";
import { warnUpstreamFailure } from "../upstream/failure-log.server";
import type { HistoryOperation, OperationsPage } from "../upstream/operations.server";
import { optional } from "../upstream/optional.server";

/**
 * The portfolio (§2 /portafolio, §3 briefcase): the filters of the URL, the agreed operations of
 * the filters' year from the history's own product call (/paginate-operations, every page), the
 * market's daily closes, and the figures of core/domain/portfolio. The screen and the exports
 * read the same data.
 */

/** The product API's largest page, and how many one portfolio reads (2,000 operations of one pair and type in a year). */
const UPSTREAM_PAGE_SIZE = 100;
const MAX_UPSTREAM_PAGES = 20;

export const PORTFOLIO_PARAMS = ["mes", "anio", "par", "tipo", "desde"] as const;

export type PortfolioFiltersResult = (
  | { ok: true; filters: PortfolioFilters; period: PortfolioPeriod; reply: SubmissionResult<string[]> }
  | { ok: false; reply: SubmissionResult<string[]> }
) & {
  /** A month the filter does not offer, left out for the default one (`withoutUnknownMonth`). */
  unknownMonth: string | null;
};

/** The URL's filters, checked with the browser's schema; what was typed is kept when it is wrong. */
export function readPortfolioFilters(url: URL, today: string): PortfolioFiltersResult {
  const { params, unknownMonth } = withoutUnknownMonth(url.searchParams);
  const submission = parseWithZod(params, { schema: portfolioFiltersSchema(today) });
  if (submission.status !== "success") return { ok: false, reply: submission.reply(), unknownMonth };
  return { ok: true, filters: submission.value, period: selectPeriod(submission.value, today), reply: submission.reply(), unknownMonth };
}

/** An agreed buy or sell with its amounts and rate; anything the upstream left out is not summed. */
function portfolioOperation(operation: HistoryOperation): PortfolioOperation | null {
  const rate = operation.request?.exchangeRate ?? null;
  if (rate === null || operation.amountOrigin === null || operation.total === null) return null;
  return {
    id: operation.id,
    day: mexicoDate(new Date(operation.created_at)),
    baseAmount: operation.amountOrigin,
    quoteAmount: operation.total,
    rate,
  };
}

export type PortfolioOperations = { ok: true; operations: HistoryOperation[]; truncated: boolean } | { ok: false };

/** Every agreed operation of the pair and type in the year of the filters, newest first. */
export async function loadPortfolioOperations(access: AccessContext, period: PortfolioPeriod): Promise<PortfolioOperations> {
  const fetchPage = (page: number): Promise<OperationsPage> =>
    access.api.operations.page({
      page,
      pageSize: UPSTREAM_PAGE_SIZE,
      operation: period.kind,
      status: COUNTED_STATUSES.join(","),
      pair: period.pair,
      from: period.yearFrom,
      to: period.yearTo,
    });
  try {
    const first = await fetchPage(1);
    const pages = Math.min(first.meta.pageCount, MAX_UPSTREAM_PAGES);
    const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, index) => fetchPage(index + 2)));
    const operations = [first, ...rest]
      .flatMap((page) => page.data)
      // The upstream filtered already; a buy/sell of another pair or status must still not be summed.
      .filter((operation) => operation.operation === period.kind && operation.pair === period.pair)
      .filter((operation) => COUNTED_STATUSES.includes(operation.status));
    return { ok: true, operations, truncated: first.meta.pageCount > MAX_UPSTREAM_PAGES };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    warnUpstreamFailure(
      access.log,
      error,
      { event: "portfolio_unavailable", service: error.service, failure: error.failure, status: error.status },
      "portfolio failed",
    );
    return { ok: false };
  }
}

/**
 * The market's daily closes (the rate history's 1A range: the finished weekdays of the last 365
 * days, today excluded), by Mexico City day. Kept under the market screen's own cache key, so both
 * screens share one read per pair and day. A period older than a year finds no closes.
 */
export async function loadMarketCloses(access: AccessContext, period: PortfolioPeriod, now = Date.now()): Promise<MarketClose[]> {
  const history = await cached(
    `rate-history:${period.pair}:1A:${mexicoDate(now)}`,
    () => access.api.rates.rateHistory(period.pair, "1A"),
    DAILY_CLOSES_TTL_MS,
    now,
  );
  return history.points.map((point) => ({ date: mexicoDate(new Date(point.at)), close: point.rate }));
}

export interface PortfolioData {
  operations: HistoryOperation[];
  figures: PortfolioFigures;
  truncated: boolean;
  marketAvailable: boolean;
}

/** Operations, closes and the pair catalogue in parallel; null figures when the operations failed. */
export async function loadPortfolio(access: AccessContext, period: PortfolioPeriod): Promise<PortfolioData | null> {
  const [outcome, closes] = await Promise.all([
    loadPortfolioOperations(access, period),
    optional(loadMarketCloses(access, period), null, { log: access.log, event: "portfolio_market_unavailable" }),
  ]);
  if (!outcome.ok) return null;
  const summed = outcome.operations.map(portfolioOperation).filter((operation): operation is PortfolioOperation => operation !== null);
  return {
    operations: outcome.operations,
    figures: aggregatePortfolio(summed, period, closes),
    truncated: outcome.truncated,
    marketAvailable: closes !== null,
  };
}

/** The pairs to choose from (GET /filter-pairs); the default pair when the catalogue is unavailable. */
export async function portfolioPairs(access: AccessContext): Promise<string[]> {
  return optional(access.api.product.pairs(), [], { log: access.log, event: "portfolio_pairs_unavailable" });
}
