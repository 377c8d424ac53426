import { singleton } from "../lifecycle.server";
import type { BreakerState } from "./breaker";
import { CircuitBreaker, DEFAULT_BREAKER } from "./breaker";

/**
 * One breaker per upstream service for the whole process (docs/decisions/027): every request's
 * clients of "product" share what the last calls to the product API taught. Process-wide, so the
 * HTTP server's bundle and the Remix build find the same ones. Each instance learns on its own;
 * with several instances a dead service costs each of them a few calls, which is fine.
 */
const breakers = () => singleton("upstream.breakers", () => new Map<string, CircuitBreaker>());

export function breakerFor(service: string): CircuitBreaker {
  const all = breakers();
  let breaker = all.get(service);
  if (!breaker) {
    breaker = new CircuitBreaker(DEFAULT_BREAKER);
    all.set(service, breaker);
  }
  return breaker;
}

/** The state of every service's breaker made so far (the metrics read it at scrape time). */
export function breakerStates(): Array<[service: string, state: BreakerState]> {
  return [...breakers()].map(([service, breaker]) => [service, breaker.state]);
}
