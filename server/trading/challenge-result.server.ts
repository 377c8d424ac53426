import type { Refused } from "#core/domain/operation-lifecycle";
import { factsOf, judge, refusal } from "#core/domain/operation-lifecycle";

import { holdWhile, operationHoldKey } from "../operation-hold.server";
import type { AccessContext } from "../session/auth.server";
import { isUpstreamError } from "../upstream/errors";
import type { UpstreamOperation } from "../upstream/trading.server";

/**
 * Recording the bank's challenge result (/transaction, §4 Challenge result) as one life per
 * operation asks (decision 092): in the operation's hold, so a void or another result of
 * the same operation cannot cross it; after reading the operation fresh, so a voided one (or one
 * no longer waiting for a token) is refused here and nothing is sent. What the bank already
 * recorded is asked again (idempotent by trk): a reload after success still shows the success.
 */
export type RecordedChallenge =
  /** The bank recorded it (now or earlier) and answers the operation as it is. */
  | { kind: "recorded"; operation: UpstreamOperation }
  /** Sent, but the bank's answer was lost or a 5xx: the result may stand (§8 'Operación pactada.'). */
  | { kind: "saveFailed"; failure: string }
  /** The bank refused this result as not its own (decision 011): never a success. */
  | { kind: "notTheBanks"; failure: string }
  /** The operation's life refuses it, here or at the bank; nothing was recorded. */
  | { kind: "refused"; refused: Refused }
  /** Another decision on the operation outlasted the wait, or the operation could not be read: nothing sent, a reload may. */
  | { kind: "notNow" };

export async function recordChallengeResult(
  access: AccessContext,
  input: { operationId: string; trk: string; res: string; msg: string },
): Promise<RecordedChallenge> {
  const held = await holdWhile(operationHoldKey(access.data.companyId, input.operationId), async (): Promise<RecordedChallenge> => {
    let facts;
    try {
      facts = factsOf(await access.api.operations.get(input.operationId));
    } catch (error) {
      if (!isUpstreamError(error)) throw error;
      // Another company's (or no) operation: the bank would answer 404 to the result too.
      if (error.status === 404) return { kind: "notTheBanks", failure: "404" };
      access.log.warn({ event: "challenge_state_unreadable", failure: error.failure }, "operation not read; result not sent");
      return { kind: "notNow" };
    }
    const verdict = judge("recordChallenge", facts, { memberId: access.data.memberId, administrator: access.isAdmin });
    if (!verdict.allowed) {
      access.log.info({ event: "challenge_refused_by_lifecycle", refusal: verdict.refusal }, "challenge result refused");
      return { kind: "refused", refused: verdict };
    }
    return send(access, input, input.operationId);
  });
  if (held.kind === "busy") {
    access.log.warn({ event: "challenge_busy" }, "another decision on the operation outlasted the wait");
    return { kind: "notNow" };
  }
  return held.outcome;
}

async function send(
  access: AccessContext,
  input: { trk: string; res: string; msg: string },
  operationId: string,
): Promise<RecordedChallenge> {
  try {
    return { kind: "recorded", operation: (await access.api.trading.processChallenge(input)).operation };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    const code = error.details.code;
    // The bank saw what the read had not (another channel voided, ended or paid it meanwhile): said as its life says it.
    if (code === "SCHEDULED_PAYMENT_EVENT_PAID") return { kind: "refused", refused: refusal("paymentPaid") };
    if (code === "OPERATION_NOT_PENDING") return { kind: "refused", refused: await refusalNow(access, operationId) };
    const refusedByBank = error.failure === "status" && (error.status ?? 500) < 500;
    access.log.error(
      { event: "challenge_save_failed", refused: refusedByBank, status: error.status, code },
      "challenge result not recorded",
    );
    const failure = String(error.status ?? error.failure);
    return refusedByBank ? { kind: "notTheBanks", failure } : { kind: "saveFailed", failure };
  }
}

/** Why the operation no longer takes a result, read again; 'no se aplicó' when the read says nothing more. */
async function refusalNow(access: AccessContext, operationId: string): Promise<Refused> {
  const facts = await access.api.operations.get(operationId).then(factsOf, () => null);
  const verdict = facts && judge("recordChallenge", facts, { memberId: access.data.memberId, administrator: access.isAdmin });
  return verdict && !verdict.allowed ? verdict : refusal("failed");
}
