import { useCallback, useEffect, useRef, useState } from "react";

import type { PriceEvent, PriceStatusEvent } from "#core/prices/wire";

import { useLiveChannel, useLiveEvent } from "../live/live-channel";
import type { MemberMargin } from "./use-member-margin";

/**
 * How often the shown price may change: ticks arrive several times a second, and a
 * figure that repaints that fast cannot be read. The newest tick is shown at most this often.
 */
export const PRICE_PACE_MS = 2_000;

/** What the dashboard's islands (the price panel, the calculator) read while the page is open (decision 082). */
export type LiveFigures = Pick<LivePrice, "price" | "previous" | "status" | "paused"> & { margin: MemberMargin };

export interface LivePrice {
  /** The price on screen (the newest tick, at a calm pace; frozen while paused). */
  price: PriceEvent | null;
  /** The price shown before it, for the up / down marks; null until a second one shows. */
  previous: PriceEvent | null;
  status: PriceStatusEvent | null;
  paused: boolean;
  /** Pause or resume the live figures (WCAG 2.2.2); resuming shows the newest tick at once. */
  setPaused: (paused: boolean) => void;
}

/**
 * The pair's live quote over the tab's live channel (the route names its pair in
 * `handle.livePair`, so the channel carries it), starting from what the server rendered.
 * Without JS the server-rendered quote is what the person sees, with 'Actualizar'.
 */
export function useLivePrice(pair: string | null, initial: { price: PriceEvent | null; status: PriceStatusEvent | null }): LivePrice {
  const [price, setPrice] = useState(initial.price);
  const [previous, setPrevious] = useState<PriceEvent | null>(null);
  const [status, setStatus] = useState(initial.status);
  const [paused, setPausedState] = useState(false);
  const channel = useLiveChannel();
  const shown = useRef(initial.price);
  const newest = useRef<PriceEvent | null>(null);
  const shownAt = useRef(0);
  const timer = useRef<number | null>(null);
  const pausedRef = useRef(false);

  const show = useCallback(() => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    const next = newest.current;
    if (!next || next === shown.current) return;
    setPrevious(shown.current && shown.current.pair === next.pair ? shown.current : null);
    shown.current = next;
    shownAt.current = Date.now();
    setPrice(next);
  }, []);

  useEffect(() => {
    shown.current = initial.price;
    newest.current = null;
    setPrice(initial.price);
    setPrevious(null);
    setStatus(initial.status);
  }, [initial.price, initial.status]);
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  useLiveEvent<PriceEvent>(channel, "price", (event) => {
    if (event.pair !== pair) return;
    newest.current = event;
    if (pausedRef.current || timer.current !== null) return;
    const wait = PRICE_PACE_MS - (Date.now() - shownAt.current);
    if (wait <= 0) show();
    else timer.current = window.setTimeout(show, wait);
  });
  useLiveEvent<PriceStatusEvent>(channel, "status", setStatus);

  const setPaused = useCallback(
    (value: boolean) => {
      pausedRef.current = value;
      setPausedState(value);
      if (value) {
        if (timer.current !== null) window.clearTimeout(timer.current);
        timer.current = null;
      } else show();
    },
    [show],
  );

  return { price, previous, status, paused, setPaused };
}
