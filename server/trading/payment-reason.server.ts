import { reasonText } from "#core/domain/payment-reason";

import type { AccessContext } from "../session/auth.server";
import { cached } from "../upstream/cache.server";
import { optional } from "../upstream/optional.server";

/**
 * The text a money-moving body sends as `conceptString` for the chosen reason (decision 095): the
 * product's catalogue text for the id, read from the same cached catalogue the form offered; never
 * the form's own words. "unknown" when the id is not in the catalogue, "unavailable" when the
 * catalogue cannot be read (nothing is sent then).
 */
export async function paymentReasonText(access: AccessContext, id: number): Promise<{ text: string } | "unknown" | "unavailable"> {
  const catalogue = await optional(
    cached("conceptpays", () => access.api.product.conceptPays()),
    null,
    { log: access.log, event: "conceptpays_unavailable" },
  );
  if (catalogue === null) return "unavailable";
  const text = reasonText(catalogue, id);
  return text === null ? "unknown" : { text };
}
