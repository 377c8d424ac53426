import type { LoaderFunctionArgs } from "@remix-run/node";

import { sessionEndsAt } from "#core/domain/session-timing";
import { PAIR_PATTERN } from "#core/prices/wire";
import { priceHub } from "#server/prices/hub.server";
import { priceStream } from "#server/prices/stream.server";
import { requireAccess } from "#server/session/auth.server";
import { sessionStreamSignal } from "#server/session/streams.server";

/**
 * GET /precios/stream?pair=USD/MXN — the live price of one pair as Server-Sent Events (events
 * `status` and `price`, shapes in server/prices/wire.ts). Needs an access session; the stream
 * ends when the session does. All browsers share one upstream socket per pair (the hub).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context);
  const pair = new URL(request.url).searchParams.get("pair") ?? "";
  if (!PAIR_PATTERN.test(pair)) {
    return new Response("Par inválido", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  // The stream ends with the session: logout, expiry, or a newer login past the member's limit.
  const signal = sessionStreamSignal({ sessionId: access.session.id, cookieHeader: request.headers.get("Cookie"), signal: request.signal });
  return priceStream(signal, pair, { hub: priceHub(), endsAt: sessionEndsAt(access.data.expiresAt, access.data.startedAt) });
}
