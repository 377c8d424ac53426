import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { StreamSink } from "./event-stream.server";
import { Ending, runEventStream, sharedStreamTimers } from "./event-stream.server";

const text = new TextDecoder();

function sink(): StreamSink & { chunks: string[]; ended: boolean } {
  const out = {
    chunks: [] as string[],
    ended: false,
    write(bytes: Uint8Array) {
      out.chunks.push(text.decode(bytes));
      return true;
    },
    end() {
      out.ended = true;
    },
  };
  return out;
}

describe("Ending", () => {
  it("calls each listener once on the first abort, never one added after it, never one removed", () => {
    const ending = new Ending();
    const first = vi.fn();
    const removed = vi.fn();
    ending.addEventListener("abort", first);
    ending.addEventListener("abort", removed);
    ending.removeEventListener("abort", removed);
    expect(ending.aborted).toBe(false);
    ending.abort();
    ending.abort();
    const late = vi.fn();
    ending.addEventListener("abort", late);
    expect(ending.aborted).toBe(true);
    expect(first).toHaveBeenCalledTimes(1);
    expect(removed).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });

  it("calls every listener even when one throws, then throws that error", () => {
    const ending = new Ending();
    const after = vi.fn();
    ending.addEventListener("abort", () => {
      throw new Error("listener failed");
    });
    ending.addEventListener("abort", after);
    expect(() => ending.abort()).toThrow("listener failed");
    expect(after).toHaveBeenCalledTimes(1);
  });
});

describe("runEventStream's shared timers", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("beats every open stream from one interval, and stops it with the last stream", () => {
    const a = sink();
    const b = sink();
    const closeA = runEventStream(new Ending(), { heartbeatMs: 1_000 }, () => () => undefined, a);
    const closeB = runEventStream(new Ending(), { heartbeatMs: 1_000 }, () => () => undefined, b);
    expect(sharedStreamTimers().heartbeats).toBe(1);
    vi.advanceTimersByTime(2_000);
    expect(a.chunks).toEqual([": ping\n\n", ": ping\n\n"]);
    expect(b.chunks).toEqual([": ping\n\n", ": ping\n\n"]);
    closeA();
    vi.advanceTimersByTime(1_000);
    expect(a.chunks).toHaveLength(2);
    expect(b.chunks).toHaveLength(3);
    expect(sharedStreamTimers().heartbeats).toBe(1);
    closeB();
    expect(sharedStreamTimers().heartbeats).toBe(0);
    expect(a.ended && b.ended).toBe(true);
  });

  it("ends every stream of one deadline from one timer; one closed before goes unharmed", () => {
    const endsAt = Date.now() + 5_000;
    const streams = [sink(), sink(), sink()];
    const cleanups = streams.map(() => vi.fn());
    const closes = streams.map((out, i) => runEventStream(new Ending(), { endsAt }, () => cleanups[i], out));
    expect(sharedStreamTimers().deadlines).toBe(1);
    closes[0]();
    expect(cleanups[0]).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(4_999);
    expect(streams[1].ended).toBe(false);
    vi.advanceTimersByTime(1);
    expect(streams.map((out) => out.ended)).toEqual([true, true, true]);
    expect(cleanups.map((cleanup) => cleanup.mock.calls.length)).toEqual([1, 1, 1]);
    expect(sharedStreamTimers()).toEqual({ heartbeats: 0, deadlines: 0 });
  });

  it("ends on the signal, and a stream whose reader has gone leaves the heartbeat", () => {
    const signal = new Ending();
    const out = sink();
    const cleanup = vi.fn();
    runEventStream(signal, { heartbeatMs: 1_000 }, () => cleanup, out);
    signal.abort();
    expect(out.ended).toBe(true);
    expect(cleanup).toHaveBeenCalledTimes(1);

    const gone = sink();
    gone.write = () => false;
    runEventStream(new Ending(), { heartbeatMs: 1_000 }, () => () => undefined, gone);
    vi.advanceTimersByTime(1_000);
    expect(gone.ended).toBe(true);
    expect(sharedStreamTimers().heartbeats).toBe(0);
  });
});
