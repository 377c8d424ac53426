import { useEffect, useState } from "react";

import type { PriceEvent, PriceStatusEvent } from "#core/prices/wire";

import { useLiveChannel, useLiveEvent } from "../live/live-channel";

/**
 * The pair's live quote over the tab's live channel (the route names its pair in
 * `handle.livePair`, so the channel carries it), starting from what the server rendered.
 * Without JS the server-rendered quote is what the person sees (and 'Cotizar' refreshes it).
 */
export function useLivePrice(pair: string | null, initial: { price: PriceEvent | null; status: PriceStatusEvent | null }) {
  const [price, setPrice] = useState(initial.price);
  const [status, setStatus] = useState(initial.status);
  const channel = useLiveChannel();

  useEffect(() => {
    setPrice(initial.price);
    setStatus(initial.status);
  }, [initial.price, initial.status]);

  useLiveEvent<PriceEvent>(channel, "price", (event) => {
    if (event.pair === pair) setPrice(event);
  });
  useLiveEvent<PriceStatusEvent>(channel, "status", setStatus);

  return { price, status };
}
