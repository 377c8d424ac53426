import type { Logger } from "../logger.server";
import { cached } from "./cache.server";
import type { GraphqlClient } from "./graphql.server";
import { optional } from "./optional.server";

/** Bank holidays change once a year: an hour's cache, shared by every screen that reads them. */
const BANK_HOLIDAYS_TTL_MS = 60 * 60_000;

/**
 * The bank's non-working dates (product GraphQL `nonworkingdates`) for the calculator, the planner and
 * the close-market toast; without them (the call failed) none, so weekdays still apply.
 */
export function bankHolidays(graphql: Pick<GraphqlClient, "nonWorkingDates">, log: Logger, now?: number): Promise<string[]> {
  return optional(
    cached("nonworkingdates", () => graphql.nonWorkingDates(), BANK_HOLIDAYS_TTL_MS, now),
    [] as string[],
    {
      log,
      event: "bank_holidays_unavailable",
    },
  );
}
