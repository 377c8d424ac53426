/**
 * §8 "Server messages with help link": messages the bank or the product API answer with, which the
 * portal shows as they come and follows with where to get help. Matched by substring (lower case,
 * accents ignored), the way §8 matches the challenge errors. The help's target is not stated by the
 * spec: limits, addresses, signatures and the token are managed in the bank's online banking; being
 * allowed to operate spot is arranged with an advisor over WhatsApp (§8 says so).
 */
export type HelpTopic =
  | "recipientAddressIncomplete"
  | "recipientDailyAmountExceeded"
  | "recipientMonthlyAmountExceeded"
  | "accountDailyAmountExceeded"
  | "accountTransactionAmountExceeded"
  | "extraSignatureRequired"
  | "jointSignatureInsufficient"
  | "spotNotAuthorized"
  | "tokenOutOfSync";

export type HelpTarget = "bank" | "whatsapp";

/** Each topic with the phrases that identify it (all must appear) and where its help is. */
const TOPICS: { topic: HelpTopic; phrases: string[][]; target: HelpTarget }[] = [
  { topic: "spotNotAuthorized", phrases: [["no autorizado a operar spot"]], target: "whatsapp" },
  { topic: "jointSignatureInsufficient", phrases: [["privilegios de mancomunacion insuficientes"]], target: "bank" },
  {
    topic: "extraSignatureRequired",
    phrases: [
      ["firma", "adicional"],
      ["firma", "autoriza", "requiere"],
      ["additional", "signature"],
    ],
    target: "bank",
  },
  {
    topic: "recipientAddressIncomplete",
    phrases: [
      ["direccion", "destinatario", "incompleta"],
      ["domicilio", "destinatario", "incompleto"],
    ],
    target: "bank",
  },
  { topic: "recipientDailyAmountExceeded", phrases: [["monto diario", "destinatario"]], target: "bank" },
  { topic: "recipientMonthlyAmountExceeded", phrases: [["monto mensual", "destinatario"]], target: "bank" },
  {
    topic: "accountDailyAmountExceeded",
    phrases: [
      ["monto diario", "cuenta"],
      ["limite diario", "cuenta"],
    ],
    target: "bank",
  },
  {
    topic: "accountTransactionAmountExceeded",
    phrases: [
      ["monto por operacion", "cuenta"],
      ["monto por transaccion", "cuenta"],
    ],
    target: "bank",
  },
  {
    topic: "tokenOutOfSync",
    phrases: [
      ["token", "desincronizado"],
      ["token", "out of sync"],
    ],
    target: "bank",
  },
];

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/** The help a server message calls for, or null when it is not one of §8's. */
export function serverMessageHelp(message: string): { topic: HelpTopic; target: HelpTarget } | null {
  const text = fold(message);
  for (const { topic, phrases, target } of TOPICS) {
    if (phrases.some((all) => all.every((phrase) => text.includes(phrase)))) return { topic, target };
  }
  return null;
}

/**
 * The catalogue's text for an error code (§7 GET /error-catalogs), or the message as it came.
 * The catalogue is the product's wording: it wins over what a single answer carried.
 */
export function catalogueText(catalogue: { code: string; message: string }[] | null, code: unknown, fallback: string): string {
  if (typeof code !== "string" || !catalogue) return fallback;
  return catalogue.find((entry) => entry.code === code)?.message ?? fallback;
}
