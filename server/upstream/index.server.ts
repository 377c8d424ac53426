import { getConfig } from "../config.server";
import type { Logger } from "../logger.server";
import { graphqlClient } from "./graphql.server";
import type { RetryPolicy } from "./http.server";
import { createHttp } from "./http.server";
import { middlewareClient } from "./middleware.server";
import { operationsClient } from "./operations.server";
import { partnerClient } from "./partner.server";
import { productClient } from "./product.server";
import { recipientsClient } from "./recipients.server";
import { tradingClient } from "./trading.server";

export interface CallContext {
  log: Logger;
  /** The browser's request signal: a closed tab stops waiting and retrying. */
  signal?: AbortSignal;
  retry?: RetryPolicy;
  /** Per-attempt limit for calls that do not set their own (default 10 s). */
  timeoutMs?: number;
}

export interface Tokens {
  bankToken?: string | null;
  productJwt?: string | null;
}

/** The upstream clients for one request, each with the token its upstream expects. */
export function upstreams(ctx: CallContext, tokens: Tokens) {
  const config = getConfig();
  const common = { log: ctx.log, signal: ctx.signal, retry: ctx.retry, defaultTimeoutMs: ctx.timeoutMs };
  const productHttp = createHttp({ ...common, service: "product", baseUrl: config.PRODUCT_API_URL, token: tokens.productJwt ?? null });
  return {
    partner: partnerClient(
      createHttp({
        ...common,
        service: "partner",
        baseUrl: config.PARTNER_API_URL,
        token: tokens.bankToken ?? null,
        headers: { geolocation: config.PARTNER_GEOLOCATION },
      }),
    ),
    product: productClient(productHttp),
    trading: tradingClient(productHttp),
    operations: operationsClient(productHttp),
    recipients: recipientsClient(productHttp),
    // §7 bank middleware: the bank's token, no geolocation header.
    middleware: middlewareClient(
      createHttp({ ...common, service: "middleware", baseUrl: config.BANK_MIDDLEWARE_URL, token: tokens.bankToken ?? null }),
    ),
    graphql: graphqlClient(
      // §7: the GraphQL endpoint takes an empty bearer when there is no jwt yet.
      createHttp({ ...common, service: "graphql", baseUrl: config.GRAPHQL_URL, token: tokens.productJwt ?? "" }),
    ),
  };
}

export type Upstreams = ReturnType<typeof upstreams>;
