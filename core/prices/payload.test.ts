import { describe, expect, it } from "vitest";

import { QUOTE_VALIDITY_MS as DOMAIN_VALIDITY_MS } from "../domain/prices";
import dashboard from "../locales/es-MX/dashboard.json";
import { toPriceEvent, toStatusEvent } from "./payload";
import { PAIR_PATTERN, PRICE_MESSAGE_KEYS, priceStreamPath, QUOTE_VALIDITY_MS } from "./wire";

const p = (lpId: string, buy: number, sell: number) => ({ lpId, buy, sell, sig: `sig-${lpId}`, ts: 5 });

describe("price payloads", () => {
  it("ranks both sides, top 4, and flags a quote older than 20 minutes", () => {
    const quote = {
      pair: "USD/MXN",
      ts: 1_000,
      providers: [p("A", 17.1, 17.3), p("B", 17.05, 17.35), p("C", 17.12, 17.25), p("D", 17.0, 17.4), p("E", 17.2, 17.28)],
    };
    const event = toPriceEvent(quote, 1_000);
    expect(event.buy.top.map((x) => x.lpId)).toEqual(["D", "B", "A", "E"]);
    expect(event.buy.price).toBe(17.4);
    expect(event.sell.top.map((x) => x.lpId)).toEqual(["D", "B", "A", "C"]);
    expect(event.sell.price).toBe(17.0);
    expect(event.sell.top[0]).toEqual({ lpId: "D", price: 17.0, buy: 17.0, sell: 17.4, sig: "sig-D", ts: 5 });
    expect(event.stale).toBe(false);
    expect(toPriceEvent(quote, 1_000 + QUOTE_VALIDITY_MS + 1).stale).toBe(true);
    expect(toPriceEvent({ ...quote, providers: [] }, 1_000).buy).toEqual({ price: null, top: [] });
  });

  it("carries the §4 connection-lost text key while down", () => {
    expect(toStatusEvent("USD/MXN", "live")).toEqual({ pair: "USD/MXN", status: "live", messageKey: null });
    expect(toStatusEvent("USD/MXN", "connecting").messageKey).toBeNull();
    expect(toStatusEvent("USD/MXN", "down").messageKey).toBe(PRICE_MESSAGE_KEYS.connectionLost);
    expect(toStatusEvent("USD/MXN", "unavailable").messageKey).toBe(PRICE_MESSAGE_KEYS.unavailable);
  });

  it("keys and constants agree with the locale file and the domain", () => {
    expect(dashboard.prices.connectionLost).toBe("Error de conexión, intentando conectar, datos no han sido actualizados");
    expect(PRICE_MESSAGE_KEYS.connectionLost).toBe("dashboard:prices.connectionLost");
    expect(PRICE_MESSAGE_KEYS.unavailable).toBe("dashboard:prices.unavailable");
    expect(dashboard.prices.unavailable).toBeTruthy();
    expect(QUOTE_VALIDITY_MS).toBe(DOMAIN_VALIDITY_MS);
    expect(PAIR_PATTERN.test("USD/MXN")).toBe(true);
    for (const bad of ["usd/mxn", "USDMXN", "USD/MXN ", "USD/MX", "../../x"]) expect(PAIR_PATTERN.test(bad)).toBe(false);
    expect(priceStreamPath("USD/MXN")).toBe("/precios/stream?pair=USD%2FMXN");
  });
});
