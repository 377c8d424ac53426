import { describe, expect, it } from "vitest";

import { alreadyFollowed, changeAgainstClose, duplicateFollowMessage, followSchema } from "./follows";
import { canOpenMarket, canUseAlerts, canUseMonitoring } from "./membership";

describe("following a pair", () => {
  it("takes a pair of the catalogue only", () => {
    const schema = followSchema(["USD/MXN", "EUR/MXN"]);
    expect(schema.safeParse({ pair: "EUR/MXN" }).success).toBe(true);
    expect(schema.safeParse({}).error?.flatten().fieldErrors).toEqual({ pair: ["Campo obligatorio"] });
    expect(schema.safeParse({ pair: "GBP/MXN" }).error?.flatten().fieldErrors).toEqual({ pair: ["Selecciona un par de la lista"] });
  });

  it("words §8's duplicate with the pair, and knows one already followed", () => {
    expect(duplicateFollowMessage("USD/MXN")).toBe("Ya existe un seguimiento para el tipo de cambio de USD/MXN.");
    expect(alreadyFollowed([{ pair: "USD/MXN" }], "USD/MXN")).toBe(true);
    expect(alreadyFollowed([{ pair: "USD/MXN" }], "EUR/MXN")).toBe(false);
  });

  it("measures the mid of the best prices against yesterday's close", () => {
    expect(changeAgainstClose(17.2, 17.3, 17.4)).toEqual({ change: "+0.150000", percent: "+0.87", direction: "up" });
    expect(changeAgainstClose(17.2, 17.0, 17.1)).toEqual({ change: "-0.150000", percent: "-0.87", direction: "down" });
    expect(changeAgainstClose(17.2, 17.1, 17.3)).toEqual({ change: "0.000000", percent: "0.00", direction: "flat" });
    expect(changeAgainstClose(null, 17.1, 17.3)).toBeNull();
    expect(changeAgainstClose(17.2, null, 17.3)).toBeNull();
  });
});

describe("who may use the market tools (decision 045)", () => {
  it("gives alerts and monitoring to Basic and Pro, the market to Pro only", () => {
    expect([canUseAlerts(1), canUseAlerts(2), canUseMonitoring(1), canUseMonitoring(2)]).toEqual([true, true, true, true]);
    expect([canUseAlerts(undefined), canUseMonitoring(undefined)]).toEqual([false, false]);
    expect([canOpenMarket(1), canOpenMarket(2)]).toEqual([false, true]);
  });
});
