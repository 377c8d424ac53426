import { describe, expect, it } from "vitest";

import { IDLE_LOGOUT_MS, IDLE_PROMPT_MS } from "./session-timing";
import type { TabState } from "./tab-sync";
import { idleTimerError, isPaused, onTabMessage, PAUSE_LIMIT_MS, readTabMessage, TAB_MESSAGE_TYPES } from "./tab-sync";

const now = 1_000_000;
const tab: TabState = { self: "a", endsAt: now + 600_000, pausedBy: {} };

describe("readTabMessage", () => {
  it("reads each of the seven messages, as an object or as JSON text", () => {
    expect(TAB_MESSAGE_TYPES).toEqual(["active", "idle", "prompt", "start", "reset", "pause", "resume"]);
    for (const type of TAB_MESSAGE_TYPES.filter((type) => type !== "reset")) {
      expect(readTabMessage({ type, from: "b" })).toEqual({ type, from: "b" });
      expect(readTabMessage(JSON.stringify({ type, from: "b" }))).toEqual({ type, from: "b" });
    }
    expect(readTabMessage({ type: "reset", from: "b", endsAt: 5 })).toEqual({ type: "reset", from: "b", endsAt: 5 });
  });

  it("drops anything else", () => {
    for (const data of [
      null,
      undefined,
      "active",
      "{not json",
      42,
      { type: "logout", from: "b" },
      { type: "active" },
      { type: "active", from: "" },
      { type: "active", from: "x".repeat(65) },
      { type: "reset", from: "b" },
      { type: "reset", from: "b", endsAt: "soon" },
      { type: "reset", from: "b", endsAt: Number.NaN },
    ]) {
      expect(readTabMessage(data)).toBeNull();
    }
  });
});

describe("onTabMessage", () => {
  it("activity or a new page in another tab starts this tab's idle period again and closes its prompt", () => {
    expect(onTabMessage(tab, { type: "active", from: "b" }, now).effects).toEqual(["restartIdle", "closePrompt"]);
    expect(onTabMessage(tab, { type: "start", from: "b" }, now).effects).toEqual(["restartIdle", "closePrompt"]);
  });

  it("a prompt in another tab asks here too, unless a challenge is open somewhere", () => {
    expect(onTabMessage(tab, { type: "prompt", from: "b" }, now).effects).toEqual(["openPrompt"]);
    const paused = onTabMessage(tab, { type: "pause", from: "c" }, now).state;
    expect(onTabMessage(paused, { type: "prompt", from: "b" }, now + 1_000).effects).toEqual([]);
  });

  it("a session ended in another tab makes every tab leave", () => {
    expect(onTabMessage(tab, { type: "idle", from: "b" }, now).effects).toEqual(["leave"]);
  });

  it("an extension reaches the tabs whose clock is older", () => {
    expect(onTabMessage(tab, { type: "reset", from: "b", endsAt: tab.endsAt + 1 }, now).effects).toEqual([
      "refreshClock",
      "restartIdle",
      "closePrompt",
    ]);
    expect(onTabMessage(tab, { type: "reset", from: "b", endsAt: tab.endsAt }, now).effects).toEqual(["restartIdle"]);
  });

  it("pause and resume are counted per tab", () => {
    let state = onTabMessage(tab, { type: "pause", from: "b" }, now).state;
    state = onTabMessage(state, { type: "pause", from: "c" }, now).state;
    expect(isPaused(state, now)).toBe(true);
    state = onTabMessage(state, { type: "resume", from: "b" }, now).state;
    expect(isPaused(state, now)).toBe(true);
    const resumed = onTabMessage(state, { type: "resume", from: "c" }, now);
    expect(isPaused(resumed.state, now)).toBe(false);
    expect(resumed.effects).toEqual(["restartIdle"]);
  });

  it("a pause from a tab that vanished is forgotten after the idle logout period", () => {
    const state = onTabMessage(tab, { type: "pause", from: "b" }, now).state;
    expect(isPaused(state, now + PAUSE_LIMIT_MS - 1)).toBe(true);
    expect(isPaused(state, now + PAUSE_LIMIT_MS)).toBe(false);
  });

  it("ignores its own messages", () => {
    for (const type of ["active", "idle", "prompt", "start", "pause", "resume"] as const) {
      expect(onTabMessage(tab, { type, from: "a" }, now)).toEqual({ state: tab, effects: [] });
    }
  });
});

describe("idleTimerError (§5)", () => {
  it("accepts the product's timer: prompt at 300 s, logout at 600 s", () => {
    expect(idleTimerError(IDLE_LOGOUT_MS, IDLE_PROMPT_MS)).toBeNull();
  });

  it("rejects a timeout of 2,147,483,647 ms or more", () => {
    expect(idleTimerError(2_147_483_646, 1_000)).toBeNull();
    expect(idleTimerError(2_147_483_647, 1_000)).toBe("timeout out of range");
    expect(idleTimerError(0, 1_000)).toBe("timeout out of range");
  });

  it("rejects a prompt time not below the timeout", () => {
    expect(idleTimerError(600_000, 599_999)).toBeNull();
    expect(idleTimerError(600_000, 600_000)).toBe("prompt time not below the timeout");
    expect(idleTimerError(600_000, 0)).toBe("prompt time not below the timeout");
  });
});
