import { describe, expect, it } from "vitest";

import { QUOTE_VALIDITY_MS as DOMAIN_VALIDITY_MS } from "../domain/prices";
import prices from "../locales/es-MX/prices.json";
import { toPriceEvent, toStatusEvent } from "./payload";
import { PAIR_PATTERN, PRICE_MESSAGE_KEYS, priceStreamPath, QUOTE_VALIDITY_MS } from "./wire";

const p = (lpId: string, buy: number, sell: number) => ({ lpId, buy, sell, sig: `sig-${lpId}`, ts: 5 });

describe("price payloads", () => {
  it("ranks both sides for the client, top 4, and flags a quote older than 20 minutes", () => {
    const quote = {
      pair: "USD/MXN",
      ts: 1_000,
      providers: [p("A", 17.1, 17.3), p("B", 17.05, 17.35), p("C", 17.12, 17.25), p("D", 17.0, 17.4), p("E", 17.2, 17.28)],
    };
    const event = toPriceEvent(quote, 1_000);
    expect(event.buy.top.map((x) => x.lpId)).toEqual(["C", "E", "A", "B"]);
    expect(event.buy.price).toBe(17.25);
    expect(event.sell.top.map((x) => x.lpId)).toEqual(["E", "C", "A", "B"]);
    expect(event.sell.price).toBe(17.2);
    expect(event.sell.top[0]).toEqual({ lpId: "E", price: 17.2, buy: 17.2, sell: 17.28, sig: "sig-E", ts: 5 });
    expect(event.stale).toBe(false);
    expect(toPriceEvent(quote, 1_000 + QUOTE_VALIDITY_MS + 1).stale).toBe(true);
    expect(toPriceEvent({ ...quote, providers: [] }, 1_000).buy).toEqual({ price: null, top: [] });
  });

  it("leads each side with the provider no other beats for the client: what the page previews and quotes with", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let tick = 0; tick < 500; tick += 1) {
      const providers = ["LP-A", "LP-B", "LP-C", "LP-D", "LP-E"].map((lpId) => {
        const mid = 17.2 + (random() - 0.5) * 0.02;
        const half = 0.001 + random() * 0.01;
        return p(lpId, Number((mid - half).toFixed(4)), Number((mid + half).toFixed(4)));
      });
      const event = toPriceEvent({ pair: "USD/MXN", ts: 5, providers }, 5);
      const lowestSell = Math.min(...providers.map((x) => x.sell));
      const highestBuy = Math.max(...providers.map((x) => x.buy));
      expect(event.buy.price).toBe(lowestSell);
      expect(event.buy.top[0]).toMatchObject({ price: lowestSell, sell: lowestSell });
      expect(event.sell.price).toBe(highestBuy);
      expect(event.sell.top[0]).toMatchObject({ price: highestBuy, buy: highestBuy });
    }
  });

  it("carries the §4 connection-lost text key while down", () => {
    expect(toStatusEvent("USD/MXN", "live")).toEqual({ pair: "USD/MXN", status: "live", messageKey: null });
    expect(toStatusEvent("USD/MXN", "connecting").messageKey).toBeNull();
    expect(toStatusEvent("USD/MXN", "down").messageKey).toBe(PRICE_MESSAGE_KEYS.connectionLost);
    expect(toStatusEvent("USD/MXN", "unavailable").messageKey).toBe(PRICE_MESSAGE_KEYS.unavailable);
  });

  it("keys and constants agree with the locale file and the domain", () => {
    expect(prices.connectionLost).toBe("Error de conexión, intentando conectar, datos no han sido actualizados");
    expect(PRICE_MESSAGE_KEYS.connectionLost).toBe("prices:connectionLost");
    expect(PRICE_MESSAGE_KEYS.unavailable).toBe("prices:unavailable");
    expect(prices.unavailable).toBeTruthy();
    expect(QUOTE_VALIDITY_MS).toBe(DOMAIN_VALIDITY_MS);
    expect(PAIR_PATTERN.test("USD/MXN")).toBe(true);
    for (const bad of ["usd/mxn", "USDMXN", "USD/MXN ", "USD/MX", "../../x"]) expect(PAIR_PATTERN.test(bad)).toBe(false);
    expect(priceStreamPath("USD/MXN")).toBe("/precios/stream?pair=USD%2FMXN");
  });
});
