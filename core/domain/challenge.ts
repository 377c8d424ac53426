/**
 * The bank's challenge result (§4 Challenge result, §8 operation challenge errors), as pure
 * rules over the message the bank returns.
 */
import type { HelpTarget, HelpTopic } from "./server-messages";
import { serverMessageHelp } from "./server-messages";

export type ChallengeModal = "success" | "timeout" | "insufficient" | "error";

/** §4: timeout if the message mentions time, insufficient if it mentions insufficiency, else error. */
export function challengeModalType(message: string): Exclude<ChallengeModal, "success"> {
  const text = message.toLocaleLowerCase("es-MX");
  if (text.includes("tiempo")) return "timeout";
  if (text.includes("insuficiente")) return "insufficient";
  return "error";
}

/** §4: 'title|description'; a message without '|' is all title. */
export function splitChallengeMessage(message: string): { title: string; description: string | null } {
  const index = message.indexOf("|");
  if (index < 0) return { title: message.trim(), description: null };
  const description = message.slice(index + 1).trim();
  return { title: message.slice(0, index).trim(), description: description || null };
}

/** §4: a timeout after the last allowed retry shows the retries-limit modal. */
export function timeoutModal(retries: number): "retriesLimit" | "timeExpired" {
  return retries === 1 ? "retriesLimit" : "timeExpired";
}

export type OperationError = "desync" | "wrongKey" | "tokenExpired" | "wrongToken" | "unavailable";

/**
 * §8: the operation's challenge errors, matched by substring of the bank's message. The token
 * message with 'Verifique e intente nuevamente' is 'Token venció', so it is checked first.
 */
export function operationError(message: string): OperationError | null {
  const text = message.toLocaleLowerCase("es-MX");
  if (text.includes("cancelado")) return "desync";
  if (text.includes("la clave de operación es incorrecta")) return "wrongKey";
  const tokenNotAuthenticated = text.includes("no autenticado con la clave dinámica");
  if (tokenNotAuthenticated && text.includes("verifique e intente nuevamente")) return "tokenExpired";
  if (tokenNotAuthenticated) return "wrongToken";
  if (text.includes("servicio no disponible")) return "unavailable";
  return null;
}

export type ChallengeOutcome =
  | { kind: "success" }
  | { kind: "help"; topic: HelpTopic; target: HelpTarget }
  | { kind: "desync" }
  | { kind: "operationError"; error: Exclude<OperationError, "desync"> }
  | { kind: "timeout"; modal: "retriesLimit" | "timeExpired" }
  | { kind: "insufficient" }
  | { kind: "error"; title: string | null; description: string | null };

/**
 * What the person sees after the bank's challenge (§4, §8): success; the §8 errors matched by
 * substring (they take precedence); otherwise the modal type by the message's words.
 */
export function challengeOutcome(input: { res: string; msg: string; retries: number }): ChallengeOutcome {
  if (input.res === "0") return { kind: "success" };
  const matched = operationError(input.msg);
  if (matched === "desync") return { kind: "desync" };
  if (matched) return { kind: "operationError", error: matched };
  // §8's messages with a help link come before the wording rule ('insuficientes' is not about funds).
  const help = serverMessageHelp(input.msg);
  if (help) return { kind: "help", ...help };
  const type = challengeModalType(input.msg);
  if (type === "timeout") return { kind: "timeout", modal: timeoutModal(input.retries) };
  if (type === "insufficient") return { kind: "insufficient" };
  const { title, description } = splitChallengeMessage(input.msg);
  return { kind: "error", title: title || null, description };
}

/**
 * The outcome with no free text in it: the generic error's title and description come from the
 * bank's message, which is only trusted when the upstream recorded it. A message read from the
 * return URL (anyone can write one) still picks a catalogue modal, but is never shown (decision 035).
 */
export function withoutFreeText(outcome: ChallengeOutcome): ChallengeOutcome {
  return outcome.kind === "error" ? { kind: "error", title: null, description: null } : outcome;
}
