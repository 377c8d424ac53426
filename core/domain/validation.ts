import { z } from "zod";

import messages from "../locales/es-MX/validation.json";

/**
 * The validation message templates of SPEC §5. The texts live in the es-MX resources; schemas on
 * both sides of the wire build their messages here so server and browser say the same thing.
 */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ""));
}

export const msg = {
  required: messages.required,
  requiredAlt: messages.requiredAlt,
  termsRequired: messages.termsRequired,
  invalidOption: messages.invalidOption,
  conceptMax: messages.conceptMax,
  conceptRequired: messages.conceptRequired,
  invalidAmount: messages.invalidAmount,
  amountDecimals: messages.amountDecimals,
  invalid: (field: string, gender: "m" | "f" = "m") =>
    fill(gender === "m" ? messages.invalidMasculine : messages.invalidFeminine, { field }),
  fileFormat: (files: string) => fill(messages.fileFormat, { files }),
  fileSize: (size: string) => fill(messages.fileSize, { size }),
  min: (number: number) => fill(messages.min, { number }),
  max: (number: number) => fill(messages.max, { number }),
};

/** Printable ASCII only: no spaces, controls, invisible or look-alike characters. */
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;
/** §5 "valid" e-mail: something@domain.tld, no spaces. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const zodEmail = z.string().email();

/**
 * An address the app will hand to the product API: the §5 shape, printable ASCII (a BEL or a
 * U+2028 inside is not an address), and the e-mail rule of Zod, the one the upstream contract
 * states, so an address the app accepts is never refused there (a 502 otherwise).
 */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && PRINTABLE_ASCII.test(value) && EMAIL_SHAPE.test(value) && zodEmail.safeParse(value).success;
}
