import { describe, expect, it } from "vitest";

import { DEFAULT_STREAM_CAPS, streamAdmission, tabIdOf } from "./live-streams";

const caps = { perSession: 3, perInstance: 10 };

describe("a live stream's admission (decision 100)", () => {
  it("admits new tabs up to the session's cap, then refuses them", () => {
    expect(streamAdmission({ sessionTabs: [], tab: "tab-aaaaaaaa", instanceOpen: 0, caps })).toEqual({ admit: true, replaces: null });
    expect(streamAdmission({ sessionTabs: ["tab-a1111111", null], tab: null, instanceOpen: 2, caps })).toEqual({
      admit: true,
      replaces: null,
    });
    expect(streamAdmission({ sessionTabs: ["tab-a1111111", null, "tab-b2222222"], tab: "tab-c3333333", instanceOpen: 3, caps })).toEqual({
      admit: false,
      reason: "session",
    });
    expect(streamAdmission({ sessionTabs: ["tab-a1111111", null, "tab-b2222222"], tab: null, instanceOpen: 3, caps })).toEqual({
      admit: false,
      reason: "session",
    });
  });

  it("lets a reconnecting tab replace its own stream, even at the caps", () => {
    expect(
      streamAdmission({ sessionTabs: ["tab-a1111111", "tab-b2222222", "tab-c3333333"], tab: "tab-b2222222", instanceOpen: 10, caps }),
    ).toEqual({
      admit: true,
      replaces: 1,
    });
  });

  it("refuses any new stream once the instance holds its cap", () => {
    expect(streamAdmission({ sessionTabs: [], tab: "tab-aaaaaaaa", instanceOpen: 10, caps })).toEqual({ admit: false, reason: "instance" });
  });

  it("reads a tab id only in the page's own shape", () => {
    expect(tabIdOf("3f2a9c1e-7b7d-4c1a-9a59-0c1d2e3f4a5b")).toBe("3f2a9c1e-7b7d-4c1a-9a59-0c1d2e3f4a5b");
    for (const bad of [null, "", "corto", "x".repeat(65), "<script>", "a b c d e f g h"]) expect(tabIdOf(bad)).toBeNull();
    expect(DEFAULT_STREAM_CAPS.perSession).toBeGreaterThanOrEqual(4);
    expect(DEFAULT_STREAM_CAPS.perSession).toBeLessThanOrEqual(6);
  });
});
