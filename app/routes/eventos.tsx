import type { LoaderFunctionArgs } from "@remix-run/node";

import { sessionEndsAt } from "#core/domain/session-timing";
import { PAIR_PATTERN } from "#core/prices/wire";
import { eventStreamResponse } from "#server/http/event-stream.server";
import { notificationBridge } from "#server/notifications/bridge.server";
import { notificationEvents } from "#server/notifications/live.server";
import { markSeen } from "#server/notifications/seen.server";
import { priceHub } from "#server/prices/hub.server";
import { priceEvents } from "#server/prices/stream.server";
import { requireAccess } from "#server/session/auth.server";
import { sessionStreamSignal } from "#server/session/streams.server";

/**
 * GET /eventos[?pair=USD/MXN] — the tab's one live channel as Server-Sent Events (decision 031):
 * the member's notifications (events `toast`, `count`, `refresh`, `connection`; see
 * server/notifications/live.server.ts) and, when the page shows a pair, its price (`status`,
 * `price`; core/prices/wire.ts). One stream per tab, because a browser opens about six connections
 * per site across all its tabs. Needs an access session and ends with it. All the member's tabs
 * share one upstream notification socket (the bridge), all browsers one price socket per pair.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context);
  const pair = new URL(request.url).searchParams.get("pair");
  if (pair !== null && !PAIR_PATTERN.test(pair)) {
    return new Response("Par inválido", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const { memberId, productJwt } = access.data;
  const sessionId = access.session.id;
  const signal = sessionStreamSignal({ sessionId, cookieHeader: request.headers.get("Cookie"), signal: request.signal });
  const bridge = notificationBridge();
  const notifications = notificationEvents({
    subscribe: (listener) => bridge.subscribe(memberId, productJwt, listener),
    // What a tab was told live is not told again as a toast on the next page.
    onTold: (createdAt) => {
      markSeen(sessionId, createdAt).catch((error: unknown) =>
        context.log.warn({ event: "notifications_seen_unsaved", err: String(error) }, "seen mark not saved"),
      );
    },
  });
  const prices = pair === null ? null : priceEvents(pair, priceHub());
  return eventStreamResponse(signal, { endsAt: sessionEndsAt(access.data.expiresAt, access.data.startedAt) }, (write, close) => {
    const stopNotifications = notifications(write);
    const stopPrices = prices?.(write, close);
    return () => {
      stopNotifications();
      stopPrices?.();
    };
  });
}
