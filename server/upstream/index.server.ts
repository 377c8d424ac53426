import { getConfig } from "../config.server";
import type { Logger } from "../logger.server";
import { operationBatchesClient } from "./batches.server";
import { breakerFor } from "./breakers.server";
import type { Budget } from "./budget";
import { collaboratorsClient } from "./collaborators.server";
import { contactClient } from "./contact.server";
import { graphqlClient } from "./graphql.server";
import type { HttpOptions } from "./http.server";
import { createHttp } from "./http.server";
import { marketToolsClient } from "./market-tools.server";
import { membershipClient } from "./membership.server";
import { middlewareClient } from "./middleware.server";
import { operationsClient } from "./operations.server";
import { partnerClient } from "./partner.server";
import { productClient } from "./product.server";
import { ratesClient } from "./rates.server";
import { recipientsClient } from "./recipients.server";
import type { RetryPolicy } from "./retry";
import { scheduledPaymentsClient } from "./scheduled-payments.server";
import { tradingClient } from "./trading.server";

export interface CallContext {
  log: Logger;
  /** The browser's request signal: a closed tab stops waiting and retrying. */
  signal?: AbortSignal;
  /**
   * The request's time for all its upstream calls, shared by every client made for it
   * (server/upstream/budget.server.ts); UNBOUNDED only for work nobody waits on.
   */
  budget: Budget;
  retry?: RetryPolicy;
  /** Per-attempt limit for calls that do not set their own (default 10 s). */
  timeoutMs?: number;
}

/** What every client of one request shares: its log, signal, budget and retry policy; each service's breaker. */
export function httpFor(ctx: CallContext, service: string): Omit<HttpOptions, "baseUrl" | "token" | "headers" | "fetchImpl"> {
  return {
    service,
    log: ctx.log,
    signal: ctx.signal,
    budget: ctx.budget,
    retry: ctx.retry,
    defaultTimeoutMs: ctx.timeoutMs,
    breaker: breakerFor(service),
  };
}

export interface Tokens {
  bankToken?: string | null;
  productJwt?: string | null;
}

/** The upstream clients for one request, each with the token its upstream expects. */
export function upstreams(ctx: CallContext, tokens: Tokens) {
  const config = getConfig();
  const productHttp = createHttp({ ...httpFor(ctx, "product"), baseUrl: config.PRODUCT_API_URL, token: tokens.productJwt ?? null });
  return {
    partner: partnerClient(
      createHttp({
        ...httpFor(ctx, "partner"),
        baseUrl: config.PARTNER_API_URL,
        token: tokens.bankToken ?? null,
        headers: { geolocation: config.PARTNER_GEOLOCATION },
      }),
    ),
    product: productClient(productHttp),
    trading: tradingClient(productHttp),
    operations: operationsClient(productHttp),
    batches: operationBatchesClient(productHttp),
    recipients: recipientsClient(productHttp),
    marketTools: marketToolsClient(productHttp),
    collaborators: collaboratorsClient(productHttp),
    contact: contactClient(productHttp),
    membership: membershipClient(productHttp),
    scheduledPayments: scheduledPaymentsClient(productHttp),
    // The product API's market data has a breaker of its own: a history outage must not refuse trading's calls.
    rates: ratesClient(createHttp({ ...httpFor(ctx, "product-rates"), baseUrl: config.PRODUCT_API_URL, token: tokens.productJwt ?? null })),
    // §7 bank middleware: the bank's token, no geolocation header.
    middleware: middlewareClient(
      createHttp({ ...httpFor(ctx, "middleware"), baseUrl: config.BANK_MIDDLEWARE_URL, token: tokens.bankToken ?? null }),
    ),
    graphql: graphqlClient(
      // §7: the GraphQL endpoint takes an empty bearer when there is no jwt yet.
      createHttp({ ...httpFor(ctx, "graphql"), baseUrl: config.GRAPHQL_URL, token: tokens.productJwt ?? "" }),
    ),
  };
}

export type Upstreams = ReturnType<typeof upstreams>;
