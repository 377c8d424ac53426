import WebSocket from "isomorphic-ws";
import { z } from "zod";

import type { PairQuote, ProviderQuote } from "#core/domain/prices";

import type { Logger } from "../logger.server";

/**
 * The upstream price socket of one pair (SPEC §7 'Price websocket'; contract 'Price WebSocket'):
 * sends `{ type: "message", msg: pair }`, receives `{ type: "message", msg: "<JSON>" }` frames
 * whose inner JSON holds one entry per liquidity provider. Every frame is checked; a bad one is
 * logged and skipped. A lost or silent socket is reported `down` and replaced, with exponential
 * back-off and jitter; the counter resets on the first good tick, so a server that accepts and
 * drops at once is not hammered.
 */

export type FeedStatus = "up" | "down" | "unavailable";

export interface FeedHandlers {
  onQuote(quote: PairQuote): void;
  /** Called on changes only: `up` on the first good tick of a connection, `down` when it is lost. */
  onStatus(status: FeedStatus): void;
}

export interface PriceFeed {
  /** Stops for good: closes the socket, cancels timers, reports nothing more. */
  close(): void;
}

/** Opens a feed for one pair; the hub takes one, so tests and the Redis fan-out can swap it. */
export type FeedFactory = (pair: string, handlers: FeedHandlers) => PriceFeed;

export interface PriceFeedOptions extends FeedHandlers {
  url: string;
  pair: string;
  log: Logger;
  /** First reconnection delay and its cap; doubles in between. Default 500 ms → 30 s. */
  backoff?: { initialMs: number; maxMs: number };
  /** No tick for this long (or no connection within it) counts as down. Default 5 s (20 ticks). */
  silenceMs?: number;
  /** For jitter; Math.random by default. */
  random?: () => number;
}

export const DEFAULT_BACKOFF = { initialMs: 500, maxMs: 30_000 } as const;
export const DEFAULT_SILENCE_MS = 5_000;

/** Delay before reconnection attempt `attempt` (0-based): doubling, capped, half of it jittered. */
export function backoffDelay(attempt: number, backoff: { initialMs: number; maxMs: number }, random: () => number): number {
  const base = Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(base / 2 + (random() * base) / 2);
}

const frameSchema = z.object({ type: z.literal("message"), msg: z.string() });
const responseSchema = z.object({ cp: z.string(), ts: z.number().finite(), code: z.number().int(), msg: z.string() }).passthrough();
const providerSchema = z
  .object({
    Buy: z.number().finite().positive(),
    Sell: z.number().finite().positive(),
    sig: z.string().min(1),
    ts: z.number().finite(),
    lpId: z.string().min(1),
  })
  .refine((quote) => quote.Buy < quote.Sell, "Buy debe ser menor que Sell");

const RESPONSE_FIELDS = new Set(["cp", "ts", "code", "msg"]);

export type ParsedFrame =
  | { kind: "quote"; quote: PairQuote; rejected: string[] }
  | { kind: "unavailable" }
  | { kind: "ignored"; reason: string }
  | { kind: "invalid"; reason: string };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * One frame of the price socket for `pair`. Providers that fail the schema are left out (and
 * named in `rejected`); a frame with no usable provider is invalid. Pure, for tests.
 */
export function parsePriceFrame(raw: string, pair: string): ParsedFrame {
  const outer = frameSchema.safeParse(parseJson(raw));
  if (!outer.success) return { kind: "invalid", reason: "envelope" };
  const response = responseSchema.safeParse(parseJson(outer.data.msg));
  if (!response.success) return { kind: "invalid", reason: "response" };
  const { cp, ts, code, ...rest } = response.data;
  if (cp !== pair) return { kind: "ignored", reason: `pair ${cp}` };
  if (code === 404) return { kind: "unavailable" };
  if (code !== 200) return { kind: "invalid", reason: `code ${code}` };

  const providers: ProviderQuote[] = [];
  const rejected: string[] = [];
  for (const [key, value] of Object.entries(rest)) {
    if (RESPONSE_FIELDS.has(key) || typeof value !== "object" || value === null) continue;
    const provider = providerSchema.safeParse(value);
    if (!provider.success || provider.data.lpId !== key) {
      rejected.push(key);
      continue;
    }
    const { lpId, Buy, Sell, sig, ts: quotedAt } = provider.data;
    providers.push({ lpId, buy: Buy, sell: Sell, sig, ts: quotedAt });
  }
  if (providers.length === 0) return { kind: "invalid", reason: "no providers" };
  // PairQuote keeps providers best first for a client who buys (lowest Sell first, decision 094).
  providers.sort((a, b) => a.sell - b.sell);
  return { kind: "quote", quote: { pair, ts, providers }, rejected };
}

export function createPriceFeed(options: PriceFeedOptions): PriceFeed {
  const { url, pair, onQuote, onStatus } = options;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const silenceMs = options.silenceMs ?? DEFAULT_SILENCE_MS;
  const random = options.random ?? Math.random;
  const log = options.log.child({ component: "price-feed", pair });

  let socket: WebSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let reported: FeedStatus | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let silenceTimer: NodeJS.Timeout | null = null;

  function report(status: FeedStatus): void {
    if (stopped || reported === status) return;
    reported = status;
    log.info({ status }, "price feed status");
    try {
      onStatus(status);
    } catch (error) {
      log.error({ err: error }, "price status handler failed");
    }
  }

  function clearSilence(): void {
    if (silenceTimer) clearTimeout(silenceTimer);
    silenceTimer = null;
  }

  function connect(): void {
    reconnectTimer = null;
    if (stopped) return;
    const ws = new WebSocket(url);
    socket = ws;
    // Covers a handshake that never completes as well as a socket that stops ticking.
    silenceTimer = setTimeout(() => {
      log.warn({ silenceMs }, "price feed silent; reconnecting");
      ws.terminate();
    }, silenceMs);

    ws.on("open", () => {
      ws.send(JSON.stringify({ type: "message", msg: pair }));
    });
    ws.on("message", (data, isBinary) => {
      if (isBinary || socket !== ws) return;
      onFrame(ws, data.toString());
    });
    ws.on("error", (error) => {
      log.debug({ err: error.message }, "price socket error");
    });
    ws.on("close", (code) => {
      if (socket !== ws) return;
      socket = null;
      clearSilence();
      if (stopped) return;
      if (reported === "unavailable") return;
      report("down");
      const delay = backoffDelay(attempt, backoff, random);
      attempt += 1;
      log.info({ code, delayMs: delay, attempt }, "price socket closed; reconnecting");
      reconnectTimer = setTimeout(connect, delay);
    });
  }

  function onFrame(ws: WebSocket, raw: string): void {
    let parsed: ParsedFrame;
    try {
      parsed = parsePriceFrame(raw, pair);
    } catch (error) {
      parsed = { kind: "invalid", reason: error instanceof Error ? error.message : "parse" };
    }
    switch (parsed.kind) {
      case "quote": {
        silenceTimer?.refresh();
        attempt = 0;
        if (parsed.rejected.length > 0) log.warn({ rejected: parsed.rejected }, "price providers skipped");
        report("up");
        try {
          onQuote(parsed.quote);
        } catch (error) {
          log.error({ err: error }, "price quote handler failed");
        }
        return;
      }
      case "unavailable":
        log.warn("pair not quoted by the price service");
        report("unavailable");
        clearSilence();
        ws.close();
        return;
      case "ignored":
        log.debug({ reason: parsed.reason }, "price frame ignored");
        return;
      case "invalid":
        log.warn({ reason: parsed.reason, frame: raw.slice(0, 200) }, "bad price frame skipped");
        return;
    }
  }

  connect();

  return {
    close() {
      if (stopped) return;
      stopped = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      clearSilence();
      const ws = socket;
      socket = null;
      ws?.terminate();
    },
  };
}
