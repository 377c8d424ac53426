// Profile contact data and its verification (decision 052): the product API's /profiles and
// /confirmationclients calls, the confirmation link a message carries, the WhatsApp outbox, and the
// 12-minute block on resending (SPEC §4 Contact verification, §9 contact code block).

import { randomBytes } from "node:crypto";

import { z } from "zod";

import {
  CHANNELS,
  type ChannelVerification,
  CONTACT_CODE_BLOCK_MS,
  type ContactChannel,
  contactOf,
  idle,
  profileView,
  verificationView,
} from "./contact";
import type { SandboxContext } from "./context";
import { escapeHtml, html, HttpError, json, parseWith, type Reply, type RequestContext, type Router } from "./http";
import { addNotification } from "./notifications";
import { authenticateMember, type ProductAuth } from "./product";
import type { ProductMember, SandboxState } from "./types";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** §5: dial code without '+' followed by exactly 10 digits; the dial code must be one of /countrycodes. */
export function isValidWhatsApp(state: SandboxState, data: string): boolean {
  if (!/^\d{11,13}$/.test(data)) return false;
  const dialCode = data.slice(0, -10);
  return state.catalogs.countries.some((country) => country.phoneCode === `+${dialCode}`);
}

function channelOf(value: string | null | undefined): ContactChannel {
  const channel = CHANNELS.find((candidate) => candidate === value);
  if (!channel) throw new HttpError(400, "channel debe ser email o whatsapp", "INVALID_CHANNEL");
  return channel;
}

const mexicoClock = new Intl.DateTimeFormat("es-MX", {
  timeZone: "America/Mexico_City",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});
const mexicoTime = (ts: number) => mexicoClock.format(new Date(ts));

const modifyBody = z
  .object({
    channel: z.string().optional(),
    data: z.string().optional(),
    profile: z.union([z.boolean(), z.string()]).optional(),
    verifyType: z.string().optional(),
  })
  .optional();

export function registerProfileRoutes(router: Router, ctx: SandboxContext): void {
  const { state } = ctx;
  const nowMs = () => ctx.now().getTime();

  /** The confirmation page lives on this sandbox: the address the app reached it by. */
  const linkBase = (request: RequestContext) => {
    const host = request.headers.host;
    return host ? `http://${host}` : ctx.challengeUrl.replace(/\/challenge$/, "");
  };

  /** Sends the message that confirms `pending` on `channel`; starts the 12-minute block. */
  function sendConfirmation(request: RequestContext, caller: ProductAuth, channel: ContactChannel): ChannelVerification {
    const { member } = caller;
    const contact = contactOf(state, member);
    const verification = contact[channel];
    const pending = verification.pending;
    if (pending === null) throw new HttpError(409, "No hay datos pendientes de confirmar", "NOTHING_TO_CONFIRM");
    const token = randomBytes(24).toString("base64url");
    const confirmUrl = `${linkBase(request)}/contacto/confirmar?token=${token}`;
    const at = ctx.now().toISOString();
    const user = state.bankUsers.find((candidate) => candidate.userName === member.userName);
    const name = user?.name ?? member.profile.alias;
    if (channel === "email") {
      state.outbox.push({
        id: state.nextIds.email++,
        clientId: caller.claims.clientId,
        memberId: member.memberId,
        template: "confirmContact",
        to: [pending],
        data: {
          subject: "Confirma tu correo de contacto",
          name,
          channel,
          confirmUrl,
          copy: "Haz click en el botón de confirmar correo para terminar.",
        },
        attachments: [],
        at,
      });
    } else {
      state.contact.whatsappOutbox.push({
        id: state.contact.nextMessageId++,
        memberId: member.memberId,
        to: pending,
        text: `Hola ${name}, haz clic en el botón para confirmar tu número: ${confirmUrl}`,
        confirmUrl,
        at,
      });
    }
    verification.token = token;
    verification.lastCodeSentTs = nowMs();
    verification.blockedUntilTs = nowMs() + CONTACT_CODE_BLOCK_MS;
    return verification;
  }

  const sentView = (channel: ContactChannel, verification: ChannelVerification) => ({
    channel,
    data: verification.pending,
    sent: true,
    requestVerification: true,
    lastCodeSentTs: verification.lastCodeSentTs,
    blockedUntilTs: verification.blockedUntilTs,
  });

  function confirm(token: string): { member: ProductMember; channel: ContactChannel } | null {
    for (const record of state.contact.records) {
      for (const channel of CHANNELS) {
        const verification = record[channel];
        if (verification.token === null || verification.token !== token || verification.pending === null) continue;
        const member = state.members.find((candidate) => candidate.memberId === record.memberId);
        if (!member) return null;
        if (channel === "email") {
          member.profile.email = verification.pending;
          member.profile.emailVerified = true;
        } else {
          member.profile.phone = verification.pending;
          member.profile.phoneVerified = true;
        }
        record[channel] = idle();
        // The contact-data notices (§3 modal flags) about this channel have nothing left to ask.
        const notices = channel === "email" ? ["verify_email", "verify_email_on_init"] : ["verify_phone", "verify_phone_on_init"];
        for (const flag of state.modalFlags) {
          if (flag.memberId === member.memberId && notices.includes(flag.modal)) flag.show = false;
        }
        record.updatedAt = ctx.now().toISOString();
        addNotification(ctx, {
          memberId: member.memberId,
          module: "profileUpdate",
          type: "info",
          title: "Datos de contacto actualizados",
          copy: channel === "email" ? "Confirmaste tu correo de contacto." : "Confirmaste tu número de WhatsApp.",
          detail: { channel },
        });
        return { member, channel };
      }
    }
    return null;
  }

  router
    .post("/api/profiles", (request) => {
      const { member, profileType } = authenticateMember(ctx, request);
      const { member: requested } = parseWith(z.object({ member: z.coerce.number().int().positive() }), request.body);
      // Every member has exactly one profile: asking for it again answers the one that exists.
      if (requested !== member.memberId) throw new HttpError(403, "Solo puedes crear tu propio perfil", "FORBIDDEN");
      return json(200, profileView(state, member, profileType));
    })
    .post("/api/profiles/verification", (request) => {
      const { member } = authenticateMember(ctx, request);
      const contact = contactOf(state, member);
      return json(200, {
        email: verificationView(contact.email, member.profile.emailVerified),
        whatsapp: verificationView(contact.whatsapp, member.profile.phoneVerified),
      });
    })
    .post("/api/profiles/activate-channel", (request) => {
      const { member, profileType } = authenticateMember(ctx, request);
      const input = parseWith(z.object({ channel: z.enum(CHANNELS), active: z.boolean() }), request.body);
      const contact = contactOf(state, member);
      if (input.channel === "whatsapp") {
        if (input.active && !member.profile.phoneVerified) {
          throw new HttpError(409, "Confirma tu número de WhatsApp antes de activarlo", "PHONE_NOT_VERIFIED");
        }
        contact.phoneChannel = input.active;
      } else {
        contact.emailChannel = input.active;
      }
      contact.updatedAt = ctx.now().toISOString();
      return json(200, profileView(state, member, profileType));
    })
    .put("/api/confirmationclients/modify", (request) => {
      const caller = authenticateMember(ctx, request);
      const { member } = caller;
      const body = parseWith(modifyBody, request.body) ?? {};
      const channel = channelOf(request.query.get("channel") ?? body.channel);
      const data = (request.query.get("data") ?? body.data ?? "").trim();
      const verifyTypeRaw = request.query.get("verifyType") ?? body.verifyType ?? "profile";
      if (verifyTypeRaw !== "profile" && verifyTypeRaw !== "update") {
        throw new HttpError(400, "verifyType debe ser profile o update", "INVALID_VERIFY_TYPE");
      }
      if (channel === "email" && (data.length > 254 || !EMAIL_PATTERN.test(data))) {
        throw new HttpError(400, "Ingresa un correo válido", "INVALID_EMAIL");
      }
      if (channel === "whatsapp" && !isValidWhatsApp(state, data)) {
        throw new HttpError(400, "Ingresa un teléfono válido", "INVALID_PHONE");
      }
      const contact = contactOf(state, member);
      const current = channel === "email" ? member.profile.email : member.profile.phone;
      const verified = channel === "email" ? member.profile.emailVerified : member.profile.phoneVerified;
      if (data === current && verified) throw new HttpError(409, "Este dato ya está confirmado", "ALREADY_VERIFIED");
      // §4: a changed address or number is unverified until its link is followed.
      if (channel === "email") {
        member.profile.email = data;
        member.profile.emailVerified = false;
      } else {
        member.profile.phone = data;
        member.profile.phoneVerified = false;
        contact.phoneChannel = false;
      }
      contact[channel].pending = data;
      contact[channel].verifyType = verifyTypeRaw;
      contact.updatedAt = ctx.now().toISOString();
      return json(200, sentView(channel, sendConfirmation(request, caller, channel)));
    })
    .put("/api/confirmationclients/resend", (request) => {
      const caller = authenticateMember(ctx, request);
      const { member } = caller;
      const channel = channelOf(request.query.get("channel"));
      const verification = contactOf(state, member)[channel];
      if (verification.pending === null) throw new HttpError(409, "No hay datos pendientes de confirmar", "NOTHING_TO_CONFIRM");
      const blockedUntil = verification.blockedUntilTs;
      if (blockedUntil !== null && nowMs() < blockedUntil) {
        return json(409, {
          message: `Podrás solicitar un nuevo mensaje a partir de las ${mexicoTime(blockedUntil)}.`,
          code: "RESEND_BLOCKED",
          blockedUntilTs: blockedUntil,
        });
      }
      return json(200, sentView(channel, sendConfirmation(request, caller, channel)));
    })
    // The link of a confirmation message: a page with the button the §8 texts speak of (a GET never
    // confirms, so a mail scanner that follows links cannot confirm for the person).
    .get("/contacto/confirmar", ({ query }) => {
      const token = query.get("token") ?? "";
      const found = state.contact.records.some((record) => CHANNELS.some((channel) => token !== "" && record[channel].token === token));
      if (!found) return invalidLinkPage();
      const channel = CHANNELS.find((candidate) => state.contact.records.some((record) => record[candidate].token === token));
      const label = channel === "email" ? "Confirmar correo" : "Confirmar número";
      return contactPage(
        200,
        channel === "email" ? "Confirma tu correo" : "Confirma tu número de WhatsApp",
        `<form method="post" action="/contacto/confirmar">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">${label}</button>
</form>`,
      );
    })
    .post("/contacto/confirmar", ({ body }) => {
      const token = typeof body === "object" && body !== null && "token" in body && typeof body.token === "string" ? body.token : "";
      const result = token === "" ? null : confirm(token);
      if (!result) return invalidLinkPage();
      const what = result.channel === "email" ? "Tu correo de contacto quedó confirmado." : "Tu número de WhatsApp quedó confirmado.";
      return contactPage(
        200,
        result.channel === "email" ? "Correo confirmado" : "Número confirmado",
        `<p>${what}</p>\n<p><a href="${escapeHtml(ctx.appUrl)}/configuracion">Regresar al portal</a></p>`,
      );
    })
    // Control endpoints: the WhatsApp outbox (oldest first), and a page of both outboxes for people.
    .get("/__whatsapp", () => json(200, state.contact.whatsappOutbox))
    .delete("/__whatsapp", () => {
      const cleared = state.contact.whatsappOutbox.length;
      state.contact.whatsappOutbox = [];
      return json(200, { cleared });
    })
    .get("/bandeja", () => outboxPage(state))
    // Lets time pass for the codes already sent (the 12-minute block) without waiting: every lastCodeSentTs and
    // blockedUntilTs (of one user, or everyone) moves `minutes` into the past.
    .post("/__contact-verification/elapse", (request) => {
      const input = parseWith(z.object({ minutes: z.number().positive().max(100_000), userName: z.string().optional() }), request.body);
      const member = input.userName === undefined ? undefined : state.members.find((candidate) => candidate.userName === input.userName);
      if (input.userName !== undefined && !member) throw new HttpError(404, "Usuario no encontrado", "USER_NOT_FOUND");
      const shift = input.minutes * 60_000;
      let moved = 0;
      for (const record of state.contact.records) {
        if (member && record.memberId !== member.memberId) continue;
        for (const channel of CHANNELS) {
          const verification = record[channel];
          if (verification.lastCodeSentTs === null) continue;
          verification.lastCodeSentTs -= shift;
          if (verification.blockedUntilTs !== null) verification.blockedUntilTs -= shift;
          moved++;
        }
      }
      return json(200, { moved });
    });
}

function contactPage(status: number, title: string, body: string): Reply {
  return html(
    status,
    `<!doctype html>
<html lang="es-MX">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Sandbox</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 40rem; padding: 0 1rem; color: #1f2937; line-height: 1.5; }
  button { font-size: 1rem; padding: 0.6rem 1.4rem; border-radius: 0.375rem; border: 2px solid #0b5cab; background: #0b5cab; color: #fff; cursor: pointer; }
  :focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  li { margin-bottom: 0.75rem; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`,
  );
}

function invalidLinkPage(): Reply {
  return contactPage(
    404,
    "Enlace no válido",
    "<p>Este enlace ya no es válido: se usó o se envió uno más reciente. Solicita un nuevo mensaje desde el portal.</p>",
  );
}

function outboxPage(state: SandboxState): Reply {
  const emails = state.outbox
    .filter((email) => email.template === "confirmContact")
    .map((email) => {
      const url = typeof email.data.confirmUrl === "string" ? email.data.confirmUrl : "";
      return `<li>${escapeHtml(email.at)} · para ${escapeHtml(email.to.join(", "))}: <a href="${escapeHtml(url)}">Confirmar correo</a></li>`;
    });
  const messages = state.contact.whatsappOutbox.map(
    (message) =>
      `<li>${escapeHtml(message.at)} · para +${escapeHtml(message.to)}: ${escapeHtml(message.text.replace(message.confirmUrl, ""))}<a href="${escapeHtml(message.confirmUrl)}">Confirmar número</a></li>`,
  );
  const list = (items: string[], empty: string) => (items.length === 0 ? `<p>${empty}</p>` : `<ul>\n${items.reverse().join("\n")}\n</ul>`);
  return contactPage(
    200,
    "Bandeja de mensajes (sandbox)",
    `<h2>Correos de confirmación</h2>
${list(emails, "Aún no hay correos.")}
<h2>WhatsApp</h2>
${list(messages, "Aún no hay mensajes.")}`,
  );
}
