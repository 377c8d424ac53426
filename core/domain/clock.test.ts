import { describe, expect, it } from "vitest";

import { mexicoCityClock } from "./clock";
import { formatTime } from "./dates";

describe("mexicoCityClock", () => {
  it("reads Mexico City's wall clock, 24 h, with or without seconds", () => {
    // 2026-11-25 22:05:09 UTC is 16:05:09 in Mexico City (UTC-6, no daylight saving since 2022).
    const at = Date.UTC(2026, 10, 25, 22, 5, 9);
    expect(mexicoCityClock(at)).toBe("16:05:09");
    expect(mexicoCityClock(at, false)).toBe("16:05");
  });
  it("agrees with the server's formatTime", () => {
    for (const at of [Date.UTC(2026, 0, 1, 0, 0), Date.UTC(2026, 6, 15, 5, 59), Date.UTC(2026, 11, 31, 23, 30)]) {
      expect(mexicoCityClock(at, false)).toBe(formatTime(at));
    }
  });
});
