import type { AccessContext } from "../session/auth.server";
import { cached, forget } from "../upstream/cache.server";
import { optional } from "../upstream/optional.server";

/** A member's seen tours change only when they finish or skip one: kept 10 minutes per instance. */
const TOURS_TTL_MS = 10 * 60_000;
const keyOf = (access: Pick<AccessContext, "data">) => `tours:${access.data.memberId}`;

/** The tours the member has seen (§7 GraphQL visitedTours), or null when they cannot be read. */
export function visitedTours(access: Pick<AccessContext, "api" | "log" | "data">): Promise<string[] | null> {
  return optional(
    cached(keyOf(access), () => access.api.graphql.visitedTours(), TOURS_TTL_MS),
    null,
    { log: access.log, event: "visited_tours_unavailable" },
  );
}

/** Records a tour as seen (finished or skipped). */
export async function recordTour(access: Pick<AccessContext, "api" | "data">, tour: string): Promise<void> {
  await access.api.graphql.addVisitedTour(tour);
  forget(keyOf(access));
}
