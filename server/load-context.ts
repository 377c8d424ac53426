import type { Logger } from "./logger.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
    requestId: string;
    /**
     * What the error pages show as 'Folio de soporte': the trace id when tracing is on, else the
     * request id (core/trace-labels.ts supportFolio; docs/decisions/106). Absent in tests that call a loader directly.
     */
    folio?: string | null;
    log: Logger;
    /** The client's address as resolved under TRUST_PROXY; empty when unknown (tests). */
    clientIp?: string;
    /**
     * performance.now() when the request arrived, or when the admission gate let it in (decision 073): the start of its upstream budget, shared by all
     * its loaders (server/upstream/budget.server.ts). Absent when a test calls a loader directly.
     */
    receivedAt?: number;
  }
}

export {};
