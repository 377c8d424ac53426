/**
 * One `abort` listener per browser signal, however many upstream attempts wait on it.
 *
 * Every upstream attempt of a page stops when the browser goes away. Each used to add its own
 * listener to the request's signal. A page with more than ten calls in flight at once (the
 * notification centre's 'Cargar más' asks for up to 20 pages in parallel, beside the shell's own
 * calls) then passed Node's listener limit, and Node printed a "possible memory leak" warning on
 * stderr: not a JSON log line, and a false alarm, since each listener was removed when its
 * attempt ended. Here the signal gets one listener, which tells every attempt still waiting.
 */
interface Relay {
  waiting: Set<() => void>;
  listener: () => void;
}

const relays = new WeakMap<AbortSignal, Relay>();

/**
 * Calls `callback` once when `signal` aborts (at once if it already has). Returns the function
 * that withdraws it; the signal's listener is removed with the last callback withdrawn. Each call
 * passes a function of its own (an attempt's `controller.abort`, which does not throw: an
 * `EventTarget` reports its own listeners' errors).
 */
export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  if (signal.aborted) {
    callback();
    return () => undefined;
  }
  let relay = relays.get(signal);
  if (!relay) {
    const waiting = new Set<() => void>();
    const listener = () => {
      relays.delete(signal);
      for (const call of waiting) call();
    };
    relay = { waiting, listener };
    relays.set(signal, relay);
    signal.addEventListener("abort", listener, { once: true });
  }
  const { waiting, listener } = relay;
  waiting.add(callback);
  return () => {
    if (!waiting.delete(callback) || waiting.size > 0) return;
    relays.delete(signal);
    signal.removeEventListener("abort", listener);
  };
}
