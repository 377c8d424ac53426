/**
 * A circuit breaker for one upstream service (docs/decisions/027), as a pure state machine: the
 * clock is injected and nothing here sends, waits or logs.
 *
 * - closed: calls go out; `failureThreshold` failures in a row open it.
 * - open: calls are refused at once for `openMs`, or for as long as a Retry-After the service sent
 *   says (at most `openMs`).
 * - half-open: one call (the probe) goes out; its success closes the breaker, its failure opens it
 *   again. A probe that never reports is replaced after `openMs`.
 *
 * Outcomes of calls admitted before the last change of state are ignored: a slow call that started
 * while the breaker was closed neither closes nor reopens it.
 */
export interface BreakerPolicy {
  /** Failures in a row (5xx, 429, timeouts, network errors) that open the breaker. */
  failureThreshold: number;
  /** How long an open breaker refuses calls; also the longest Retry-After it holds for. */
  openMs: number;
}

export const DEFAULT_BREAKER: BreakerPolicy = { failureThreshold: 5, openMs: 30_000 };

export type BreakerState = "closed" | "open" | "halfOpen";

/** Handed out with an admitted call; given back with its outcome. */
export interface BreakerTicket {
  readonly generation: number;
  readonly probe: boolean;
}

export type Admission = { admitted: true; ticket: BreakerTicket } | { admitted: false; retryInMs: number };

/** What an outcome changed, for the one log line per change. */
export type Transition = { to: "open"; forMs: number } | { to: "closed" } | null;

export class CircuitBreaker {
  private mode: "closed" | "open" = "closed";
  private failures = 0;
  private openUntil = 0;
  private probeStartedAt: number | null = null;
  private generation = 0;

  constructor(
    readonly policy: BreakerPolicy = DEFAULT_BREAKER,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get state(): BreakerState {
    if (this.mode === "closed") return "closed";
    return this.now() < this.openUntil ? "open" : "halfOpen";
  }

  /** May a call go out now? While half-open, only the one probe may. */
  admit(): Admission {
    const state = this.state;
    if (state === "closed") return { admitted: true, ticket: { generation: this.generation, probe: false } };
    const now = this.now();
    if (state === "open") return { admitted: false, retryInMs: this.openUntil - now };
    if (this.probeStartedAt !== null && now - this.probeStartedAt < this.policy.openMs) return { admitted: false, retryInMs: 0 };
    // A new probe: whatever an older, silent one reports later no longer counts.
    this.generation += 1;
    this.probeStartedAt = now;
    return { admitted: true, ticket: { generation: this.generation, probe: true } };
  }

  /** The service answered (any 2xx, a 4xx business answer, even a malformed body). */
  succeeded(ticket: BreakerTicket): Transition {
    if (ticket.generation !== this.generation) return null;
    this.failures = 0;
    if (!ticket.probe) return null;
    this.close();
    return { to: "closed" };
  }

  /**
   * The service failed (5xx, 429, timeout, network). `holdMs` is a Retry-After the service sent
   * with a 429 or 503: it asked every caller to wait, so the breaker opens for that long at once.
   */
  failed(ticket: BreakerTicket, holdMs?: number): Transition {
    if (ticket.generation !== this.generation) return null;
    const held = holdMs !== undefined && holdMs > 0;
    if (held) return this.open(Math.min(holdMs, this.policy.openMs));
    this.failures += 1;
    if (ticket.probe || this.failures >= this.policy.failureThreshold) return this.open(this.policy.openMs);
    return null;
  }

  /** Nothing was learnt (the browser went away): a probe's turn passes to the next call. */
  released(ticket: BreakerTicket): void {
    if (ticket.probe && ticket.generation === this.generation) this.probeStartedAt = null;
  }

  private open(forMs: number): Transition {
    this.mode = "open";
    this.openUntil = this.now() + forMs;
    this.probeStartedAt = null;
    this.failures = 0;
    this.generation += 1;
    return { to: "open", forMs };
  }

  private close(): void {
    this.mode = "closed";
    this.failures = 0;
    this.probeStartedAt = null;
    this.generation += 1;
  }
}
