import type { ChallengeOutcome } from "#core/domain/challenge";
import { challengeOutcome } from "#core/domain/challenge";
import type { RecipientInput } from "#core/domain/recipient-form";

import { getConfig } from "../config.server";
import { once } from "../idempotency.server";
import type { AccessContext } from "../session/auth.server";
import { isUpstreamError } from "../upstream/errors";
import type { RecipientData, Registration } from "../upstream/recipients.server";

/**
 * One recipient's registration (SPEC §2 /destinatarios-alta, §4 Challenge result, §8 recipient
 * errors): the product creates it, the bank's challenge confirms it, and the result is recorded
 * with /recipient-registrations/transition/register — the trading journey's round trip, with the
 * same challenge rules (core/domain/challenge.ts).
 */

/** The form's recipient in the product's shape (§3 back-office recipient). */
export function toRecipientData(input: RecipientInput): RecipientData {
  const physical = input.typePerson === "FISICA";
  const national = input.typeOriginPerson === "NACIONAL";
  return {
    recipientType: input.recipientType,
    names: physical ? (input.name ?? null) : null,
    fatherLastName: physical ? (input.lastname1 ?? null) : null,
    motherLastName: physical ? input.lastname2 || null : null,
    companyName: physical ? null : (input.companyName ?? null),
    rfc: national ? (input.rfc ?? null) : null,
    relationType: physical ? null : (input.relationType ?? null),
    relationTypeExtra: input.relationTypeExtra || null,
    maxTransferAmount: physical ? null : (input.amountMax ?? null),
    alias: input.alias,
    email: input.email,
    phone: input.phone,
    currency: input.currency,
    accountClabe: national ? (input.clabe ?? "") : (input.account ?? ""),
    bank: national ? (input.bank?.name ?? "") : (input.bankName ?? ""),
    bankCode: national ? (input.bank?.code ?? null) : (input.bankCode ?? null),
    bankTypeAccount: national ? null : (input.codeType ?? null),
    bankCity: input.bankCity ?? null,
    bankCountry: input.bankCountry ?? null,
    street: input.address?.street ?? null,
    numberDir: input.address?.numberDir ?? null,
    numberInt: input.address?.numberInt || null,
    suburb: input.address?.suburb ?? null,
    city: input.address?.city ?? null,
    state: input.address?.state ?? null,
    countryName: input.address?.country ?? null,
    postalCode: input.address?.postalCode ?? null,
    intermediaryBankCode: input.intermediary?.bankCode ?? null,
    intermediaryAccountType: input.intermediary?.codeType ?? null,
    intermediaryBankName: input.intermediary?.bankName ?? null,
    intermediaryBankCity: input.intermediary?.bankCity ?? null,
    intermediaryBankCountry: input.intermediary?.bankCountry ?? null,
  };
}

/** §8: bank format, account number or IBAN errors let the person correct and retry. */
export type BankRejection = "bankFormat" | "iban" | "account";

/** What the bank's answer to a recipient means, from its code or (§8) its message. */
export function recipientRejection(error: unknown): BankRejection | "duplicateAlias" | null {
  if (!isUpstreamError(error) || error.failure !== "status") return null;
  const code = error.details.code ?? "";
  const message = (error.details.upstreamMessage ?? "").toLowerCase();
  if (code === "DUPLICATE_ALIAS" || message.includes("mismo alias")) return "duplicateAlias";
  if (code === "IBAN" || message.includes("iban")) return "iban";
  if (code === "BANK_FORMAT" || message.includes("bank format")) return "bankFormat";
  if (code === "ACCOUNT_NUMBER" || message.includes("número de cuenta")) return "account";
  return null;
}

export type SubmitOutcome =
  | { kind: "challenge"; url: string }
  | { kind: "rejected"; reason: BankRejection }
  | { kind: "duplicateAlias" }
  | { kind: "unknown" }
  | { kind: "keyReused" }
  | { kind: "failed" };

/**
 * Creates the registration once per form key (docs/decisions/029-idempotency-keys.md): a
 * duplicate answers the first's outcome, the key with other data is refused. Retried only with
 * the same Idempotency-Key, never after a timeout; answers where the browser goes: the bank's
 * challenge page, and only that page.
 */
export async function submitRegistration(access: AccessContext, input: RecipientInput, idempotencyKey: string): Promise<SubmitOutcome> {
  const sent = await once({
    scope: `recipient|${access.data.memberId}|${access.data.companyId}|${idempotencyKey}`,
    // The schema gives its fields in one order, so equal data is equal text.
    fingerprint: JSON.stringify(input),
    work: () => registerAtBank(access, input, idempotencyKey),
    keep: (outcome) => outcome.kind === "challenge" || outcome.kind === "unknown",
  });
  if (sent.kind === "reused") return { kind: "keyReused" };
  return sent.kind === "pending" ? { kind: "unknown" } : sent.outcome;
}

async function registerAtBank(access: AccessContext, input: RecipientInput, idempotencyKey: string): Promise<SubmitOutcome> {
  let registration: Registration;
  try {
    registration = await access.api.recipients.createRegistration(toRecipientData(input), idempotencyKey);
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    if (error.details.code === "IDEMPOTENCY_KEY_REUSED") return { kind: "keyReused" };
    if (error.details.code === "IDEMPOTENCY_KEY_IN_FLIGHT") return { kind: "unknown" };
    const rejection = recipientRejection(error);
    access.log.warn(
      { event: "recipient_registration_refused", rejection, failure: isUpstreamError(error) ? error.failure : "unknown" },
      "recipient registration not created",
    );
    if (rejection === "duplicateAlias") return { kind: "duplicateAlias" };
    if (rejection) return { kind: "rejected", reason: rejection };
    if (isUpstreamError(error) && (error.failure === "timeout" || error.failure === "network")) return { kind: "unknown" };
    return { kind: "failed" };
  }
  const challengeOrigin = new URL(getConfig().CHALLENGE_URL).origin;
  const uri = registration.uri ? new URL(registration.uri) : null;
  if (!uri || uri.origin !== challengeOrigin) {
    access.log.error({ event: "recipient_challenge_uri_refused", registrationId: registration.id }, "challenge uri outside CHALLENGE_URL");
    return { kind: "failed" };
  }
  access.log.info({ event: "recipient_registration_created", registrationId: registration.id }, "recipient registration created");
  return { kind: "challenge", url: uri.toString() };
}

export type RegistrationResult =
  | { kind: "active"; name: string }
  | { kind: "pending"; name: string }
  | { kind: "saveFailed" }
  | { kind: "desync" }
  | { kind: "tokenExpired" }
  | { kind: "wrongToken" }
  | { kind: "failed" };

/**
 * §8 for recipients: token expired or wrong get a single 'Entendido'; every other failure is the
 * informational 'No se pudo agregar tu destinatario' (retry later, sync the token).
 */
export function recipientResult(outcome: ChallengeOutcome): Exclude<RegistrationResult, { kind: "active" | "pending" | "saveFailed" }> {
  switch (outcome.kind) {
    case "desync":
      return { kind: "desync" };
    case "operationError":
      if (outcome.error === "tokenExpired") return { kind: "tokenExpired" };
      if (outcome.error === "wrongToken") return { kind: "wrongToken" };
      return { kind: "failed" };
    default:
      return { kind: "failed" };
  }
}

/**
 * Records the challenge's result upstream (idempotent by trk) and says what the person sees. A
 * success whose recording failed is 'Ocurrió un error' (§8); a refused result is never a success.
 */
export async function recordRegistration(
  access: AccessContext,
  input: { trk: string; id: string; res: string; msg: string; retries: number },
): Promise<RegistrationResult> {
  const outcome = challengeOutcome(input);
  let registration: Registration | null = null;
  let refused = false;
  try {
    registration = await access.api.recipients.register({
      res: input.res,
      msg: input.msg,
      trk: input.trk,
      id: input.id,
      recipientStatus: input.res === "0" ? 1 : null,
    });
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    refused = isUpstreamError(error) && error.failure === "status" && (error.status ?? 500) < 500;
    access.log.error(
      { event: "recipient_challenge_save_failed", refused, failure: isUpstreamError(error) ? error.failure : "unknown" },
      "recipient challenge result not recorded",
    );
  }
  access.log.info(
    { event: "recipient_challenge_result", outcome: outcome.kind, registrationId: registration?.id },
    "recipient challenge result",
  );
  if (outcome.kind !== "success") return recipientResult(outcome);
  if (refused) return { kind: "failed" };
  if (!registration) return { kind: "saveFailed" };
  if (registration.status !== "registered" || !registration.recipient) return { kind: "failed" };
  const name = registration.recipient.fullName;
  return registration.recipient.status.id === 2 ? { kind: "active", name } : { kind: "pending", name };
}
