import type { Logger } from "./logger.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
    requestId: string;
    log: Logger;
    /** The client's address as resolved under TRUST_PROXY; empty when unknown (tests). */
    clientIp?: string;
  }
}

export {};
