import type { LoaderFunctionArgs } from "@remix-run/node";

import { sessionEndsAt } from "#core/domain/session-timing";
import { notificationBridge } from "#server/notifications/bridge.server";
import { notificationStream } from "#server/notifications/live.server";
import { markSeen } from "#server/notifications/seen.server";
import { requireAccess } from "#server/session/auth.server";
import { sessionStreamSignal } from "#server/session/streams.server";

/**
 * GET /eventos — the tab's live channel as Server-Sent Events (events `toast`, `count`,
 * `refresh`, `connection`; see server/notifications/live.server.ts). Needs an access session and
 * ends with it. All the member's tabs share one upstream notification socket (the bridge).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context);
  const { memberId, productJwt } = access.data;
  const sessionId = access.session.id;
  const signal = sessionStreamSignal({ sessionId, cookieHeader: request.headers.get("Cookie"), signal: request.signal });
  const bridge = notificationBridge();
  return notificationStream(signal, {
    subscribe: (listener) => bridge.subscribe(memberId, productJwt, listener),
    // What a tab was told live is not told again as a toast on the next page.
    onTold: (createdAt) => {
      markSeen(sessionId, createdAt).catch((error: unknown) =>
        context.log.warn({ event: "notifications_seen_unsaved", err: String(error) }, "seen mark not saved"),
      );
    },
    endsAt: sessionEndsAt(access.data.expiresAt, access.data.startedAt),
  });
}
