import { useEffect, useRef, useState } from "react";

import type { RatePoint } from "#core/domain/rate-history";
import { mergeTick, midRate } from "#core/domain/rate-history";
import type { PriceEvent } from "#core/prices/wire";

import { useLiveChannel, useLiveEvent } from "../live/live-channel";

/** Ticks come every 250 ms; a chart redraws at most once a second. */
const REDRAW_MS = 1_000;

/**
 * The server-rendered series, then, with JavaScript and while `follow` is on, the pair's live ticks
 * (the mid of the best buy and sell) merged in: the last point moves and a new one starts each
 * `stepMs`. The route must name the pair in `handle.livePair` for the tab's channel to carry it.
 */
export function useLiveSeries(pair: string, points: readonly RatePoint[], stepMs: number, follow: boolean): RatePoint[] {
  const [series, setSeries] = useState<readonly RatePoint[]>(points);
  const lastDraw = useRef(0);
  const channel = useLiveChannel();

  useEffect(() => {
    setSeries(points);
  }, [points]);

  useLiveEvent<PriceEvent>(channel, "price", (event) => {
    if (!follow || event.pair !== pair || event.stale) return;
    const rate = midRate(event.buy.price, event.sell.price);
    const now = Date.now();
    if (rate === null || now - lastDraw.current < REDRAW_MS) return;
    lastDraw.current = now;
    setSeries((current) => mergeTick(current, { at: event.ts, rate }, stepMs));
  });

  return series as RatePoint[];
}
