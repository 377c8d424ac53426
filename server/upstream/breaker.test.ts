import { describe, expect, it } from "vitest";

import type { Admission, BreakerTicket } from "./breaker";
import { CircuitBreaker } from "./breaker";

function setup(policy = { failureThreshold: 3, openMs: 30_000 }) {
  let now = 1_000_000;
  const breaker = new CircuitBreaker(policy, () => now);
  const advance = (ms: number) => {
    now += ms;
  };
  return { breaker, advance };
}

function ticketOf(admission: Admission): BreakerTicket {
  if (!admission.admitted) throw new Error("expected the call to be admitted");
  return admission.ticket;
}

function failTimes(breaker: CircuitBreaker, times: number) {
  for (let i = 0; i < times; i += 1) breaker.failed(ticketOf(breaker.admit()));
}

describe("CircuitBreaker", () => {
  it("stays closed below the threshold, and a success resets the count", () => {
    const { breaker } = setup();
    failTimes(breaker, 2);
    breaker.succeeded(ticketOf(breaker.admit()));
    failTimes(breaker, 2);
    expect(breaker.state).toBe("closed");
    expect(breaker.admit().admitted).toBe(true);
  });

  it("opens after the threshold of failures in a row and refuses calls while open", () => {
    const { breaker, advance } = setup();
    const tickets = [breaker.admit(), breaker.admit(), breaker.admit()].map(ticketOf);
    expect(breaker.failed(tickets[0])).toBeNull();
    expect(breaker.failed(tickets[1])).toBeNull();
    expect(breaker.failed(tickets[2])).toEqual({ to: "open", forMs: 30_000 });
    expect(breaker.state).toBe("open");
    advance(10_000);
    expect(breaker.admit()).toEqual({ admitted: false, retryInMs: 20_000 });
  });

  it("half-opens after openMs and lets exactly one probe through", () => {
    const { breaker, advance } = setup();
    failTimes(breaker, 3);
    advance(30_000);
    expect(breaker.state).toBe("halfOpen");
    const probe = ticketOf(breaker.admit());
    expect(probe.probe).toBe(true);
    expect(breaker.admit().admitted).toBe(false);
    expect(breaker.admit().admitted).toBe(false);
    expect(breaker.succeeded(probe)).toEqual({ to: "closed" });
    expect(breaker.state).toBe("closed");
    expect(breaker.admit().admitted).toBe(true);
  });

  it("opens again for openMs when the probe fails", () => {
    const { breaker, advance } = setup();
    failTimes(breaker, 3);
    advance(30_000);
    const probe = ticketOf(breaker.admit());
    expect(breaker.failed(probe)).toEqual({ to: "open", forMs: 30_000 });
    advance(29_999);
    expect(breaker.admit().admitted).toBe(false);
    advance(1);
    expect(ticketOf(breaker.admit()).probe).toBe(true);
  });

  it("gives the probe's turn to the next call when its browser went away", () => {
    const { breaker, advance } = setup();
    failTimes(breaker, 3);
    advance(30_000);
    const abandoned = ticketOf(breaker.admit());
    breaker.released(abandoned);
    const next = ticketOf(breaker.admit());
    expect(next.probe).toBe(true);
    expect(breaker.succeeded(next)).toEqual({ to: "closed" });
  });

  it("replaces a probe that never reports after openMs, and ignores its late answer", () => {
    const { breaker, advance } = setup();
    failTimes(breaker, 3);
    advance(30_000);
    const silent = ticketOf(breaker.admit());
    advance(29_000);
    expect(breaker.admit().admitted).toBe(false);
    advance(1_000);
    const replacement = ticketOf(breaker.admit());
    expect(breaker.succeeded(silent)).toBeNull();
    expect(breaker.state).toBe("halfOpen");
    expect(breaker.failed(replacement)).toEqual({ to: "open", forMs: 30_000 });
  });

  it("ignores outcomes of calls admitted before the last change of state", () => {
    const { breaker, advance } = setup();
    const slow = ticketOf(breaker.admit());
    failTimes(breaker, 3);
    // The slow call, sent while closed, answers while open: it neither closes nor extends anything.
    expect(breaker.succeeded(slow)).toBeNull();
    expect(breaker.state).toBe("open");
    advance(30_000);
    const probe = ticketOf(breaker.admit());
    expect(breaker.failed(slow)).toBeNull();
    expect(breaker.succeeded(probe)).toEqual({ to: "closed" });
  });

  it("opens at once for a Retry-After the service sent, capped at openMs", () => {
    const { breaker, advance } = setup();
    expect(breaker.failed(ticketOf(breaker.admit()), 2_000)).toEqual({ to: "open", forMs: 2_000 });
    advance(1_999);
    expect(breaker.admit().admitted).toBe(false);
    advance(1);
    const probe = ticketOf(breaker.admit());
    expect(breaker.failed(probe, 3_600_000)).toEqual({ to: "open", forMs: 30_000 });
  });
});
