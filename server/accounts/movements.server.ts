import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";

import { formatCalendarDay, formatRowDateTime, mexicoDate } from "#core/domain/dates";
import type { Movement, MovementFilters } from "#core/domain/movements";
import { filterMovements, isNoMovementsAnswer, movementFiltersSchema, periodRange } from "#core/domain/movements";

import type { AccessContext } from "../session/auth.server";
import { isUpstreamError } from "../upstream/errors";
import type { MiddlewareMovement, MovementsPage } from "../upstream/middleware.server";
import { notificationsFor } from "../upstream/notifications.server";

/**
 * An account's movements (SPEC §2 /cuentas/:id): the filters of the URL, every page of the
 * middleware's answer for the dates, then type and amount filters. The screen and the exports
 * read the same list.
 */

/** The middleware's largest page, and how many pages one query may read (5,000 movements). */
const UPSTREAM_PAGE_SIZE = 100;
const MAX_UPSTREAM_PAGES = 50;

export type FiltersResult =
  | { ok: true; filters: MovementFilters; range: { from: string; to: string }; reply: SubmissionResult<string[]> }
  | { ok: false; reply: SubmissionResult<string[]> };

/** The URL's filters, checked with the same schema the browser uses; bad input is kept as typed. */
export function readMovementFilters(url: URL, now = Date.now()): FiltersResult {
  const today = mexicoDate(now);
  const submission = parseWithZod(url.searchParams, { schema: movementFiltersSchema(today) });
  if (submission.status !== "success") return { ok: false, reply: submission.reply() };
  return { ok: true, filters: submission.value, range: periodRange(submission.value, today), reply: submission.reply() };
}

function toMovement(item: MiddlewareMovement): Movement {
  return {
    id: item.movement_id,
    date: item.operation_date,
    typeId: item.movement_type.id,
    description: item.concept ?? item.movement_type.description,
    amount: Math.abs(item.amount),
    currency: item.currency,
    direction: item.flow === "IN" ? "in" : "out",
    counterparty: item.counterparty?.name ?? "",
    reference: item.reference ?? "",
    trackingKey: item.tracking_key,
  };
}

export type MovementsOutcome = { ok: true; movements: Movement[]; truncated: boolean } | { ok: false };

/**
 * Every movement of the range (newest first), filtered. §8 "no movements" answers are an empty
 * list; any other failure is `ok: false` (the page shows a retry, never a 500).
 */
export async function loadMovements(
  access: AccessContext,
  { clabe, idAccount }: { clabe: string; idAccount: string },
  filters: MovementFilters,
  range: { from: string; to: string },
): Promise<MovementsOutcome> {
  const fetchPage = (sheet: number) =>
    access.api.middleware.movements(clabe, { from: range.from, to: range.to, sheet, pageSize: UPSTREAM_PAGE_SIZE, sort: "desc" });
  try {
    const first = await fetchPage(1);
    tellMovementsRead(access, first, idAccount);
    const pages = Math.min(first.total_pages, MAX_UPSTREAM_PAGES);
    const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, index) => fetchPage(index + 2)));
    const items = [first, ...rest].flatMap((page) => page.data ?? []);
    return { ok: true, movements: filterMovements(items.map(toMovement), filters), truncated: first.total_pages > MAX_UPSTREAM_PAGES };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    if (isUpstreamError(error) && isNoMovementsAnswer({ code: error.details.code, message: error.details.upstreamMessage })) {
      return { ok: true, movements: [], truncated: false };
    }
    access.log.warn(
      {
        event: "movements_unavailable",
        failure: isUpstreamError(error) ? error.failure : "unknown",
        status: isUpstreamError(error) ? error.status : undefined,
      },
      "movements unavailable",
    );
    return { ok: false };
  }
}

/** "10/03/2026 12:05" in Mexico City, the same on the server and in the browser. */
export function movementDateText(iso: string): string {
  return formatRowDateTime(iso);
}

/** "10 de marzo de 2026" for the period summary. */
export function longDate(isoDate: string): string {
  return formatCalendarDay(isoDate);
}

/**
 * §7: the newest page read goes to the notification service, which tells the member of money received; with the
 * account's id, so the notification leads to these movements (decision 121).
 */
function tellMovementsRead(access: AccessContext, page: MovementsPage, idAccount: string): void {
  notificationsFor(access.call, access.data.productJwt)
    .movementsRead({ ...page, idAccount })
    .catch((error: unknown) =>
      access.log.warn(
        { event: "movements_notice_failed", failure: isUpstreamError(error) ? error.failure : "unknown" },
        "movements not handed to the notification service",
      ),
    );
}
