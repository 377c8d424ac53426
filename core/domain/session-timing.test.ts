import { describe, expect, it } from "vitest";

import {
  expiryWarningAt,
  IDLE_LOGOUT_MS,
  IDLE_PROMPT_MS,
  needsTouch,
  sessionEndsAt,
  sessionStatus,
  showsExpiryWarning,
} from "./session-timing";

const minute = 60_000;

describe("sessionStatus", () => {
  const now = 1_000_000_000_000;
  it("is active within both limits", () => {
    expect(sessionStatus({ now, lastSeenAt: now - IDLE_PROMPT_MS, expiresAt: now + 30 * minute })).toBe("active");
  });

  it("is idle after the prompt period and the idle-again period", () => {
    expect(IDLE_LOGOUT_MS).toBe(600_000);
    expect(sessionStatus({ now, lastSeenAt: now - IDLE_LOGOUT_MS + 1, expiresAt: now + 30 * minute })).toBe("active");
    expect(sessionStatus({ now, lastSeenAt: now - IDLE_LOGOUT_MS, expiresAt: now + 30 * minute })).toBe("idle");
  });

  it("ends when the warning's countdown runs out: 13 min before the token's expiry", () => {
    expect(sessionStatus({ now, lastSeenAt: now, expiresAt: now + 13 * minute + 1 })).toBe("active");
    expect(sessionStatus({ now, lastSeenAt: now, expiresAt: now + 13 * minute })).toBe("expired");
    expect(sessionStatus({ now, lastSeenAt: now, expiresAt: now - 1 })).toBe("expired");
  });
});

describe("expiryWarningAt (§4)", () => {
  it("is expiry minus 60 s grace minus 13 min buffer", () => {
    expect(expiryWarningAt(30 * minute)).toBe(30 * minute - minute - 13 * minute);
  });

  it("shows the warning from that moment until the 60 s countdown ends the session", () => {
    expect(showsExpiryWarning(16 * minute - 1, 30 * minute)).toBe(false);
    expect(showsExpiryWarning(16 * minute, 30 * minute)).toBe(true);
    expect(sessionEndsAt(30 * minute)).toBe(17 * minute);
  });
});

describe("needsTouch", () => {
  it("writes last-seen at most every 30 s", () => {
    expect(needsTouch(100_000, 80_000)).toBe(false);
    expect(needsTouch(110_000, 80_000)).toBe(true);
  });
});
