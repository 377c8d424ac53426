import { z } from "zod";

import texts from "../locales/es-MX/settings.json";
import { formatTime } from "./dates";
import { isEmailAddress, msg } from "./validation";

/**
 * The profile's contact data and its verification (SPEC §2 contact drawers, §3 Profile, §4 Contact
 * verification, §5 WhatsApp and contact e-mail, §9 contact code block and phone; decision 059).
 * Pure rules and the two form schemas, shared by the browser and the action.
 */

export const CONTACT_CHANNELS = ["email", "whatsapp"] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/** §9: a new message can be asked for 12 minutes after the last one. */
export const CONTACT_CODE_BLOCK_MS = 720_000;
/** §9: a WhatsApp number is 10 digits; +52 unless another dial code is chosen. */
export const PHONE_DIGITS = 10;
export const DEFAULT_DIAL_CODE = "52";

const DIGITS_ONLY = /^\d+$/;

/** 'Correo de contacto' (§5): a valid address without spaces. */
export const contactEmailSchema = z.object({
  email: z
    .string({ required_error: msg.required })
    // Spaces around it are a slip of the keyboard; a space inside makes it no address.
    .trim()
    .max(254, msg.invalid("correo"))
    .refine((value) => isEmailAddress(value), msg.invalid("correo")),
});
export type ContactEmailInput = z.infer<typeof contactEmailSchema>;

/**
 * 'WhatsApp' (§5): a dial code of the catalogue (GET /countrycodes, given without '+') and exactly
 * 10 digits, nothing else ('Ingresa un teléfono válido'). An empty catalogue accepts only +52.
 */
export function whatsAppSchema(dialCodes: readonly string[]) {
  const known = dialCodes.length > 0 ? dialCodes : [DEFAULT_DIAL_CODE];
  return z.object({
    dialCode: z
      .string({ required_error: msg.required })
      .refine((value) => known.includes(value), texts.contact.whatsapp.invalidDialCode)
      .default(DEFAULT_DIAL_CODE),
    phone: z
      .string({ required_error: msg.required })
      .refine((value) => value.length === PHONE_DIGITS && DIGITS_ONLY.test(value), texts.contact.whatsapp.invalid),
  });
}
export type WhatsAppInput = z.infer<ReturnType<typeof whatsAppSchema>>;

/** §5: what the product receives, the dial code without '+' followed by the 10 digits. */
export function whatsAppData(input: { dialCode: string; phone: string }): string {
  return `${input.dialCode.replace(/^\+/, "")}${input.phone}`;
}

/** A stored number (dial code and 10 digits) split back for the form; the default dial code when there is none. */
export function splitWhatsApp(stored: string | null): { dialCode: string; phone: string } {
  const digits = (stored ?? "").replace(/\D/g, "");
  if (digits.length <= PHONE_DIGITS) return { dialCode: DEFAULT_DIAL_CODE, phone: digits };
  return { dialCode: digits.slice(0, -PHONE_DIGITS), phone: digits.slice(-PHONE_DIGITS) };
}

export type DialCodeOption = { code: string; label: string };

/**
 * The dial-code menu (§5): one option per code, sorted numerically (+1 before +34 before +502), the
 * countries that share a code named together. Entries that are not '+digits' are left out.
 */
export function dialCodeOptions(catalogue: ReadonlyArray<{ country_code: string; country?: string }>): DialCodeOption[] {
  const byCode = new Map<string, string[]>();
  for (const entry of catalogue) {
    const code = entry.country_code.trim().replace(/^\+/, "");
    if (!DIGITS_ONLY.test(code) || code.length > 4) continue;
    const names = byCode.get(code) ?? [];
    const country = entry.country?.trim();
    if (country && !names.includes(country)) names.push(country);
    byCode.set(code, names);
  }
  return [...byCode.entries()]
    .sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b))
    .map(([code, names]) => ({
      code,
      label: names.length > 0 ? `+${code} ${[...names].sort((a, b) => a.localeCompare(b, "es")).join(", ")}` : `+${code}`,
    }));
}

/** A channel's verification as the product reports it (§3: requestVerification, lastCodeSentTs, blockedUntilTs). */
export type VerificationTimes = { lastCodeSentTs: number | null; blockedUntilTs: number | null };

/**
 * §4 / §9: when a new message may be asked for — 12 minutes after the last one (or later, if the
 * product says so) — or null when nothing was sent. The product's own refusal stands as well.
 */
export function resendAllowedAt(times: VerificationTimes): number | null {
  const ours = times.lastCodeSentTs === null ? null : times.lastCodeSentTs + CONTACT_CODE_BLOCK_MS;
  const theirs = times.blockedUntilTs;
  if (ours === null) return theirs;
  return theirs === null ? ours : Math.max(ours, theirs);
}

/** The moment until which a resend is refused, or null when it may be sent now. */
export function resendBlockedUntil(times: VerificationTimes, now: number): number | null {
  const at = resendAllowedAt(times);
  return at !== null && now < at ? at : null;
}

/** 'Podrás solicitar un nuevo mensaje a partir de las 12:12.' (Mexico City's clock). */
export function retryMessage(blockedUntil: number): string {
  return texts.contact.blocked.replace("{{time}}", formatTime(blockedUntil));
}

/**
 * Sending the address that is already waiting for its link is a resend in disguise: inside the
 * 12 minutes it is refused like one. Another address (a typo fixed) goes out at once (decision 052).
 */
export function sendBlockedUntil(data: string, pending: string | null, times: VerificationTimes, now: number): number | null {
  return pending !== null && pending === data ? resendBlockedUntil(times, now) : null;
}

/** What a channel's row shows: the address, and whether it is confirmed or waiting for its link. */
export type ContactState = "verified" | "pending" | "missing";

export function contactState(value: string | null, verified: boolean): ContactState {
  if (!value) return "missing";
  return verified ? "verified" : "pending";
}

/**
 * Decision 099: confirmation messages are bounded whatever the addresses typed. Inside
 * §9's 12 minutes a member may send a few per channel (a typo fixed, then another), and an address
 * or number receives one, whoever asks: alternating a victim's address with others cannot mail
 * the victim again and again.
 */
export const CONFIRMATION_SEND_LIMITS = {
  perMemberAndChannel: { points: 3, durationS: CONTACT_CODE_BLOCK_MS / 1000 },
  perDestination: { points: 1, durationS: CONTACT_CODE_BLOCK_MS / 1000 },
} as const;

/**
 * The destination a confirmation message reaches, as one key whatever its spelling: an address in
 * lower case and without its '+tag' (which most mail services deliver to the same box), a number as
 * its digits.
 */
export function confirmationDestination(channel: ContactChannel, data: string): string {
  if (channel === "whatsapp") return `whatsapp:${data.replace(/\D/g, "")}`;
  const address = data.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return `email:${address}`;
  const local = address.slice(0, at).replace(/\+.*$/, "");
  return `email:${local}${address.slice(at)}`;
}
