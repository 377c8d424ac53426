/** What went wrong talking to an upstream, in terms the callers can act on. */
export type UpstreamFailure =
  | "timeout" // no answer within the time limit: for a POST the outcome is unknown
  | "network" // connection refused or reset before an answer
  | "status" // an HTTP error status
  | "malformed" // a 2xx whose body does not match the agreed schema
  | "aborted"; // the browser went away; nobody is waiting for the answer

export class UpstreamError extends Error {
  override readonly name = "UpstreamError";
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

export function isUpstreamError(error: unknown): error is UpstreamError {
  return error instanceof UpstreamError;
}
