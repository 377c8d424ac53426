import { describe, expect, it } from "vitest";

import type { AccountView } from "./accounts";
import { accountChoices, isOnlyChoiceChosen, onlyChoice, withOnlyChoices } from "./calculator-choices";

const account = (idAccount: string, currency: string): AccountView => ({
  idAccount,
  alias: idAccount,
  currency,
  balance: 1000,
  last4: "0000",
  favorite: false,
});

const mxn = account("A-MXN", "MXN");
const mxp = account("A-MXP", "MXP");
const usd = account("A-USD", "USD");
const eur = account("A-EUR", "EUR");

describe("the calculator's choices", () => {
  it("a buy pays from the quote currency into the base currency, a sell the other way, a transfer offers every account", () => {
    expect(accountChoices("buy", "USD/MXN", [mxn, usd, eur])).toEqual({ origins: [mxn], destinations: [usd] });
    expect(accountChoices("sell", "USD/MXN", [mxn, usd, eur])).toEqual({ origins: [usd], destinations: [mxn] });
    // MXP is shown as MXN (§3): both pay a buy of USD/MXN.
    expect(accountChoices("buy", "USD/MXN", [mxn, mxp, usd]).origins).toEqual([mxn, mxp]);
    expect(accountChoices("transfer", null, [mxn, usd])).toEqual({ origins: [mxn, usd], destinations: [mxn, usd] });
  });

  it("only one possible value is a choice made", () => {
    expect(onlyChoice(["A-1"])).toBe("A-1");
    expect(onlyChoice([])).toBeNull();
    expect(onlyChoice(["A-1", "A-2"])).toBeNull();
  });

  it("a select with exactly one possible choice comes with it chosen; one with several or none stays for the person", () => {
    const options = { accounts: [mxn, mxp, usd, eur], recipients: [], reasonIds: ["1", "2"] };
    expect(withOnlyChoices({ typed: "left" }, "buy", "USD/MXN", options)).toEqual({ typed: "left", destination: "A-USD" });
    expect(withOnlyChoices({ typed: "left" }, "sell", "USD/MXN", options)).toEqual({ typed: "left", origin: "A-USD" });
    expect(withOnlyChoices({ typed: "left" }, "buy", "USD/MXN", { ...options, reasonIds: ["7"] })).toEqual({
      typed: "left",
      destination: "A-USD",
      reason: "7",
    });
    // No GBP account: nothing to choose, nothing chosen.
    expect(withOnlyChoices({ typed: "left" }, "buy", "GBP/MXN", options)).toEqual({ typed: "left" });
  });

  it("keeps what a link or a payment filled in", () => {
    const options = { accounts: [mxn, usd], recipients: [], reasonIds: ["7"] };
    expect(withOnlyChoices({ typed: "right", destination: "A-OTHER", reason: "3" }, "buy", "USD/MXN", options)).toEqual({
      typed: "right",
      origin: "A-MXN",
      destination: "A-OTHER",
      reason: "3",
    });
  });

  it("a transfer's destination counts the recipients, and never the origin account itself", () => {
    // One account and no recipient: the account is the origin, and there is nowhere to send it.
    expect(withOnlyChoices({ typed: "left" }, "transfer", null, { accounts: [mxn], recipients: [], reasonIds: [] })).toEqual({
      typed: "left",
      origin: "A-MXN",
    });
    // One account and one recipient: from the account to the recipient.
    expect(
      withOnlyChoices({ typed: "left" }, "transfer", null, {
        accounts: [mxn],
        recipients: [{ id: "501", currency: "MXN" }],
        reasonIds: [],
      }),
    ).toEqual({
      typed: "left",
      origin: "A-MXN",
      destination: "r:501",
    });
    // Two accounts: the origin is the person's to choose, and so is the destination.
    expect(withOnlyChoices({ typed: "left" }, "transfer", null, { accounts: [mxn, usd], recipients: [], reasonIds: [] })).toEqual({
      typed: "left",
    });
    // The origin chosen by a link: the one other account in its currency is where it goes; another currency is no destination.
    const mxnToo = account("A-MXN-2", "MXN");
    const twoPesos = { accounts: [mxn, usd, mxnToo], recipients: [{ id: "9", currency: "USD" }], reasonIds: [] };
    expect(withOnlyChoices({ typed: "left", origin: "A-MXN" }, "transfer", null, twoPesos)).toEqual({
      typed: "left",
      origin: "A-MXN",
      destination: "A-MXN-2",
    });
    expect(withOnlyChoices({ typed: "left", origin: "A-USD" }, "transfer", null, twoPesos)).toEqual({
      typed: "left",
      origin: "A-USD",
      destination: "r:9",
    });
  });
});

describe("isOnlyChoiceChosen", () => {
  it("holds only when the one possible value is the chosen one", () => {
    expect(isOnlyChoiceChosen(["A"], "A")).toBe(true);
    expect(isOnlyChoiceChosen(["A"], undefined)).toBe(false);
    expect(isOnlyChoiceChosen(["A", "B"], "A")).toBe(false);
    expect(isOnlyChoiceChosen([], "")).toBe(false);
  });
});
