import type { LoaderFunctionArgs } from "@remix-run/node";

import { liveChannelResponse } from "#server/live/channel.server";

/**
 * GET /precios/stream?pair=USD/MXN — the live price of one pair as Server-Sent Events (events
 * `status` and `price`, shapes in core/prices/wire.ts). Needs an access session; the stream
 * ends when the session does. All browsers share one upstream socket per pair (the hub). Served
 * by the HTTP server itself like /eventos (decision 042).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return liveChannelResponse(request, context.log, true);
}
