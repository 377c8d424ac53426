import type { IncomingMessage, ServerResponse } from "node:http";

import { redirect } from "@remix-run/node";

import { tabIdOf } from "#core/domain/live-streams";
import { sessionEndsAt } from "#core/domain/session-timing";
import { PAIR_PATTERN } from "#core/prices/wire";

import { getConfig } from "../config.server";
import type { EventStreamOptions, StopSignal, StreamSink, StreamStart } from "../http/event-stream.server";
import { Ending, EVENT_STREAM_HEADERS, eventStreamResponse, runEventStream } from "../http/event-stream.server";
import type { Logger } from "../logger.server";
import { notificationBridge } from "../notifications/bridge.server";
import { notificationEvents } from "../notifications/live.server";
import { markSeen } from "../notifications/seen.server";
import { priceHub } from "../prices/hub.server";
import { priceEvents } from "../prices/stream.server";
import { accessOf, stateRedirect } from "../session/auth.server";
import { getSessionStorage } from "../session/storage.server";
import { sessionStreamSignal } from "../session/streams.server";
import { admitStream, holdStream } from "./stream-caps.server";

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
  | { kind: "tooMany" }
  | { kind: "stream"; signal: StopSignal; options: EventStreamOptions; start: StreamStart };

export const LIVE_CHANNEL_PATHS = ["/eventos", "/precios/stream"] as const;

/** A page shows at most this many pairs live (monitoring: every pair of the catalogue). */
export const MAX_LIVE_PAIRS = 9;

export async function openLiveChannel(input: {
  cookieHeader: string | null;
  /** Every `?pair=` given (monitoring shows several; /precios/stream takes one). */
  pairs: string[];
  /** /precios/stream: the price only, and a pair is required. */
  pricesOnly: boolean;
  /** `?tab=`: the page's own id, the same when its stream reconnects (decision 100). */
  tab: string | null;
  /** The browser's own signal: the tab went away. */
  signal: StopSignal;
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
  // Bounded per session and per instance (decision 100); admission and hold run in one turn.
  const config = getConfig();
  const tab = tabIdOf(input.tab);
  const admission = admitStream(sessionId, tab, {
    perSession: config.LIVE_STREAMS_PER_SESSION,
    perInstance: config.LIVE_STREAMS_PER_INSTANCE,
  });
  if (!admission.admit) {
    input.log.warn({ event: "live_stream_refused", reason: admission.reason }, "live stream refused past its cap");
    return { kind: "tooMany" };
  }
  // The stream ends with the session: logout, expiry, or a newer login past the member's limit.
  const signal = sessionStreamSignal({ sessionId, cookieHeader: input.cookieHeader, signal: input.signal });
  holdStream(sessionId, tab, signal, admission.replaces);
  const options = { endsAt: sessionEndsAt(data.expiresAt, data.startedAt) };
  const hub = priceHub();
  const prices = pairs.map((pair) => priceEvents(pair, hub));
  if (pricesOnly) return { kind: "stream", signal, options, start: prices[0]! };

  const { memberId, productJwt } = data;
  // What the closures below keep for the stream's life: the logger, not the request's input (its cookie).
  const { log } = input;
  const bridge = notificationBridge();
  const notifications = notificationEvents({
    subscribe: (listener) => bridge.subscribe(memberId, productJwt, listener),
    // What a tab was told live is not told again as a toast on the next page.
    onTold: (createdAt) => {
      markSeen(sessionId, createdAt).catch((error: unknown) =>
        log.warn({ event: "notifications_seen_unsaved", err: String(error) }, "seen mark not saved"),
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

/** Every answer of the live channel served by the HTTP server, written in one go (nothing stored on the response). */
const NO_STORE = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" } as const;
const LIVE_STREAM_HEADERS = { ...EVENT_STREAM_HEADERS, "X-Content-Type-Options": "nosniff" } as const;

/** A refused stream: EventSource gives up on a 429; a page opened later tries again. */
const TOO_MANY_STREAMS = "Demasiadas conexiones en vivo abiertas";
const STREAM_RETRY_S = "30";

/** Whether the HTTP server answers this request itself (a GET of a live channel's path). */
export function isLiveChannelRequest(req: IncomingMessage): boolean {
  if (req.method !== "GET") return false;
  const pathname = (req.url ?? "/").split("?", 1)[0];
  return (LIVE_CHANNEL_PATHS as readonly string[]).includes(pathname);
}

/**
 * The HTTP server's answer to a live channel's GET, written straight to the socket. What a tab
 * holds for hours is kept small (decision 070): the request's headers and URL are let go once the cookie
 * and the pairs are read (a browser sends a kilobyte or two of them), the answer's headers are
 * written at once rather than set one by one on the response, and the tab's end is a light Ending.
 */
export function serveLiveChannel(req: IncomingMessage, res: ServerResponse, appOrigin: string, log: Logger): void {
  let url: URL;
  try {
    url = new URL(req.url ?? "/", appOrigin);
  } catch {
    res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE }).end("Solicitud inválida");
    return;
  }
  const cookieHeader = req.headers.cookie ?? null;
  req.headers = {};
  req.rawHeaders.length = 0;
  req.url = "";
  const gone = new Ending();
  // `on`, not `once`: a response closes once, and `once` would keep a wrapper object and a bound function per tab.
  res.on("close", () => gone.abort());
  openLiveChannel({
    cookieHeader,
    pairs: url.searchParams.getAll("pair"),
    pricesOnly: url.pathname === "/precios/stream",
    tab: url.searchParams.get("tab"),
    signal: gone,
    log,
  })
    .then((channel) => {
      if (channel.kind === "redirect") {
        res.writeHead(302, { Location: channel.location, ...NO_STORE }).end();
      } else if (channel.kind === "badPair") {
        res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE }).end("Par inválido");
      } else if (channel.kind === "tooMany") {
        res
          .writeHead(429, { "Content-Type": "text/plain; charset=utf-8", "Retry-After": STREAM_RETRY_S, ...NO_STORE })
          .end(TOO_MANY_STREAMS);
      } else {
        res.writeHead(200, LIVE_STREAM_HEADERS);
        res.flushHeaders();
        runEventStream(channel.signal, channel.options, channel.start, responseSink(res));
      }
    })
    .catch((error: unknown) => {
      log.error({ event: "live_channel_failed", err: error instanceof Error ? error.message : String(error) }, "live channel failed");
      if (!res.headersSent) res.writeHead(500, NO_STORE).end();
      else res.destroy();
    });
}

/**
 * A tab that reads nothing (a frozen laptop, a stalled network) must not make the server keep every
 * frame for it: past this many bytes not yet taken by the socket, its connection is cut and its
 * browser reconnects (EventSource does) to the current price (decision 070). About 100 price frames.
 */
export const MAX_BACKLOG_BYTES = 64 * 1024;

type SinkResponse = Pick<ServerResponse, "destroyed" | "writableEnded" | "writableLength" | "write" | "end" | "destroy">;

/** Where a live channel's bytes go on the HTTP server's path: the Node response, with a bounded backlog. */
export function responseSink(res: SinkResponse, maxBacklog = MAX_BACKLOG_BYTES): StreamSink {
  return {
    write(bytes) {
      if (res.destroyed || res.writableEnded) return false;
      if (res.writableLength > maxBacklog) {
        res.destroy();
        return false;
      }
      res.write(bytes);
      return true;
    },
    end() {
      if (!res.writableEnded && !res.destroyed) res.end();
    },
  };
}

/** The same answer through Remix (the routes /eventos and /precios/stream). */
export async function liveChannelResponse(request: Request, log: Logger, pricesOnly: boolean): Promise<Response> {
  const channel = await openLiveChannel({
    cookieHeader: request.headers.get("Cookie"),
    pairs: new URL(request.url).searchParams.getAll("pair"),
    pricesOnly,
    tab: new URL(request.url).searchParams.get("tab"),
    signal: request.signal,
    log,
  });
  if (channel.kind === "redirect") throw redirect(channel.location);
  if (channel.kind === "tooMany") {
    return new Response(TOO_MANY_STREAMS, {
      status: 429,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": STREAM_RETRY_S },
    });
  }
  if (channel.kind === "badPair") {
    return new Response("Par inválido", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return eventStreamResponse(channel.signal, channel.options, channel.start);
}
