import { describe, expect, it } from "vitest";

import type { AdmissionSettings, Decision } from "./admission";
import { AdmissionGate } from "./admission";

const SETTINGS: AdmissionSettings = {
  minLimit: 2,
  maxLimit: 100,
  initialLimit: 4,
  targetDelayMs: 50,
  queueTimeoutMs: 10_000,
  maxQueue: 5,
};

/** A page asking at `now`; its decisions, in order, land in `decisions`. */
function ask(gate: AdmissionGate, now: number) {
  const decisions: Decision[] = [];
  const ticket = gate.request(now, (decision) => decisions.push(decision));
  return { decisions, cancel: ticket.cancel };
}

describe("the page admission gate", () => {
  it("lets pages in at once up to its limit, then queues them in arrival order", () => {
    const gate = new AdmissionGate(SETTINGS);
    const first = Array.from({ length: 4 }, () => ask(gate, 0));
    for (const page of first) expect(page.decisions).toEqual([{ admitted: true, waitedMs: 0 }]);
    const fifth = ask(gate, 10);
    const sixth = ask(gate, 20);
    expect(fifth.decisions).toEqual([]);
    expect(gate.state()).toMatchObject({ limit: 4, inFlight: 4, queued: 2 });

    gate.release(110);
    expect(fifth.decisions).toEqual([{ admitted: true, waitedMs: 100 }]);
    expect(sixth.decisions).toEqual([]);
    gate.release(120);
    expect(sixth.decisions).toEqual([{ admitted: true, waitedMs: 100 }]);
    expect(gate.state()).toMatchObject({ inFlight: 4, queued: 0 });
  });

  it("never lets a newcomer pass a page already waiting", () => {
    const gate = new AdmissionGate({ ...SETTINGS, initialLimit: 2, minLimit: 1 });
    ask(gate, 0);
    ask(gate, 0);
    const waiting = ask(gate, 1);
    // Room appears through a limit raised by a tick, not a release: the waiting page goes first.
    gate.tick(2, 0, 0.2);
    expect(waiting.decisions).toEqual([{ admitted: true, waitedMs: 1 }]);
    const late = ask(gate, 3);
    expect(late.decisions).toEqual([]);
  });

  it("lowers the limit while the event loop runs late, never under the minimum", () => {
    const gate = new AdmissionGate({ ...SETTINGS, initialLimit: 40 });
    for (let i = 0; i < 40; i += 1) ask(gate, 0);
    gate.tick(50, 200, 1);
    expect(gate.state().limit).toBe(36);
    // The ticks right after are late too while the loop drains: one cut per DECREASE_EVERY_MS.
    gate.tick(100, 200, 1);
    gate.tick(250, 200, 1);
    expect(gate.state().limit).toBe(36);
    gate.tick(300, 200, 1);
    expect(gate.state().limit).toBe(32);
    for (let t = 350; t < 8_000; t += 50) gate.tick(t, 200, 0.95);
    expect(gate.state().limit).toBe(SETTINGS.minLimit);
    // Pages already in progress are not cut: they finish, and no new one starts meanwhile.
    expect(gate.state().inFlight).toBe(40);
    const newcomer = ask(gate, 5_000);
    expect(newcomer.decisions).toEqual([]);
  });

  it("lowers the limit from what was in progress when the loop ran late, not from an unused ceiling", () => {
    const gate = new AdmissionGate({ ...SETTINGS, initialLimit: 100 });
    for (let i = 0; i < 10; i += 1) ask(gate, 0);
    gate.tick(50, 120, 1);
    expect(gate.state().limit).toBe(9);
  });

  it("raises the limit while pages wait and the event loop keeps time: a slow upstream does not cap the server", () => {
    const gate = new AdmissionGate({ ...SETTINGS, maxQueue: 1_000 });
    // Every page waits seconds for its upstreams; none finishes, and the CPU is idle (delay 0).
    let now = 0;
    for (let i = 0; i < 500; i += 1) ask(gate, now);
    for (; now < 3_000; now += 50) gate.tick(now, 0, 0.1);
    expect(gate.state().limit).toBe(SETTINGS.maxLimit);
    expect(gate.state().inFlight).toBe(SETTINGS.maxLimit);
  });

  it("raises the limit when the loop runs late but mostly waited: the lateness was another process's, not our pages'", () => {
    const gate = new AdmissionGate({ ...SETTINGS, maxQueue: 1_000 });
    for (let i = 0; i < 50; i += 1) ask(gate, 0);
    gate.tick(50, 400, 0.3);
    expect(gate.state().limit).toBe(5);
    expect(gate.state()).toMatchObject({ inFlight: 5, delayMs: 400, utilisation: 0.3 });
    gate.tick(400, 400, 0.95);
    expect(gate.state().limit).toBe(4);
  });

  it("leaves the limit alone when nobody waits and the loop keeps time", () => {
    const gate = new AdmissionGate(SETTINGS);
    ask(gate, 0);
    for (let now = 0; now < 1_000; now += 50) gate.tick(now, 1, 0.5);
    expect(gate.state().limit).toBe(SETTINGS.initialLimit);
  });

  it("refuses a page that waited the queue's timeout, and one that finds the queue full", () => {
    const gate = new AdmissionGate(SETTINGS);
    for (let i = 0; i < 4; i += 1) ask(gate, 0);
    const queued = Array.from({ length: 5 }, (_, i) => ask(gate, 1_000 * i));
    const overflow = ask(gate, 4_500);
    expect(overflow.decisions).toEqual([{ admitted: false, reason: "queue_full", waitedMs: 0 }]);

    // Late ticks (delay 100 ms) keep the limit at the minimum meanwhile.
    gate.tick(10_500, 100, 1);
    expect(queued[0].decisions).toEqual([{ admitted: false, reason: "timeout", waitedMs: 10_500 }]);
    expect(queued[1].decisions).toEqual([]);
    gate.tick(12_000, 100, 1);
    expect(queued[1].decisions).toEqual([{ admitted: false, reason: "timeout", waitedMs: 11_000 }]);
    expect(queued[2].decisions).toEqual([{ admitted: false, reason: "timeout", waitedMs: 10_000 }]);
    expect(queued[3].decisions).toEqual([]);
    expect(gate.state().queued).toBe(2);
  });

  it("forgets a waiting page whose browser went away, and decides every page once", () => {
    const gate = new AdmissionGate({ ...SETTINGS, initialLimit: 2 });
    ask(gate, 0);
    ask(gate, 0);
    const gone = ask(gate, 1);
    const next = ask(gate, 2);
    gone.cancel();
    expect(gate.state().queued).toBe(1);
    gate.release(3);
    expect(gone.decisions).toEqual([]);
    expect(next.decisions).toEqual([{ admitted: true, waitedMs: 1 }]);
    next.cancel();
    gate.tick(20_000, 0, 0);
    expect(next.decisions).toHaveLength(1);
  });

  it("never counts fewer than zero pages in progress", () => {
    const gate = new AdmissionGate(SETTINGS);
    gate.release(0);
    expect(gate.state().inFlight).toBe(0);
  });

  it("refuses settings out of order", () => {
    expect(() => new AdmissionGate({ ...SETTINGS, minLimit: 0 })).toThrow(RangeError);
    expect(() => new AdmissionGate({ ...SETTINGS, minLimit: 10, maxLimit: 5 })).toThrow(RangeError);
  });
});
