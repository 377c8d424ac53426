import Big from "big.js";
import { describe, expect, it } from "vitest";

import {
  customerRate,
  debitAmount,
  legCurrencies,
  preSubmitCheck,
  quotedAmountProblem,
  quoteFrom,
  quoteHold,
  splitPair,
} from "./calculator";
import { clientRate, commissionText, marginBaseAmount, previewAmount, transferCurrency } from "./calculator-preview";

describe("customer rate (§9)", () => {
  it("adds the margin when buying and takes it off when selling, to 6 decimals", () => {
    expect(customerRate(new Big("17.123456"), new Big("0.25"), "buy").toFixed(6)).toBe("17.166265");
    expect(customerRate(new Big("17.123456"), new Big("0.25"), "sell").toFixed(6)).toBe("17.080647");
    expect(customerRate(new Big("20"), new Big("0"), "buy").toFixed(6)).toBe("20.000000");
  });
});

describe("clientRate (decision 054)", () => {
  it("is the best price with the member's margin, as the quote applies it", () => {
    expect(clientRate(17.123456, "0.25", "buy")).toBe("17.166265");
    expect(clientRate(17.123456, "0.25", "sell")).toBe("17.080647");
    expect(clientRate(17.123456, "0.25", "buy")).toBe(customerRate(new Big("17.123456"), new Big("0.25"), "buy").toFixed(6));
    expect(clientRate(150, "0", "sell")).toBe("150.000000");
  });

  it("is nothing without a price or a margin that is a percentage", () => {
    expect(clientRate(null, "0.3", "buy")).toBeNull();
    expect(clientRate(0, "0.3", "buy")).toBeNull();
    expect(clientRate(Number.NaN, "0.3", "buy")).toBeNull();
    expect(clientRate(17.2, null, "buy")).toBeNull();
    expect(clientRate(17.2, "abc", "buy")).toBeNull();
    expect(clientRate(17.2, "-1", "buy")).toBeNull();
    expect(clientRate(17.2, "101", "buy")).toBeNull();
  });
});

describe("marginBaseAmount", () => {
  it("takes the left amount as typed and converts the right one at the price", () => {
    expect(marginBaseAmount("left", "1000", 17.2)).toBe("1000.00");
    expect(marginBaseAmount("left", "1000", null)).toBe("1000.00");
    expect(marginBaseAmount("right", "17200", 17.2)).toBe("1000.00");
    expect(marginBaseAmount("right", "100", 3)).toBe("33.33");
  });

  it("is nothing for no amount, zero, or a right amount without a price", () => {
    expect(marginBaseAmount("left", "", 17.2)).toBeNull();
    expect(marginBaseAmount("left", "0", 17.2)).toBeNull();
    expect(marginBaseAmount("left", "mil", 17.2)).toBeNull();
    expect(marginBaseAmount("right", "17200", null)).toBeNull();
    expect(marginBaseAmount("right", "17200", 0)).toBeNull();
  });
});

describe("quoteFrom", () => {
  const rate = new Big("17.166265");
  it("computes the right side from the left (2 decimals, half up)", () => {
    const quote = quoteFrom({ rate, typed: "left", amount: new Big("1000") });
    expect([quote.left.toFixed(2), quote.right.toFixed(2)]).toEqual(["1000.00", "17166.27"]);
  });

  it("computes the left side from the right", () => {
    const quote = quoteFrom({ rate, typed: "right", amount: new Big("17166.27") });
    expect([quote.left.toFixed(2), quote.right.toFixed(2)]).toEqual(["1000.00", "17166.27"]);
  });

  it("does not divide by a zero rate", () => {
    expect(quoteFrom({ rate: new Big(0), typed: "right", amount: new Big(5) }).left.toFixed(2)).toBe("0.00");
  });
});

describe("quotedAmountProblem (decision 124)", () => {
  const rate = new Big("18.3");
  it("refuses a quote whose computed side rounds to nothing or passes the limit", () => {
    expect(quotedAmountProblem(quoteFrom({ rate, typed: "right", amount: new Big("0.05") }))).toBe("amountTooSmall");
    expect(quotedAmountProblem(quoteFrom({ rate, typed: "left", amount: new Big("999999999999") }))).toBe("amountTooLarge");
  });

  it("takes a quote with both sides in range", () => {
    expect(quotedAmountProblem(quoteFrom({ rate, typed: "left", amount: new Big("0.01") }))).toBeNull();
    expect(quotedAmountProblem(quoteFrom({ rate, typed: "right", amount: new Big("1000") }))).toBeNull();
  });
});

describe("pairs and legs", () => {
  it("splits a pair and tells which currency leaves and which arrives", () => {
    expect(splitPair("usd/mxn")).toEqual({ base: "USD", quote: "MXN" });
    expect(splitPair("USDMXN")).toBeNull();
    expect(legCurrencies("USD/MXN", "buy")).toEqual({ origin: "MXN", destination: "USD" });
    expect(legCurrencies("USD/MXN", "sell")).toEqual({ origin: "USD", destination: "MXN" });
  });
});

describe("pre-submit check (§5)", () => {
  const check = (operation: "buy" | "sell" | "transfer", amount: string, balance: string, hasValidPrice = true) =>
    preSubmitCheck({ operation, amount: new Big(amount), originBalance: new Big(balance), hasValidPrice });

  it("debits the total when buying, the left amount when selling and the amount when transferring", () => {
    const quote = { left: new Big(100), right: new Big(1716.63), amount: new Big(50) };
    expect(debitAmount("buy", quote)?.toString()).toBe("1716.63");
    expect(debitAmount("sell", quote)?.toString()).toBe("100");
    expect(debitAmount("transfer", quote)?.toString()).toBe("50");
  });

  it("needs a valid price for buy and sell, not for transfers", () => {
    expect(check("buy", "10", "100", false)).toBe("invalidPriceObject");
    expect(check("sell", "10", "100", false)).toBe("invalidPriceObject");
    expect(check("transfer", "10", "100", false)).toBeNull();
  });

  it("tells no funds from insufficient funds", () => {
    expect(check("buy", "10", "0")).toBe("noFunds");
    expect(check("transfer", "10", "9.99")).toBe("insufficient");
    expect(check("transfer", "10", "10")).toBeNull();
  });

  it("checks nothing for an amount of 0", () => {
    expect(check("buy", "0", "0", false)).toBeNull();
  });
});

describe("a quote is a quote: quoteHold", () => {
  const fresh = { left: "1000.00", right: "17283.48" };
  it("refuses a confirmation without a quote shown", () => {
    expect(quoteHold({ left: "1000", right: "17283.48" }, {}, fresh)).toBe("none");
    expect(quoteHold({ left: "1000" }, { left: "1000.00", right: null }, fresh)).toBe("none");
  });
  it("holds the quote shown for the same amounts, however they are written", () => {
    expect(quoteHold({ left: "1,000", right: "17,283.48" }, { left: "1000.00", right: "17283.48" }, fresh)).toBeNull();
  });
  it("refuses when an amount changed after the quote", () => {
    expect(quoteHold({ left: "1001", right: "17283.48" }, { left: "1000.00", right: "17283.48" }, fresh)).toBe("changed");
    expect(quoteHold({ left: "1000", right: "" }, { left: "1000.00", right: "17283.48" }, fresh)).toBe("changed");
  });
  it("refuses when the same price no longer gives the quote shown (a forged or outdated quote)", () => {
    expect(quoteHold({ left: "1000", right: "17000" }, { left: "1000", right: "17000" }, fresh)).toBe("changed");
  });
});

describe("transferCurrency (decision 054)", () => {
  const accounts = [
    { idAccount: "A1", currency: "MXP" },
    { idAccount: "A2", currency: "USD" },
  ];
  const recipients = [{ id: "501", currency: "EUR" }];
  it("is the origin's currency, MXP shown as MXN", () => {
    expect(transferCurrency({ origin: "A1", destination: "A2" }, accounts, recipients)).toBe("MXN");
    expect(transferCurrency({ origin: "A2" }, accounts, recipients)).toBe("USD");
  });
  it("is the destination's before an origin is chosen, a recipient's included", () => {
    expect(transferCurrency({ origin: "", destination: "A2" }, accounts, recipients)).toBe("USD");
    expect(transferCurrency({ destination: "r:501" }, accounts, recipients)).toBe("EUR");
  });
  it("is unknown while nothing known is chosen", () => {
    expect(transferCurrency({}, accounts, recipients)).toBeNull();
    expect(transferCurrency({ origin: "A9", destination: "r:999" }, accounts, recipients)).toBeNull();
  });
});

describe("one rule for the server's quote and the browser's preview (decision 075)", () => {
  /** The rule as it was written with big.js alone, before the exact decimals took it. */
  const reference = {
    customerRate(price: Big, margin: Big, side: "buy" | "sell") {
      const factor = margin.div(100);
      return (side === "buy" ? price.times(factor.plus(1)) : price.times(factor.neg().plus(1))).round(6, 1);
    },
    quoteFrom(rate: Big, typed: "left" | "right", amount: Big) {
      if (typed === "left") return { left: amount.round(2, 1), right: amount.times(rate).round(2, 1) };
      if (rate.eq(0)) return { left: amount.times(0).round(2, 1), right: amount.round(2, 1) };
      return { left: amount.div(rate).round(2, 1), right: amount.round(2, 1) };
    },
  };
  let state = 1403;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const decimal = (whole: number, decimals: number) => (random() * whole).toFixed(Math.floor(random() * (decimals + 1)));

  it("gives the same rates, quotes and previews as big.js did, on thousands of values", () => {
    for (let i = 0; i < 3000; i += 1) {
      const price = decimal(i % 2 ? 25 : 200, 6);
      const margin = decimal(i % 5 ? 3 : 100, 4);
      const amount = decimal(i % 3 ? 1_000_000 : 100_000_000, 2);
      for (const side of ["buy", "sell"] as const) {
        const rate = reference.customerRate(new Big(price), new Big(margin), side);
        expect(customerRate(new Big(price), new Big(margin), side).toFixed(6), `${price} ${margin} ${side}`).toBe(rate.toFixed(6));
        expect(clientRate(Number(price), margin, side), `${price} ${margin} ${side}`).toBe(
          Number(price) > 0 ? reference.customerRate(new Big(String(Number(price))), new Big(margin), side).toFixed(6) : null,
        );
        for (const typed of ["left", "right"] as const) {
          const expected = reference.quoteFrom(rate, typed, new Big(amount));
          const quote = quoteFrom({ rate, typed, amount: new Big(amount) });
          expect([quote.left.toFixed(2), quote.right.toFixed(2)], `${amount} ${typed} at ${rate.toFixed(6)}`).toEqual([
            expected.left.toFixed(2),
            expected.right.toFixed(2),
          ]);
          expect(previewAmount(typed, amount, rate.toFixed(6))).toBe((typed === "left" ? expected.right : expected.left).toFixed(2));
        }
      }
      const base = marginBaseAmount("right", amount, Number(price));
      expect(base).toBe(
        new Big(amount).gt(0) && Number(price) > 0
          ? new Big(amount)
              .div(new Big(String(Number(price))))
              .round(2, 1)
              .toFixed(2)
          : null,
      );
    }
  });

  it("previews nothing without an amount or a rate", () => {
    expect(previewAmount("left", null, "17.000000")).toBeNull();
    expect(previewAmount("left", "abc", "17.000000")).toBeNull();
    expect(previewAmount("left", "100", null)).toBeNull();
    expect(previewAmount("right", "100", "0")).toBe("0.00");
    expect(previewAmount("left", "1,000.5", "17.25")).toBe("17258.63");
  });
});

describe("commissionText", () => {
  it("gives the transfer's fee with its currency, never a bare amount", () => {
    expect(commissionText("MXN")).toBe("$0.00 MXN");
    expect(commissionText("USD")).toBe("$0.00 USD");
    expect(commissionText("EUR")).toBe("€0.00 EUR");
  });

  it("is a dash while no account tells the transfer's currency", () => {
    expect(commissionText(null)).toBe("—");
  });
});
