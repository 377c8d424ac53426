import type { AccessContext } from "../session/auth.server";
import { cached } from "./cache.server";
import { optional } from "./optional.server";

/** The product's error catalogue (§7 GET /error-catalogs), an hour per instance; null when unavailable. */
export function errorCatalogue(access: Pick<AccessContext, "api" | "log">) {
  return optional(
    cached("error-catalogs", () => access.api.product.errorCatalog(), 60 * 60_000),
    null,
    { log: access.log, event: "error_catalogue_unavailable" },
  );
}

/** Which screen's flow failed, for the product's logging endpoint. */
export const APPLICATION = "portal-web";

/**
 * §7 POST /loggeroperations: an operation's failure, reported to the product without holding the
 * answer to the person. Only the operation's kind and the failure's class go out: never a token,
 * an account number, an amount or a name.
 */
export function reportFailure(access: Pick<AccessContext, "api" | "log">, failure: { operation: string; error: string; context?: string }) {
  access.api.product
    .logOperation({
      application: APPLICATION,
      operation: failure.operation,
      error: failure.error,
      context: failure.context ?? "submit",
    })
    .catch((error: unknown) =>
      access.log.warn(
        { event: "operation_log_unsent", err: error instanceof Error ? error.message : String(error) },
        "loggeroperations failed",
      ),
    );
}
