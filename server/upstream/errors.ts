/** What went wrong talking to an upstream, in terms the callers can act on. */
export type UpstreamFailure =
  | "timeout" // no answer within the time limit: for a POST the outcome is unknown
  | "network" // connection refused or reset before an answer
  | "status" // an HTTP error status
  | "malformed" // a 2xx whose body does not match the agreed schema
  | "aborted" // the browser went away; nobody is waiting for the answer
  | "unavailable"; // never sent: the service's breaker is open or the request's time budget is spent

// A brand instead of `instanceof` where the error may come from the other bundle: the HTTP server
// and the Remix build each carry their own copy of this module (see PartnerSessionEnded below).
const UPSTREAM_ERROR = Symbol.for("portal.upstreamError");

export class UpstreamError extends Error {
  override readonly name = "UpstreamError";
  readonly [UPSTREAM_ERROR] = true;
  constructor(
    readonly service: string,
    readonly failure: UpstreamFailure,
    message: string,
    readonly details: {
      status?: number;
      code?: string;
      /** The upstream's own message, when it sent one (used for §8 substring rules). */
      upstreamMessage?: string;
      retryAfterMs?: number;
      /** For "unavailable": why nothing was sent. */
      reason?: "breaker" | "budget";
    } = {},
  ) {
    super(message);
  }

  get status(): number | undefined {
    return this.details.status;
  }

  /** Partner bank: 401 and 410 mean its session is over (SPEC §4 Session). */
  get endsPartnerSession(): boolean {
    return this.service === "partner" && (this.status === 401 || this.status === 410);
  }

  get isRetriable(): boolean {
    if (this.failure === "timeout" || this.failure === "network") return true;
    if (this.failure !== "status" || this.status === undefined) return false;
    return this.status === 429 || this.status >= 500;
  }
}

/** True for an UpstreamError of either bundle's copy of this module. */
export function isUpstreamError(error: unknown): error is UpstreamError {
  return typeof error === "object" && error !== null && UPSTREAM_ERROR in error;
}

// The same brand for the partner-session end, which crosses from the Remix build to the server.
const PARTNER_SESSION_ENDED = Symbol.for("portal.partnerSessionEnded");

/**
 * The partner bank ended its session (401/410, SPEC §4). Raised once the session is marked, it
 * travels up untouched (catch blocks handle `UpstreamError` only) to the one place that turns it
 * into the expired-session redirect (server/http/served-route.server.ts).
 */
export class PartnerSessionEnded extends Error {
  override readonly name = "PartnerSessionEnded";
  readonly [PARTNER_SESSION_ENDED] = true;
  constructor() {
    super("the partner bank ended its session");
  }
}

export function isPartnerSessionEnded(error: unknown): error is PartnerSessionEnded {
  return typeof error === "object" && error !== null && PARTNER_SESSION_ENDED in error;
}
