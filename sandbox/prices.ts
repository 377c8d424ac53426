// The price WebSocket (PRICES_WS_URL, path /prices): several liquidity providers quoting every
// pair of the catalogue on a random walk, signed so /setoperation can tell a real quote from an
// invented one. Faults: `POST /__prices { mode }` — "silent" keeps sockets open without ticks,
// "drop" closes every price socket and every new one right after the upgrade, until "normal".

import type { IncomingMessage } from "node:http";

import type { WebSocket } from "ws";
import { z } from "zod";

import type { SandboxContext } from "./context";
import { json, parseWith, type Router } from "./http";
import { signQuote } from "./price-signing";
import { mulberry32 } from "./random";

export const PRICE_TICK_MS = 250;

/** Believable mid levels (contract); a pair outside this table answers 404. */
export const PAIR_LEVELS: Readonly<Record<string, number>> = {
  "USD/MXN": 17.2,
  "EUR/MXN": 18.6,
  "EUR/USD": 1.08,
  "GBP/MXN": 21.8,
  "CAD/MXN": 12.5,
  "USD/CAD": 1.38,
  "GBP/USD": 1.27,
  "USD/JPY": 150,
  "CHF/MXN": 19.5,
};

/** Each provider's half spread and how far its mid may sit from the market's, in basis points. */
const PROVIDERS = [
  { lpId: "LP-SANTANDER", halfSpreadBps: 9, skewBps: 4 },
  { lpId: "LP-CITI", halfSpreadBps: 7, skewBps: 5 },
  { lpId: "LP-JPM", halfSpreadBps: 6, skewBps: 3 },
  { lpId: "LP-BARCLAYS", halfSpreadBps: 10, skewBps: 6 },
  { lpId: "LP-HSBC", halfSpreadBps: 8, skewBps: 4 },
] as const;

export const PRICE_PROVIDER_IDS: readonly string[] = PROVIDERS.map((provider) => provider.lpId);

export type PriceMode = "normal" | "silent" | "drop";

const modeInput = z.object({ mode: z.enum(["normal", "silent", "drop"]) }).strict();
const subscribeInput = z.object({ type: z.literal("message"), msg: z.string() });

interface ProviderQuote {
  Buy: number;
  Sell: number;
  sig: string;
  ts: number;
  lpId: string;
}

interface Market {
  mid: number;
  /** Where the walk is pulled back to: the pair's level, or one a test set (`POST /__prices/level`). */
  level: number;
  /** Each provider's last quote: a provider does not requote on every tick. */
  quotes: Map<string, ProviderQuote>;
  /** The last frame sent for the pair and when, so a new subscriber gets it at once. */
  lastFrame: string | null;
  lastTs: number;
}

/**
 * A tick's best prices for the client (the product's reading of §7, decision 094): buying, the lowest Sell the
 * client can pay; selling, the highest Buy the client can receive.
 */
export interface BestPrices {
  buy: number;
  sell: number;
}

export type TickListener = (pair: string, best: BestPrices) => void;

export interface PriceFeed {
  /** Route for the sandbox's WebSocket server. */
  handle(socket: WebSocket, request: IncomingMessage): void;
  readonly mode: PriceMode;
  setMode(mode: PriceMode): void;
  /** Open price sockets. */
  sockets(): number;
  /** Sockets closed on arrival while dropping, since the last reset: a client's attempts to come back. */
  refused(): number;
  /** Called on every tick of every pair (price alerts are evaluated on them). */
  onTick(listener: TickListener): void;
  /** Tick periods the timer ran, silent ones too: a test sees ticks were due without sleeping. */
  periods(): number;
  /** Pairs that tick even when no socket listens (those with active price alerts). */
  watch(pairs: ReadonlySet<string>): void;
  /** Moves a pair's market to `level` now, ticks it and answers its best prices. */
  setLevel(pair: string, level: number): BestPrices;
  /** The pair's current market mid (its level before the first tick), for the rate history. */
  mid(pair: string): number;
  /** /__reset: normal mode, markets back to their levels. */
  reset(): void;
  /** Terminates every socket and stops the timer. */
  close(): void;
}

/** Decimal places a pair is quoted with: 3 for ~150, 4 for ~17, 5 for ~1.1. */
export function quoteDecimals(level: number): number {
  if (level >= 100) return 3;
  if (level >= 5) return 4;
  return 5;
}

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

export function bestForClient(quotes: readonly { Buy: number; Sell: number }[]): BestPrices {
  return { buy: Math.min(...quotes.map((q) => q.Sell)), sell: Math.max(...quotes.map((q) => q.Buy)) };
}

function frame(payload: unknown): string {
  return JSON.stringify({ type: "message", msg: JSON.stringify(payload) });
}

export function createPriceFeed(ctx: SandboxContext, seed = 20_260_310): PriceFeed {
  let mode: PriceMode = "normal";
  let random = mulberry32(seed);
  const markets = new Map<string, Market>();
  const subscribers = new Map<string, Set<WebSocket>>();
  const pairOf = new Map<WebSocket, string>();
  const open = new Set<WebSocket>();
  let timer: NodeJS.Timeout | null = null;
  const tickListeners: TickListener[] = [];
  let watched: ReadonlySet<string> = new Set();

  const nowMs = () => ctx.now().getTime();

  function market(pair: string): Market {
    let found = markets.get(pair);
    if (!found) {
      found = { mid: PAIR_LEVELS[pair], level: PAIR_LEVELS[pair], quotes: new Map(), lastFrame: null, lastTs: 0 };
      markets.set(pair, found);
    }
    return found;
  }

  /** One step of the walk (pulled back towards the pair's level) and a fresh frame. */
  function tick(pair: string, requoteAll = false): string {
    const level = PAIR_LEVELS[pair];
    const decimals = quoteDecimals(level);
    const unit = 10 ** -decimals;
    const m = market(pair);
    const shock = (random() - 0.5) * 2 * 0.00015; // up to ±1.5 bp a tick
    m.mid = m.mid * (1 + shock) + (m.level - m.mid) * 0.002;
    const ts = nowMs();
    const secret = ctx.state.priceSecret;
    for (const provider of PROVIDERS) {
      const previous = m.quotes.get(provider.lpId);
      // Roughly one provider in four keeps its previous quote on a given tick.
      if (previous && random() < 0.25 && !requoteAll) continue;
      const providerMid = m.mid * (1 + ((random() - 0.5) * 2 * provider.skewBps) / 10_000);
      const half = (m.mid * provider.halfSpreadBps) / 10_000;
      const Buy = round(providerMid - half, decimals);
      const Sell = round(Math.max(providerMid + half, Buy + unit), decimals);
      const quote = { cp: pair, lpId: provider.lpId, Buy, Sell, ts };
      m.quotes.set(provider.lpId, { Buy, Sell, sig: signQuote(secret, quote), ts, lpId: provider.lpId });
    }
    const payload: Record<string, unknown> = { cp: pair, ts, code: 200, msg: "OK" };
    for (const [lpId, quote] of m.quotes) payload[lpId] = quote;
    m.lastFrame = frame(payload);
    m.lastTs = ts;
    const best = bestForClient([...m.quotes.values()]);
    for (const listener of tickListeners) listener(pair, best);
    return m.lastFrame;
  }

  function sendTo(socket: WebSocket, data: string): void {
    if (socket.readyState === socket.OPEN) socket.send(data);
  }

  let periodCount = 0;

  function onTimer(): void {
    periodCount += 1;
    if (mode !== "normal") return;
    for (const [pair, sockets] of subscribers) {
      if (sockets.size === 0) continue;
      const data = tick(pair);
      for (const socket of sockets) sendTo(socket, data);
    }
    for (const pair of watched) if (!subscribers.get(pair)?.size) tick(pair);
  }

  function syncTimer(): void {
    const busy = open.size > 0 || watched.size > 0;
    if (busy && !timer) {
      timer = setInterval(onTimer, PRICE_TICK_MS);
    } else if (!busy && timer) {
      clearInterval(timer);
      timer = null;
    }
  }

  function unsubscribe(socket: WebSocket): void {
    const pair = pairOf.get(socket);
    if (pair === undefined) return;
    pairOf.delete(socket);
    const sockets = subscribers.get(pair);
    sockets?.delete(socket);
    if (sockets?.size === 0) subscribers.delete(pair);
  }

  function subscribe(socket: WebSocket, pair: string): void {
    unsubscribe(socket);
    if (!(pair in PAIR_LEVELS)) {
      sendTo(socket, frame({ cp: pair, ts: nowMs(), code: 404, msg: "Par no disponible" }));
      return;
    }
    pairOf.set(socket, pair);
    let sockets = subscribers.get(pair);
    if (!sockets) {
      sockets = new Set();
      subscribers.set(pair, sockets);
    }
    sockets.add(socket);
    if (mode !== "normal") return;
    // First tick right away: the pair's current frame if it is from this tick period, else a new one.
    const m = markets.get(pair);
    const fresh = m?.lastFrame && nowMs() - m.lastTs < PRICE_TICK_MS ? m.lastFrame : tick(pair);
    sendTo(socket, fresh);
  }

  function onMessage(socket: WebSocket, raw: string): void {
    let input: unknown;
    try {
      input = JSON.parse(raw);
    } catch {
      input = undefined;
    }
    const parsed = subscribeInput.safeParse(input);
    if (!parsed.success) {
      sendTo(socket, frame({ cp: "", ts: nowMs(), code: 400, msg: "Mensaje inválido" }));
      return;
    }
    subscribe(socket, parsed.data.msg.trim().toUpperCase());
  }

  let refusedCount = 0;

  /** Like a network cut: no close frame. Counted as closed at once, not when 'close' fires. */
  function dropAll(): void {
    for (const socket of open) {
      unsubscribe(socket);
      socket.terminate();
    }
    open.clear();
    syncTimer();
  }

  return {
    handle(socket) {
      if (mode === "drop") {
        refusedCount += 1;
        socket.close(1013, "Servicio de precios no disponible");
        return;
      }
      open.add(socket);
      syncTimer();
      socket.on("message", (data, isBinary) => {
        if (isBinary) return;
        onMessage(socket, data.toString());
      });
      socket.on("close", () => {
        unsubscribe(socket);
        open.delete(socket);
        syncTimer();
      });
      socket.on("error", (error) => ctx.logger.info({ err: error.message }, "price socket error"));
    },
    get mode() {
      return mode;
    },
    setMode(next) {
      mode = next;
      if (next === "drop") dropAll();
      ctx.logger.info({ mode: next }, "price feed mode");
    },
    sockets: () => open.size,
    refused: () => refusedCount,
    periods: () => periodCount,
    onTick(listener) {
      tickListeners.push(listener);
    },
    watch(pairs) {
      watched = new Set([...pairs].filter((pair) => pair in PAIR_LEVELS));
      if (mode !== "drop") syncTimer();
    },
    setLevel(pair, level) {
      const m = market(pair);
      m.level = level;
      m.mid = level;
      // Every provider requotes at the new level, as after a jump in the market.
      const data = tick(pair, true);
      for (const socket of subscribers.get(pair) ?? []) sendTo(socket, data);
      return bestForClient([...m.quotes.values()]);
    },
    mid: (pair) => markets.get(pair)?.mid ?? PAIR_LEVELS[pair],
    reset() {
      mode = "normal";
      refusedCount = 0;
      random = mulberry32(seed);
      markets.clear();
    },
    close() {
      mode = "drop";
      watched = new Set();
      dropAll();
    },
  };
}

/** `GET /__prices` → { mode, sockets, refused }; `POST /__prices { mode }` → the same after the change. */
export function registerPriceRoutes(router: Router, feed: PriceFeed): void {
  const status = () => json(200, { mode: feed.mode, sockets: feed.sockets(), refused: feed.refused() });
  router.get("/__prices", status).post("/__prices", ({ body }) => {
    feed.setMode(parseWith(modeInput, body).mode);
    return status();
  });
}
