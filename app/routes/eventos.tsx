import type { LoaderFunctionArgs } from "@remix-run/node";

import { liveChannelResponse } from "#server/live/channel.server";

/**
 * GET /eventos[?pair=USD/MXN] — the tab's one live channel as Server-Sent Events (decision 031):
 * the member's notifications (events `toast`, `count`, `refresh`, `connection`; see
 * server/notifications/live.server.ts) and, when the page shows a pair, its price (`status`,
 * `price`; core/prices/wire.ts). One stream per tab, because a browser opens about six connections
 * per site across all its tabs. Needs an access session and ends with it. All the member's tabs
 * share one upstream notification socket (the bridge), all browsers one price socket per pair.
 * The HTTP server answers this path itself (server/live/channel.server.ts, decision 042); this
 * route gives the same answer through Remix.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return liveChannelResponse(request, context.log, false);
}
