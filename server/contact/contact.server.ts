import { whatsappLabel } from "#core/domain/collaborator-permissions";
import {
  type ContactChannel,
  type ContactState,
  contactState,
  DEFAULT_DIAL_CODE,
  type DialCodeOption,
  dialCodeOptions,
  resendBlockedUntil,
  retryMessage,
  splitWhatsApp,
} from "#core/domain/contact";

import type { Logger } from "../logger.server";
import { cached } from "../upstream/cache.server";
import type { ContactClient, ContactProfile } from "../upstream/contact.server";
import { isUpstreamError } from "../upstream/errors";
import { warnUpstreamFailure } from "../upstream/failure-log.server";
import { optional } from "../upstream/optional.server";

/**
 * The contact data of the settings drawer's 'Datos de usuario' and the 'Correo de contacto' /
 * 'WhatsApp' drawers (SPEC §2, decision 059), built from the product's profile on each page that
 * shows them: the app keeps none of it. Their addresses: core/contact-links.ts.
 */
const CHANNEL_OF: Record<string, ContactChannel> = { correo: "email", whatsapp: "whatsapp" };

export type ContactStep = "input" | "sent";
export type ContactDrawerRequest = { channel: ContactChannel; step: ContactStep; update: boolean };

export function contactDrawerOf(url: URL): ContactDrawerRequest | null {
  const channel = CHANNEL_OF[url.searchParams.get("drawer") ?? ""];
  if (!channel) return null;
  return {
    channel,
    step: url.searchParams.get("paso") === "enviado" ? "sent" : "input",
    update: url.searchParams.get("modo") === "editar",
  };
}

/** The settings drawer's user data, or a contact drawer: the pages that read the profile. */
export function showsContact(url: URL): boolean {
  const drawer = url.searchParams.get("drawer");
  return (drawer === "configuracion" && url.searchParams.get("tab") === "datos") || contactDrawerOf(url) !== null;
}

export type ContactRow = {
  /** As the person reads it: the address, or the number as '+52 5512345678'. */
  display: string | null;
  state: ContactState;
  /** A message with its link went out and waits (the row offers to send it again). */
  messageSent: boolean;
};

export type ContactSummary = { email: ContactRow; whatsapp: ContactRow; whatsappInfo: boolean };

export type ContactDrawerView = ContactDrawerRequest & {
  /** The form's starting values: what waits for its link, else the current data. */
  initial: { email: string } | { dialCode: string; phone: string };
  /** The address or number the message went to (sent step), or waits for one: what 'Reenviar mensaje' confirms. */
  sentTo: string | null;
  /** The data as the product holds it now ('Dato actual: …' in edit mode), and whether it still waits for its link. */
  current: { display: string | null; pending: boolean };
  /** Until when 'Reenviar mensaje' is refused (epoch ms), with the sentence that says so. */
  blockedUntil: number | null;
  blockedMessage: string | null;
  dialCodes: DialCodeOption[];
};

export type ContactView = { summary: ContactSummary; drawer: ContactDrawerView | null } | { unavailable: true };

function pendingOf(profile: ContactProfile, channel: ContactChannel): string | null {
  return channel === "email" ? profile.email_to_verify : profile.to_verify_phone_number;
}

function rowOf(profile: ContactProfile, channel: ContactChannel): ContactRow {
  const value = channel === "email" ? profile.email : profile.phone;
  const verified = channel === "email" ? profile.emailVerified : profile.phoneVerified;
  const state = contactState(value, verified);
  const verification = profile.verification[channel];
  return {
    display: channel === "email" ? value : whatsappLabel(value),
    state,
    messageSent: state === "pending" && pendingOf(profile, channel) !== null && verification.lastCodeSentTs !== null,
  };
}

export function contactSummary(profile: ContactProfile): ContactSummary {
  return { email: rowOf(profile, "email"), whatsapp: rowOf(profile, "whatsapp"), whatsappInfo: profile.phone_channel };
}

/** The dial-code menu, sorted numerically (§5); while the catalogue cannot be read, §9's default alone. */
export async function dialCodes(api: ContactClient, log: Logger): Promise<DialCodeOption[]> {
  const catalogue = await optional(
    cached("country-codes", () => api.countryCodes()),
    [],
    { log, event: "country_codes_unavailable" },
  );
  const options = dialCodeOptions(catalogue);
  return options.length > 0 ? options : [{ code: DEFAULT_DIAL_CODE, label: `+${DEFAULT_DIAL_CODE}` }];
}

export function drawerView(
  profile: ContactProfile,
  request: ContactDrawerRequest,
  codes: DialCodeOption[],
  now: number,
): ContactDrawerView {
  const { channel } = request;
  const pending = pendingOf(profile, channel);
  const current = pending ?? (channel === "email" ? profile.email : profile.phone);
  const verification = profile.verification[channel];
  // The sent step needs something that waits and a message that went out; otherwise it is the input.
  const step: ContactStep = request.step === "sent" && pending !== null && verification.lastCodeSentTs !== null ? "sent" : "input";
  // Whatever waits for its link may be sent again from either step, once the 12 minutes are over.
  const blockedUntil = pending !== null ? resendBlockedUntil(verification, now) : null;
  const row = rowOf(profile, channel);
  return {
    ...request,
    step,
    initial: channel === "email" ? { email: current ?? "" } : splitWhatsApp(current),
    sentTo: pending === null ? null : channel === "email" ? pending : whatsappLabel(pending),
    current: { display: row.display, pending: row.state === "pending" },
    blockedUntil,
    blockedMessage: blockedUntil === null ? null : retryMessage(blockedUntil),
    dialCodes: channel === "whatsapp" ? codes : [],
  };
}

/** What the shell shows of the contact data for this URL; an unreadable profile is a 'could not load' state. */
export async function loadContactView(api: ContactClient, memberId: string, url: URL, log: Logger, now = Date.now()): Promise<ContactView> {
  const request = contactDrawerOf(url);
  try {
    const [profile, codes] = await Promise.all([
      api.profile(memberId),
      request?.channel === "whatsapp" ? dialCodes(api, log) : Promise.resolve([]),
    ]);
    if (!profile) {
      log.warn({ event: "contact_profile_missing" }, "no profile for the member");
      return { unavailable: true };
    }
    return { summary: contactSummary(profile), drawer: request ? drawerView(profile, request, codes, now) : null };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    warnUpstreamFailure(
      log,
      error,
      { event: "contact_profile_unavailable", failure: error.failure, status: error.status },
      "contact data unavailable",
    );
    return { unavailable: true };
  }
}
