import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";

import { contactLinks } from "#core/contact-links";
import {
  confirmationDestination,
  type ContactChannel,
  contactEmailSchema,
  resendBlockedUntil,
  retryMessage,
  sendBlockedUntil,
  whatsAppData,
  whatsAppSchema,
} from "#core/domain/contact";
import { msg } from "#core/domain/validation";
import common from "#core/locales/es-MX/common.json";
import settings from "#core/locales/es-MX/settings.json";
import { safeRedirectPath } from "#core/url";
import { dialCodes } from "#server/contact/contact.server";
import { takeRate } from "#server/rate-limit.server";
import type { AccessContext } from "#server/session/auth.server";
import { commitSession, newToast, requireAccess } from "#server/session/auth.server";
import { readForm } from "#server/session/csrf.server";
import type { Toast } from "#server/session/types";
import { isUpstreamError, type UpstreamError } from "#server/upstream/errors";

/** Nothing to show: a visit (or Back after a post) goes to the dashboard. */
export function loader() {
  return redirect("/");
}

const texts = settings.contact;
const GENERIC = texts.failed;
const failedToast = () => newToast("error", common.generic.error, GENERIC);

const requestSchema = z.object({
  intent: z.enum(["enviar", "reenviar", "whatsapp"]),
  canal: z.enum(["email", "whatsapp"]),
});

/**
 * The contact drawers' posts (SPEC §2, §4, §5, §7; decision 059), for any member and only about
 * their own profile: 'Confirmar' (intent `enviar`: PUT /confirmationclients/modify), 'Reenviar
 * mensaje' (intent `reenviar`: PUT /confirmationclients/resend) and 'Recibir información en mi
 * WhatsApp' (intent `whatsapp`: POST /profiles/activate-channel). Every answer is a redirect to the
 * drawer it came from, so each step works without JS; a refusal travels in the session with what
 * was typed. The 12-minute block is judged here from the product's own times, and the product's
 * refusal stands too.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireAccess(request, context);
  const form = await readForm(request);
  const parsed = requestSchema.safeParse({ intent: form.get("intent"), canal: form.get("canal") });
  if (!parsed.success) throw new Response("Solicitud inválida", { status: 400 });
  const base = contactLinks.base(safeRedirectPath(form.get("redirectTo")));
  const { intent, canal: channel } = parsed.data;
  if (intent === "enviar") return send(access, form, channel, base, form.get("modo") === "editar");
  if (intent === "reenviar") return resend(access, form, channel, base);
  return switchWhatsAppInfo(access, form, base);
}

/** A redirect that carries a toast and, for a refused form, what was typed and why. */
async function answer(
  access: AccessContext,
  to: string,
  { toast, refused }: { toast?: Toast; refused?: { channel: ContactChannel; step: "input" | "sent"; result: SubmissionResult<string[]> } },
) {
  if (toast) access.session.flash("toast", toast);
  if (refused) access.session.flash("contactResult", refused);
  return redirect(to, { headers: { "Set-Cookie": await commitSession(access.session) } });
}

function logFailure(access: AccessContext, event: string, error: UpstreamError, channel: ContactChannel) {
  access.log.warn({ event, channel, failure: error.failure, status: error.status, code: error.details.code }, "contact request failed");
}

/** 'Confirmar': the new address or number, unverified until its link is followed (§4), and its message. */
async function send(access: AccessContext, form: FormData, channel: ContactChannel, base: string, update: boolean) {
  const api = access.api.contact;
  const schema = channel === "email" ? contactEmailSchema : whatsAppSchema((await dialCodes(api, access.log)).map((option) => option.code));
  const submission = parseWithZod(form, { schema });
  const inputHref = contactLinks.input(base, channel, update);
  const refuse = (result: SubmissionResult<string[]>, toast?: Toast) =>
    answer(access, inputHref, { toast, refused: { channel, step: "input", result } });
  if (submission.status !== "success") return refuse(submission.reply());
  const value = submission.value as { email: string } | { dialCode: string; phone: string };
  const data = "email" in value ? value.email : whatsAppData(value);
  const field = channel === "email" ? "email" : "phone";

  try {
    const profile = await api.profile(access.data.memberId);
    if (profile) {
      const pending = channel === "email" ? profile.email_to_verify : profile.to_verify_phone_number;
      const blocked = sendBlockedUntil(data, pending, profile.verification[channel], Date.now());
      if (blocked !== null) return refuse(submission.reply({ formErrors: [retryMessage(blocked)] }));
    }
    const limited = await sendLimited(access, channel, data);
    if (limited !== null) return refuse(submission.reply({ formErrors: [retryMessage(limited)] }));
    await api.modify(channel, data, update ? "update" : "profile");
    access.log.info(
      { event: "contact_confirmation_sent", channel, verifyType: update ? "update" : "profile" },
      "contact confirmation sent",
    );
    return redirect(contactLinks.sent(base, channel));
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    logFailure(access, "contact_modify_failed", error, channel);
    const code = error.details.code;
    if (code === "INVALID_EMAIL" || code === "INVALID_PHONE") {
      const message = channel === "email" ? msg.invalid("correo") : texts.whatsapp.invalid;
      return refuse(submission.reply({ fieldErrors: { [field]: [message] } }));
    }
    if (code === "ALREADY_VERIFIED") {
      return refuse(submission.reply({ fieldErrors: { [field]: [texts[channel].alreadyVerified] } }));
    }
    // §8 'Profile edit failure: generic error toast'; the form keeps what was typed. A timeout is not
    // sent again: sending the same data once more is judged as a resend (the 12-minute block).
    return refuse(submission.reply({ formErrors: [GENERIC] }), failedToast());
  }
}

/**
 * Decision 099: the member's sends on this channel, then the destination's messages whoever sends
 * them, each bounded inside §9's 12 minutes. Answers when a send may go again, or null.
 */
async function sendLimited(access: AccessContext, channel: ContactChannel, data: string): Promise<number | null> {
  const seconds =
    (await takeRate("contact", { member: `${access.data.memberId}:${channel}` })) ??
    (await takeRate("destination", { subject: confirmationDestination(channel, data) }));
  if (seconds === null) return null;
  access.log.warn({ event: "contact_send_limited", channel }, "contact confirmation refused by its rate limit");
  return Date.now() + seconds * 1000;
}

/** 'Reenviar mensaje': refused inside the 12 minutes, by our reading of the product's times and by the product. */
async function resend(access: AccessContext, form: FormData, channel: ContactChannel, base: string) {
  const api = access.api.contact;
  const sentHref = contactLinks.sent(base, channel);
  const refuse = (message: string) =>
    answer(access, sentHref, {
      refused: { channel, step: "sent", result: parseWithZod(form, { schema: z.object({}) }).reply({ formErrors: [message] }) },
    });
  const blockedMessage = async () => {
    const verification = await api.verification();
    const until = resendBlockedUntil(verification[channel], Date.now());
    return until === null ? null : retryMessage(until);
  };

  try {
    const verification = await api.verification();
    const current = verification[channel];
    if (current.pending === null) {
      return answer(access, contactLinks.input(base, channel), { toast: newToast("info", texts.nothingPending) });
    }
    const until = resendBlockedUntil(current, Date.now());
    if (until !== null) {
      access.log.info({ event: "contact_resend_blocked", channel }, "contact resend refused inside the block");
      return refuse(retryMessage(until));
    }
    await api.resend(channel);
    access.log.info({ event: "contact_confirmation_resent", channel }, "contact confirmation resent");
    return answer(access, sentHref, { toast: newToast("success", texts.sent.resent) });
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    logFailure(access, "contact_resend_failed", error, channel);
    if (error.details.code === "RESEND_BLOCKED") {
      const message = await blockedMessage().catch(() => null);
      return refuse(message ?? error.details.upstreamMessage ?? GENERIC);
    }
    if (error.details.code === "NOTHING_TO_CONFIRM") {
      return answer(access, contactLinks.input(base, channel), { toast: newToast("info", texts.nothingPending) });
    }
    return answer(access, sentHref, { toast: failedToast() });
  }
}

/** 'Recibir información en mi WhatsApp': only for a confirmed number (the product refuses the rest). */
async function switchWhatsAppInfo(access: AccessContext, form: FormData, base: string) {
  const active = form.get("activo") === "on";
  const back = contactLinks.settings(base);
  try {
    await access.api.contact.activateChannel("whatsapp", active);
    access.log.info({ event: "whatsapp_channel_set", active }, "whatsapp channel set");
    return answer(access, back, { toast: newToast("success", texts.optIn.saved) });
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    logFailure(access, "whatsapp_channel_failed", error, "whatsapp");
    const toast = error.details.code === "PHONE_NOT_VERIFIED" ? newToast("error", texts.optIn.needsVerified) : failedToast();
    return answer(access, back, { toast });
  }
}
