import { TERMS_VERSION } from "#core/domain/wizard";

import { isUpstreamError } from "../upstream/errors";
import type { CallContext } from "../upstream/index.server";
import { upstreams } from "../upstream/index.server";

/** What the membership wizard offers (§2): the plans, the Pro cost and the trial's days. */
export async function wizardOffer(call: CallContext) {
  const { graphql } = upstreams(call, {});
  try {
    const [plans, cost, trialDays] = await Promise.all([graphql.plans(), graphql.membershipCost(), graphql.trialDays()]);
    return { plans, cost, trialDays };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    throw new Response("Servicio no disponible", { status: 503 });
  }
}

/**
 * Creates the product member for a bank user (with the terms' evidence) and sets the chosen plan.
 * A double submit finds the member already created and carries on with it.
 */
export async function enrolMember(call: CallContext, bankToken: string, membership: "1" | "2"): Promise<"enrolled" | "failed"> {
  const { product } = upstreams(call, { bankToken });
  try {
    await product
      .createUser({
        externalToken: bankToken,
        evidence: { termsAcceptedAt: new Date().toISOString(), termsVersion: TERMS_VERSION },
        provider: "banca-en-linea",
      })
      .catch((error: unknown) => {
        if (!(isUpstreamError(error) && error.status === 409)) throw error;
      });
    await product.setMembership({ idMembership: membership === "2" ? 2 : 1, externalToken: bankToken });
    return "enrolled";
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    call.log.warn({ event: "wizard_failed", err: error.message }, "wizard failed");
    return "failed";
  }
}
