import type { ServerResponse } from "node:http";

import { redirect } from "@remix-run/node";

import { sessionEndsAt } from "#core/domain/session-timing";
import { PAIR_PATTERN } from "#core/prices/wire";

import type { EventStreamOptions, StreamStart } from "../http/event-stream.server";
import { EVENT_STREAM_HEADERS, eventStreamResponse, runEventStream } from "../http/event-stream.server";
import type { Logger } from "../logger.server";
import { notificationBridge } from "../notifications/bridge.server";
import { notificationEvents } from "../notifications/live.server";
import { markSeen } from "../notifications/seen.server";
import { priceHub } from "../prices/hub.server";
import { priceEvents } from "../prices/stream.server";
import { accessOf, stateRedirect } from "../session/auth.server";
import { getSessionStorage } from "../session/storage.server";
import { sessionStreamSignal } from "../session/streams.server";

/**
 * A tab's live channel (decision 031), whoever serves it: GET /eventos[?pair=A&pair=B] carries the
 * member's notifications and, while a page shows pairs, their prices (decision 045); GET /precios/stream?pair= only the price.
 * The HTTP server answers both itself, straight onto the socket (serveLiveChannel, decision 042),
 * so a connection held for hours costs its socket and a few closures rather than a whole Remix
 * request; the Remix routes answer the same through a web stream.
 */
export type LiveChannel =
  | { kind: "redirect"; location: string }
  | { kind: "badPair" }
  | { kind: "stream"; signal: AbortSignal; options: EventStreamOptions; start: StreamStart };

export const LIVE_CHANNEL_PATHS = ["/eventos", "/precios/stream"] as const;

/** A page shows at most this many pairs live (monitoring: every pair of the catalogue). */
export const MAX_LIVE_PAIRS = 9;

export async function openLiveChannel(input: {
  cookieHeader: string | null;
  /** Every `?pair=` given (monitoring shows several; /precios/stream takes one). */
  pairs: string[];
  /** /precios/stream: the price only, and a pair is required. */
  pricesOnly: boolean;
  /** The browser's own signal: the tab went away. */
  signal: AbortSignal;
  log: Logger;
}): Promise<LiveChannel> {
  const session = await getSessionStorage().getSession(input.cookieHeader);
  const location = stateRedirect(session, ["accessState"]);
  if (location) return { kind: "redirect", location };
  const access = accessOf(session);
  if (!access) return { kind: "redirect", location: "/error" };
  const { data } = access;
  const { pricesOnly } = input;
  const pairs = [...new Set(input.pairs)];
  if (pricesOnly && pairs.length !== 1) return { kind: "badPair" };
  if (pairs.length > MAX_LIVE_PAIRS || pairs.some((pair) => !PAIR_PATTERN.test(pair))) return { kind: "badPair" };

  const sessionId = session.id;
  // The stream ends with the session: logout, expiry, or a newer login past the member's limit.
  const signal = sessionStreamSignal({ sessionId, cookieHeader: input.cookieHeader, signal: input.signal });
  const options = { endsAt: sessionEndsAt(data.expiresAt, data.startedAt) };
  const hub = priceHub();
  const prices = pairs.map((pair) => priceEvents(pair, hub));
  if (pricesOnly) return { kind: "stream", signal, options, start: prices[0]! };

  const { memberId, productJwt } = data;
  const bridge = notificationBridge();
  const notifications = notificationEvents({
    subscribe: (listener) => bridge.subscribe(memberId, productJwt, listener),
    // What a tab was told live is not told again as a toast on the next page.
    onTold: (createdAt) => {
      markSeen(sessionId, createdAt).catch((error: unknown) =>
        input.log.warn({ event: "notifications_seen_unsaved", err: String(error) }, "seen mark not saved"),
      );
    },
  });
  const start: StreamStart = (write, close) => {
    const stopNotifications = notifications(write);
    const stopPrices = prices.map((start) => start(write, close));
    return () => {
      stopNotifications();
      for (const stop of stopPrices) stop();
    };
  };
  return { kind: "stream", signal, options, start };
}

/** The HTTP server's answer to a live channel's GET, written straight to the socket. */
export function serveLiveChannel(
  request: { url: URL; cookieHeader: string | null; pricesOnly: boolean },
  res: ServerResponse,
  log: Logger,
): void {
  const gone = new AbortController();
  res.once("close", () => gone.abort());
  openLiveChannel({
    cookieHeader: request.cookieHeader,
    pairs: request.url.searchParams.getAll("pair"),
    pricesOnly: request.pricesOnly,
    signal: gone.signal,
    log,
  })
    .then((channel) => {
      if (channel.kind === "redirect") {
        res.writeHead(302, { Location: channel.location, "Cache-Control": "no-store" }).end();
      } else if (channel.kind === "badPair") {
        res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).end("Par inválido");
      } else {
        res.writeHead(200, EVENT_STREAM_HEADERS);
        res.flushHeaders();
        runEventStream(channel.signal, channel.options, channel.start, {
          write(bytes) {
            if (res.destroyed || res.writableEnded) return false;
            res.write(bytes);
            return true;
          },
          end() {
            if (!res.writableEnded) res.end();
          },
        });
      }
    })
    .catch((error: unknown) => {
      log.error({ event: "live_channel_failed", err: error instanceof Error ? error.message : String(error) }, "live channel failed");
      if (!res.headersSent) res.writeHead(500, { "Cache-Control": "no-store" }).end();
      else res.destroy();
    });
}

/** The same answer through Remix (the routes /eventos and /precios/stream). */
export async function liveChannelResponse(request: Request, log: Logger, pricesOnly: boolean): Promise<Response> {
  const channel = await openLiveChannel({
    cookieHeader: request.headers.get("Cookie"),
    pairs: new URL(request.url).searchParams.getAll("pair"),
    pricesOnly,
    signal: request.signal,
    log,
  });
  if (channel.kind === "redirect") throw redirect(channel.location);
  if (channel.kind === "badPair") {
    return new Response("Par inválido", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return eventStreamResponse(channel.signal, channel.options, channel.start);
}
