/**
 * A Server-Sent Events response for long-lived, fan-out streams (ARCHITECTURE 'Live data'): the
 * caller writes ready-encoded chunks (one encoding shared by every subscriber), a comment line
 * every `heartbeatMs` keeps proxies from closing it, and it ends when the signal aborts (tab gone,
 * session over), at `endsAt` (the session's end; never renewed by the stream), or when the caller
 * closes it. `start` subscribes and returns what undoes the subscription.
 *
 * Same protocol and headers as remix-utils' `eventStream`, which encodes each event again per
 * subscriber and cannot send comment lines.
 */
export const HEARTBEAT_MS = 15_000;
const MAX_TIMER_MS = 2 ** 31 - 1;
const HEARTBEAT = new TextEncoder().encode(": ping\n\n");

export interface EventStreamOptions {
  heartbeatMs?: number;
  endsAt?: number;
  now?: () => number;
}

export type StreamStart = (write: (bytes: Uint8Array) => void, close: () => void) => () => void;

/** Where a stream's bytes go: a web ReadableStream (a Remix response) or a Node response. */
export interface StreamSink {
  /** False when the reader has gone. */
  write(bytes: Uint8Array): boolean;
  end(): void;
}

/**
 * What ends a stream: a web AbortSignal (a Remix request's) or the lighter {@link Ending}, which
 * the live channel holds for each of its thousands of open tabs (decision 070).
 */
export interface StopSignal {
  readonly aborted: boolean;
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

/**
 * An end that happens once, with the AbortSignal's shape a stream needs and none of its weight (an
 * AbortController is an EventTarget with a map of listeners, each in an object of its own). Every
 * listener is called once, on the first `abort()`; one added after it never is, as with AbortSignal.
 */
export class Ending implements StopSignal {
  aborted = false;
  private listeners: Array<() => void> | null = null;

  /** Every listener is called once anyway: `once` changes nothing. */
  addEventListener(_type: "abort", listener: () => void, _options?: { once?: boolean }): void {
    if (!this.aborted) (this.listeners ??= []).push(listener);
  }

  removeEventListener(_type: "abort", listener: () => void): void {
    const index = this.listeners?.indexOf(listener) ?? -1;
    if (index !== -1) this.listeners!.splice(index, 1);
  }

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    const listeners = this.listeners ?? [];
    this.listeners = null;
    let failure: { error: unknown } | null = null;
    for (const listener of listeners) {
      try {
        listener();
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure) throw failure.error;
  }
}

/**
 * Timers shared by every open stream (decision 070): one interval per heartbeat period writes the
 * same ping to every stream, and one timer per deadline ends every stream that ends then (a
 * session's tabs all end with it), instead of two timers and their closures per stream.
 */
const beats = new Map<number, { timer: NodeJS.Timeout; writers: Set<(bytes: Uint8Array) => void> }>();
const deadlines = new Map<number, { timer: NodeJS.Timeout; closers: Set<() => void> }>();

function beat(periodMs: number, write: (bytes: Uint8Array) => void): void {
  let shared = beats.get(periodMs);
  if (!shared) {
    const writers = new Set<(bytes: Uint8Array) => void>();
    // A copy: a write may close its stream, which leaves the set while it is being walked.
    const timer = setInterval(() => {
      for (const writer of [...writers]) writer(HEARTBEAT);
    }, periodMs);
    shared = { timer, writers };
    beats.set(periodMs, shared);
  }
  shared.writers.add(write);
}

function unbeat(periodMs: number, write: (bytes: Uint8Array) => void): void {
  const shared = beats.get(periodMs);
  if (!shared?.writers.delete(write) || shared.writers.size > 0) return;
  clearInterval(shared.timer);
  beats.delete(periodMs);
}

function endAt(endsAt: number, now: number, close: () => void): void {
  let shared = deadlines.get(endsAt);
  if (!shared) {
    const closers = new Set<() => void>();
    const timer = setTimeout(
      () => {
        deadlines.delete(endsAt);
        for (const closer of [...closers]) closer();
      },
      Math.min(MAX_TIMER_MS, Math.max(0, endsAt - now)),
    );
    shared = { timer, closers };
    deadlines.set(endsAt, shared);
  }
  shared.closers.add(close);
}

function unendAt(endsAt: number, close: () => void): void {
  const shared = deadlines.get(endsAt);
  if (!shared?.closers.delete(close) || shared.closers.size > 0) return;
  clearTimeout(shared.timer);
  deadlines.delete(endsAt);
}

/** How many shared timers run (for tests: none once every stream has ended). */
export const sharedStreamTimers = () => ({ heartbeats: beats.size, deadlines: deadlines.size });

/** Runs a stream into `sink` until the signal aborts, `endsAt` passes or the caller closes it; answers what closes it. */
export function runEventStream(signal: StopSignal, options: EventStreamOptions, start: StreamStart, sink: StreamSink): () => void {
  const { endsAt } = options;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  let closed = false;
  let cleanup: () => void = () => undefined;

  const write = (bytes: Uint8Array) => {
    if (!closed && !sink.write(bytes)) close();
  };
  const close = () => {
    if (closed) return;
    closed = true;
    unbeat(heartbeatMs, write);
    if (endsAt !== undefined) unendAt(endsAt, close);
    signal.removeEventListener("abort", close);
    cleanup();
    sink.end();
  };

  if (signal.aborted) {
    close();
    return close;
  }
  signal.addEventListener("abort", close, { once: true });
  cleanup = start(write, close);
  if (closed) {
    cleanup();
    return close;
  }
  beat(heartbeatMs, write);
  if (endsAt !== undefined) endAt(endsAt, (options.now ?? Date.now)(), close);
  return close;
}

export const EVENT_STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
} as const;

export function eventStreamResponse(signal: StopSignal, options: EventStreamOptions, start: StreamStart): Response {
  let stop: () => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      stop = runEventStream(signal, options, start, {
        write(bytes) {
          try {
            controller.enqueue(bytes);
            return true;
          } catch {
            return false; // the reader has gone
          }
        },
        end() {
          try {
            controller.close();
          } catch {
            // already cancelled
          }
        },
      });
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, { status: 200, headers: EVENT_STREAM_HEADERS });
}

const encoder = new TextEncoder();

/** One named event, encoded once. */
export const sseEvent = (name: string, data: unknown) => encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
