import type { Logger } from "./logger.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
    requestId: string;
    log: Logger;
  }
}

export {};
