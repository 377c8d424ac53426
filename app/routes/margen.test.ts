import { describe, expect, it } from "vitest";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { answerOf, routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import { loader } from "./margen";

const world = sandboxedApp("margen");

const get = (query: string, cookie = world.browser.cookie) =>
  answerOf(() => loader({ request: new Request(`${APP}/margen?${query}`, { headers: { cookie } }), context, params: {} }));

describe("/margen: the member's margin for the amount being typed (decision 054)", () => {
  it("answers the margin of the amount's band, grouped amounts included", async () => {
    // Ana is Pro: 0.35 below 10,000, 0.25 from 50,000 to 100,000 (sandbox contract).
    const small = await get("par=USD%2FMXN&monto=1000");
    expect(small.status).toBe(200);
    expect(await small.json()).toEqual({ pair: "USD/MXN", amount: "1000.00", margin: "0.35" });
    const large = await get("par=USD%2FMXN&monto=60%2C000.50");
    expect(await large.json()).toEqual({ pair: "USD/MXN", amount: "60000.50", margin: "0.25" });
    expect(large.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("refuses what the calculator would refuse, and pairs the company does not trade", async () => {
    for (const query of ["par=USD%2FMXN&monto=1%2C5", "par=USD%2FMXN&monto=0", "par=USD%2FMXN", "par=XXX%2FYYY&monto=10", "monto=10"]) {
      expect((await get(query)).status, query).toBe(400);
    }
  });

  it("is for a logged-in member only", async () => {
    const answer = await get("par=USD%2FMXN&monto=1000", "");
    expect(answer.status).toBe(302);
  });
});
