import { describe, expect, it } from "vitest";

import type { LinkHolder } from "./access-link";
import { accessLinkDecision, continuation } from "./access-link";

describe("accessLinkDecision", () => {
  it("signs in only a browser without a session that started the login itself", () => {
    expect(accessLinkDecision({ tokenUsed: false, signedIn: false, stateMatches: true })).toBe("signIn");
  });
  it("reads the holder before a link replaces a signed-in session, even one this browser started", () => {
    expect(accessLinkDecision({ tokenUsed: false, signedIn: true, stateMatches: true })).toBe("confirm");
    expect(accessLinkDecision({ tokenUsed: false, signedIn: true, stateMatches: false })).toBe("confirm");
  });
  it("reads the holder when the link did not come back from a login this browser started", () => {
    expect(accessLinkDecision({ tokenUsed: false, signedIn: false, stateMatches: false })).toBe("confirm");
  });
  it("refuses a token that was used before, whatever else holds", () => {
    for (const signedIn of [true, false]) {
      for (const stateMatches of [true, false]) expect(accessLinkDecision({ tokenUsed: true, signedIn, stateMatches })).toBe("used");
    }
  });
});

describe("continuation (decision 098)", () => {
  const ana: LinkHolder = {
    userName: "ana.admin",
    name: "Ana",
    firstLastName: "Martínez",
    companyId: "100234",
    companyName: "Importadora del Bajío",
  };
  const carlos: LinkHolder = {
    userName: "carlos.colaborador",
    name: "Carlos Alberto",
    firstLastName: "hernández",
    companyId: "100234",
    companyName: "Importadora del Bajío",
  };

  it("names the person as §3 shows a name and the company, for a browser without a session", () => {
    expect(continuation(ana, null)).toEqual({ ask: true, as: { person: "Ana M.", company: "Importadora del Bajío" }, replaces: null });
    expect(continuation(carlos, null)).toMatchObject({ as: { person: "Carlos H." } });
  });

  it("says whose session it would close when the browser holds somebody else's", () => {
    expect(continuation(ana, carlos)).toEqual({
      ask: true,
      as: { person: "Ana M.", company: "Importadora del Bajío" },
      replaces: { person: "Carlos H.", company: "Importadora del Bajío" },
    });
  });

  it("asks when the same person's link is for another company than the session's", () => {
    const elsewhere = { ...ana, companyId: "100871", companyName: "Logística Pacífico Norte" };
    expect(continuation(elsewhere, ana)).toMatchObject({ ask: true, replaces: { person: "Ana M.", company: "Importadora del Bajío" } });
  });

  it("asks over a session with no name yet (the membership wizard)", () => {
    expect(continuation(ana, "unnamed")).toMatchObject({ ask: true, replaces: "unnamed" });
  });

  it("asks nothing when the link is the signed-in person's own, in the same company", () => {
    expect(continuation(ana, { ...ana })).toEqual({ ask: false });
  });
});
