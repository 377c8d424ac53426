import { canCreateAlert, type PriceAlertInput } from "#core/domain/price-alerts";

import { once } from "../idempotency.server";
import type { AccessContext } from "../session/auth.server";
import { isUpstreamError } from "../upstream/errors";
import type { PriceAlert } from "../upstream/market-tools.server";

export type CreateAlertOutcome =
  | { kind: "created"; alert: PriceAlert }
  /** §8 'No puedes generar más de 5 alertas': the member has 5 already. */
  | { kind: "limit" }
  /** The form's key was used for another alert. */
  | { kind: "keyReused" }
  /** Nobody knows whether it was created (a timeout): the list, reloaded, tells. */
  | { kind: "unknown" }
  | { kind: "failed" };

/**
 * Creates the alert once per form key (decisions 029, 045): a double submit answers the first
 * outcome; the key with another alert is refused. The count is checked first to save a call, but
 * the product's 409 ALERT_LIMIT is what holds, however the requests arrive.
 */
export async function createAlert(access: AccessContext, input: PriceAlertInput, idempotencyKey: string): Promise<CreateAlertOutcome> {
  const sent = await once({
    scope: `price-alert|${access.data.memberId}|${idempotencyKey}`,
    fingerprint: JSON.stringify(input),
    work: () => createAtProduct(access, input, idempotencyKey),
    keep: (outcome) => outcome.kind === "created" || outcome.kind === "unknown",
  });
  if (sent.kind === "reused") return { kind: "keyReused" };
  return sent.kind === "pending" ? { kind: "unknown" } : sent.outcome;
}

async function createAtProduct(access: AccessContext, input: PriceAlertInput, idempotencyKey: string): Promise<CreateAlertOutcome> {
  try {
    const existing = await access.api.marketTools.priceAlerts();
    if (!canCreateAlert(existing.length)) return { kind: "limit" };
    const alert = await access.api.marketTools.createPriceAlert(input, idempotencyKey);
    access.log.info({ event: "price_alert_created", alertId: alert.id, pair: alert.pair }, "price alert created");
    return { kind: "created", alert };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    const code = error.details.code;
    access.log.warn({ event: "price_alert_refused", failure: error.failure, status: error.status, code }, "price alert not created");
    if (code === "ALERT_LIMIT") return { kind: "limit" };
    if (code === "IDEMPOTENCY_KEY_REUSED") return { kind: "keyReused" };
    if (code === "IDEMPOTENCY_KEY_IN_FLIGHT" || error.failure === "timeout" || error.failure === "network") return { kind: "unknown" };
    return { kind: "failed" };
  }
}

/**
 * Deletes one of the member's alerts. "missing" when the product knows no such alert of the member
 * (none, or another's: 404); "failed" when it refused otherwise or failed (§8's message follows).
 */
export async function deleteAlert(access: AccessContext, id: string): Promise<"deleted" | "missing" | "failed"> {
  try {
    await access.api.marketTools.deletePriceAlert(id);
    return "deleted";
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    access.log.warn({ event: "price_alert_delete_failed", failure: error.failure, status: error.status }, "price alert not deleted");
    return error.status === 404 ? "missing" : "failed";
  }
}
