import { describe, expect, it } from "vitest";

import {
  endsAtCap,
  expiryWarningAt,
  IDLE_LOGOUT_MS,
  IDLE_PROMPT_MS,
  needsTouch,
  SESSION_ABSOLUTE_MS,
  sessionEndsAt,
  sessionStatus,
  showsExpiryWarning,
  warningAt,
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

describe("the absolute cap (ASVS 7.3.2)", () => {
  const hour = 60 * minute;
  it("ends the session 12 hours after login even when the token would last longer", () => {
    const startedAt = 0;
    const expiresAt = 13 * hour;
    expect(sessionEndsAt(expiresAt, startedAt)).toBe(SESSION_ABSOLUTE_MS);
    expect(sessionStatus({ now: SESSION_ABSOLUTE_MS - 1, lastSeenAt: SESSION_ABSOLUTE_MS - 1, expiresAt, startedAt })).toBe("active");
    expect(sessionStatus({ now: SESSION_ABSOLUTE_MS, lastSeenAt: SESSION_ABSOLUTE_MS, expiresAt, startedAt })).toBe("expired");
  });
  it("starts the countdown 60 s before the cap, and says 'Continuar' cannot help", () => {
    expect(warningAt(13 * hour, 0)).toBe(SESSION_ABSOLUTE_MS - 60_000);
    expect(endsAtCap(13 * hour, 0)).toBe(true);
    expect(showsExpiryWarning(SESSION_ABSOLUTE_MS - 60_000, 13 * hour, 0)).toBe(true);
  });
  it("leaves the token's own warning alone while the cap is far", () => {
    expect(warningAt(30 * minute, 0)).toBe(expiryWarningAt(30 * minute));
    expect(endsAtCap(30 * minute, 0)).toBe(false);
    expect(sessionEndsAt(30 * minute)).toBe(sessionEndsAt(30 * minute, 0));
  });
});
