/**
 * Admission of pages by the event loop's own saturation (docs/decisions/073). A pure state machine:
 * the clock and the event loop's delay are handed in (`tick`), so tests drive it with numbers.
 *
 * Pages are admitted while fewer than `limit` are in progress; the rest wait in arrival order. The
 * limit is not fixed (decision 064 rejected a fixed one: a slow upstream would cap every route):
 * every `tick` reports how late the event loop ran a timer and how busy it was since the last tick
 * (its utilisation: the share of the time it was running code rather than waiting for I/O), and
 * - late beyond the target while busy (at least `BUSY` of the time: our own CPU is saturated): the
 *   limit falls to 90 % of what was in progress (at most once every DECREASE_EVERY_MS), never under
 *   `minLimit`, so fewer pages start their upstream calls and timers at once;
 * - otherwise, while pages wait (the server could do more: upstreams are slow, or the lateness came
 *   from elsewhere — another process on the machine — while the loop mostly waited for I/O): the
 *   limit grows by 5 % (at least one page), up to `maxLimit`. Slow upstreams therefore raise the
 *   limit instead of capping throughput, and so does a loop left idle by a machine shared with others.
 * A page that waited `queueTimeoutMs`, or that finds `maxQueue` pages waiting, is refused (the
 * server answers 503 with Retry-After): better a clear answer than a page that arrives after its
 * reader gave up.
 */
export interface AdmissionSettings {
  /** The fewest pages let in at once, however late the event loop runs. */
  minLimit: number;
  /** The most pages let in at once, however idle the CPU. */
  maxLimit: number;
  /** The limit at start. */
  initialLimit: number;
  /** The event loop's delay (ms) above which the server is saturated. */
  targetDelayMs: number;
  /** The longest a page waits for its turn before it is refused. */
  queueTimeoutMs: number;
  /** The most pages waiting; one more is refused at once. */
  maxQueue: number;
}

export type Refusal = "queue_full" | "timeout";

export type Decision = { admitted: true; waitedMs: number } | { admitted: false; reason: Refusal; waitedMs: number };

export interface AdmissionState {
  limit: number;
  inFlight: number;
  queued: number;
  /** The last event-loop delay reported (ms). */
  delayMs: number;
  /** The event loop's utilisation over the last tick (0–1). */
  utilisation: number;
}

interface Waiter {
  since: number;
  decide: (decision: Decision) => void;
}

/** The event loop's utilisation from which a late loop counts as saturated by our own work. */
export const BUSY = 0.9;
const DECREASE = 0.9;
/**
 * At most one decrease per this many ms: the ticks right after a late one are late too while the
 * loop drains what piled up, and cutting on each would collapse the limit for one pause (TCP, in the
 * same way, lowers its window once per round trip).
 */
export const DECREASE_EVERY_MS = 250;
const INCREASE = 0.05;

export class AdmissionGate {
  private limitValue: number;
  private inFlightCount = 0;
  private lastDelayMs = 0;
  private lastUtilisation = 0;
  private lastDecreaseAt = -Infinity;
  private nextId = 0;
  /** Waiting pages in arrival order (a Map keeps insertion order and deletes in O(1)). */
  private readonly waiting = new Map<number, Waiter>();

  constructor(private readonly settings: AdmissionSettings) {
    if (settings.minLimit < 1 || settings.maxLimit < settings.minLimit) throw new RangeError("admission limits out of order");
    this.limitValue = Math.min(settings.maxLimit, Math.max(settings.minLimit, settings.initialLimit));
  }

  /**
   * A page asks to start. `decide` is called once: at once when there is room (or the queue is
   * full), later when its turn comes or it waited too long. `cancel` withdraws a page still
   * waiting (its browser went away); it is a no-op once decided.
   */
  request(now: number, decide: (decision: Decision) => void): { cancel: () => void } {
    if (this.waiting.size === 0 && this.inFlightCount < this.admitted()) {
      this.inFlightCount += 1;
      decide({ admitted: true, waitedMs: 0 });
      return { cancel: () => undefined };
    }
    if (this.waiting.size >= this.settings.maxQueue) {
      decide({ admitted: false, reason: "queue_full", waitedMs: 0 });
      return { cancel: () => undefined };
    }
    const id = this.nextId++;
    this.waiting.set(id, { since: now, decide });
    return { cancel: () => void this.waiting.delete(id) };
  }

  /** An admitted page finished (answered, failed or abandoned): the next waiting ones may start. */
  release(now: number): void {
    this.inFlightCount = Math.max(0, this.inFlightCount - 1);
    this.admitWaiting(now);
  }

  /**
   * The event loop's delay measured just now and its utilisation since the last tick (0–1): adjusts
   * the limit, refuses pages that waited too long.
   */
  tick(now: number, delayMs: number, utilisation: number): void {
    this.lastDelayMs = delayMs;
    this.lastUtilisation = utilisation;
    const { minLimit, maxLimit, targetDelayMs, queueTimeoutMs } = this.settings;
    if (delayMs > targetDelayMs && utilisation >= BUSY) {
      if (now - this.lastDecreaseAt >= DECREASE_EVERY_MS) {
        this.limitValue = Math.max(minLimit, Math.min(this.limitValue, this.inFlightCount) * DECREASE);
        this.lastDecreaseAt = now;
      }
    } else if (this.waiting.size > 0) {
      this.limitValue = Math.min(maxLimit, this.limitValue + Math.max(1, this.limitValue * INCREASE));
    }
    for (const [id, waiter] of this.waiting) {
      if (now - waiter.since < queueTimeoutMs) break;
      this.waiting.delete(id);
      waiter.decide({ admitted: false, reason: "timeout", waitedMs: now - waiter.since });
    }
    this.admitWaiting(now);
  }

  state(): AdmissionState {
    return {
      limit: this.admitted(),
      inFlight: this.inFlightCount,
      queued: this.waiting.size,
      delayMs: this.lastDelayMs,
      utilisation: this.lastUtilisation,
    };
  }

  /** Whole pages: the limit moves in fractions, pages do not. */
  private admitted(): number {
    return Math.floor(this.limitValue);
  }

  private admitWaiting(now: number): void {
    for (const [id, waiter] of this.waiting) {
      if (this.inFlightCount >= this.admitted()) break;
      this.waiting.delete(id);
      this.inFlightCount += 1;
      waiter.decide({ admitted: true, waitedMs: now - waiter.since });
    }
  }
}
