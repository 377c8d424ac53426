import { getEventListeners } from "node:events";

import { describe, expect, it, vi } from "vitest";

import { onAbort } from "./abort-relay";

describe("onAbort", () => {
  it("keeps one listener on the signal however many wait, and tells each of them once", () => {
    const controller = new AbortController();
    const callbacks = Array.from({ length: 30 }, () => vi.fn());
    callbacks.forEach((callback) => onAbort(controller.signal, callback));
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(1);
    controller.abort();
    controller.abort();
    for (const callback of callbacks) expect(callback).toHaveBeenCalledTimes(1);
  });

  it("does not tell a callback that was withdrawn, and removes the listener with the last one", () => {
    const controller = new AbortController();
    const kept = vi.fn();
    const withdrawn = vi.fn();
    const withdrawKept = onAbort(controller.signal, kept);
    onAbort(controller.signal, withdrawn)();
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(1);
    controller.abort();
    expect(kept).toHaveBeenCalledTimes(1);
    expect(withdrawn).not.toHaveBeenCalled();

    const other = new AbortController();
    const withdrawFirst = onAbort(other.signal, vi.fn());
    const withdrawSecond = onAbort(other.signal, vi.fn());
    withdrawFirst();
    withdrawFirst();
    expect(getEventListeners(other.signal, "abort")).toHaveLength(1);
    withdrawSecond();
    expect(getEventListeners(other.signal, "abort")).toHaveLength(0);
    withdrawKept();
  });

  it("a signal waited on again after its waiters all left gets a listener again", () => {
    const controller = new AbortController();
    onAbort(controller.signal, vi.fn())();
    const later = vi.fn();
    onAbort(controller.signal, later);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(1);
    controller.abort();
    expect(later).toHaveBeenCalledTimes(1);
  });

  it("calls at once for a signal already aborted, and adds no listener", () => {
    const callback = vi.fn();
    const signal = AbortSignal.abort();
    onAbort(signal, callback)();
    expect(callback).toHaveBeenCalledTimes(1);
    expect(getEventListeners(signal, "abort")).toHaveLength(0);
  });
});
