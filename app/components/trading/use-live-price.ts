import { useEffect, useState } from "react";

import type { PriceEvent, PriceStatusEvent } from "#core/prices/wire";
import { priceStreamPath } from "#core/prices/wire";

const PRICE_EVENT = "price";
const STATUS_EVENT = "status";

/**
 * The pair's live quote over Server-Sent Events, starting from what the server rendered. Without
 * JS the server-rendered quote is what the person sees (and 'Cotizar' refreshes it).
 */
export function useLivePrice(pair: string | null, initial: { price: PriceEvent | null; status: PriceStatusEvent | null }) {
  const [price, setPrice] = useState(initial.price);
  const [status, setStatus] = useState(initial.status);

  useEffect(() => {
    setPrice(initial.price);
    setStatus(initial.status);
  }, [initial.price, initial.status]);

  useEffect(() => {
    if (!pair || typeof EventSource === "undefined") return;
    const source = new EventSource(priceStreamPath(pair));
    const onPrice = (event: MessageEvent<string>) => setPrice(JSON.parse(event.data) as PriceEvent);
    const onStatus = (event: MessageEvent<string>) => setStatus(JSON.parse(event.data) as PriceStatusEvent);
    source.addEventListener(PRICE_EVENT, onPrice);
    source.addEventListener(STATUS_EVENT, onStatus);
    return () => source.close();
  }, [pair]);

  return { price, status };
}
