import type { MembershipFormInput } from "#core/domain/membership";

import { once } from "../idempotency.server";
import type { AccessContext } from "../session/auth.server";
import { isUpstreamError } from "../upstream/errors";
import type { MembershipDetails } from "../upstream/membership.server";

/** What a membership change ended in, for the page to say (decision 061). */
export type ChangeOutcome =
  | { kind: "done"; membership: MembershipDetails }
  /** Upgrade only: the member is Pro already (another tab, a second click with a new key). */
  | { kind: "alreadyPro" }
  /** Cancel or resume of a membership that is no longer Pro (it ended meanwhile). */
  | { kind: "notPro" }
  | { kind: "noFunds" }
  | { kind: "accountNotFound" }
  /** The form's key was used for another upgrade. */
  | { kind: "keyReused" }
  /** Nobody knows whether it happened (a timeout): the page, read again, tells; never resent. */
  | { kind: "unknown" }
  | { kind: "failed" };

/**
 * Upgrades Básica to Pro once per form key (decisions 012, 029): the upgrade may charge the fee, so
 * a double submit answers the first outcome and the key travels to the product as Idempotency-Key.
 */
export async function upgrade(access: AccessContext, accountId: string | undefined, idempotencyKey: string): Promise<ChangeOutcome> {
  const sent = await once({
    scope: `membership-upgrade|${access.data.memberId}|${idempotencyKey}`,
    fingerprint: JSON.stringify({ accountId: accountId ?? null }),
    work: () => attempt(access, "mejorar", () => access.api.membership.upgrade(accountId, idempotencyKey)),
    keep: (outcome) => outcome.kind === "done" || outcome.kind === "unknown",
  });
  if (sent.kind === "reused") return { kind: "keyReused" };
  return sent.kind === "pending" ? { kind: "unknown" } : sent.outcome;
}

/** Cancel, resume or the payment account: each leaves the same state when sent twice. */
export function change(access: AccessContext, input: Exclude<MembershipFormInput, { intent: "mejorar" }>): Promise<ChangeOutcome> {
  switch (input.intent) {
    case "cancelar":
      return attempt(access, input.intent, () => access.api.membership.cancel());
    case "reanudar":
      return attempt(access, input.intent, () => access.api.membership.resume());
    case "cuenta":
      return attempt(access, input.intent, () => access.api.membership.paymentAccount(input.accountId));
  }
}

async function attempt(
  access: AccessContext,
  intent: MembershipFormInput["intent"],
  call: () => Promise<MembershipDetails>,
): Promise<ChangeOutcome> {
  try {
    const membership = await call();
    access.log.info(
      {
        event: "membership_changed",
        intent,
        membershipId: membership.membershipId,
        status: membership.status,
        freeTrial: membership.freeTrial,
      },
      "membership changed",
    );
    return { kind: "done", membership };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    const code = error.details.code;
    access.log.warn(
      { event: "membership_change_refused", intent, failure: error.failure, status: error.status, code },
      "membership not changed",
    );
    switch (code) {
      case "ALREADY_PRO":
        return { kind: "alreadyPro" };
      case "NOT_PRO":
        return { kind: "notPro" };
      case "INSUFFICIENT_FUNDS":
        return { kind: "noFunds" };
      case "ACCOUNT_NOT_FOUND":
        return { kind: "accountNotFound" };
      case "IDEMPOTENCY_KEY_REUSED":
        return { kind: "keyReused" };
      case "IDEMPOTENCY_KEY_IN_FLIGHT":
        return { kind: "unknown" };
    }
    if (error.failure === "timeout" || error.failure === "network") return { kind: "unknown" };
    return { kind: "failed" };
  }
}
