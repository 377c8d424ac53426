import { describe, expect, it } from "vitest";

import { accessLinkDecision } from "./access-link";

describe("accessLinkDecision", () => {
  it("signs in only a browser without a session that started the login itself", () => {
    expect(accessLinkDecision({ tokenUsed: false, signedIn: false, stateMatches: true })).toBe("signIn");
  });
  it("asks before a link replaces a signed-in session, even one this browser started", () => {
    expect(accessLinkDecision({ tokenUsed: false, signedIn: true, stateMatches: true })).toBe("confirm");
    expect(accessLinkDecision({ tokenUsed: false, signedIn: true, stateMatches: false })).toBe("confirm");
  });
  it("asks when the link did not come back from a login this browser started", () => {
    expect(accessLinkDecision({ tokenUsed: false, signedIn: false, stateMatches: false })).toBe("confirm");
  });
  it("refuses a token that was used before, whatever else holds", () => {
    for (const signedIn of [true, false]) {
      for (const stateMatches of [true, false]) expect(accessLinkDecision({ tokenUsed: true, signedIn, stateMatches })).toBe("used");
    }
  });
});
