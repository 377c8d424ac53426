import { describe, expect, it } from "vitest";

import { parseCalculatorPrefill } from "./calculator-prefill";
import { sendMoneyHref, withKnownRecipient } from "./send-money";

describe("sendMoneyHref", () => {
  it("opens the calculator's transfer tab with the recipient as the destination", () => {
    const href = sendMoneyHref("501");
    const url = new URL(href, "http://app.test");
    expect(url.pathname).toBe("/");
    expect(url.searchParams.get("operacion")).toBe("transferencia");
    expect(parseCalculatorPrefill(url.searchParams).destination).toBe("r:501");
  });

  it("encodes an id that is not plain digits", () => {
    expect(new URL(sendMoneyHref("a&b=c"), "http://app.test").searchParams.get("destino")).toBe("r:a&b=c");
  });
});

describe("withKnownRecipient", () => {
  const prefill = (destination?: string) => ({ typed: "left" as const, amount: "10.00", ...(destination ? { destination } : {}) });

  it("keeps a recipient the member may send to", () => {
    expect(withKnownRecipient(prefill("r:501"), ["501", "503"])).toEqual(prefill("r:501"));
  });

  it("drops a recipient that is not among them, keeping the rest", () => {
    expect(withKnownRecipient(prefill("r:999"), ["501"])).toEqual(prefill());
    expect(withKnownRecipient(prefill("r:501"), [])).toEqual(prefill());
  });

  it("leaves own accounts and an empty destination alone", () => {
    expect(withKnownRecipient(prefill("ACC-1"), [])).toEqual(prefill("ACC-1"));
    expect(withKnownRecipient(prefill(), ["501"])).toEqual(prefill());
  });
});
