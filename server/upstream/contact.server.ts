import { z } from "zod";

import type { ContactChannel } from "#core/domain/contact";

import type { Http } from "./http.server";
import { profileSchema } from "./product.server";

/**
 * Product API: the member's contact data and its verification (SPEC §3 Profile, §7 profiles,
 * confirmationclients, countrycodes; sandbox/CONTRACT.md 'Profiles and contact verification').
 * Bearer product jwt; every call is the jwt's member's own.
 */

const epochMs = z.number().nullable().default(null);

export const verificationSchema = z.object({
  verified: z.boolean().default(false),
  requestVerification: z.boolean().default(false),
  pending: z.string().nullable().default(null),
  lastCodeSentTs: epochMs,
  blockedUntilTs: epochMs,
});
export type Verification = z.infer<typeof verificationSchema>;

const noVerification: Verification = {
  verified: false,
  requestVerification: false,
  pending: null,
  lastCodeSentTs: null,
  blockedUntilTs: null,
};

/** §3 Profile with the contact fields: the channels, what waits for confirmation and each channel's verification. */
export const contactProfileSchema = profileSchema.extend({
  email_channel: z.boolean().default(false),
  phone_channel: z.boolean().default(false),
  to_verify_phone_number: z.string().nullable().default(null),
  email_to_verify: z.string().nullable().default(null),
  verify_type: z.string().nullable().default(null),
  verification: z
    .object({ email: verificationSchema.default(noVerification), whatsapp: verificationSchema.default(noVerification) })
    .default({ email: noVerification, whatsapp: noVerification }),
});
export type ContactProfile = z.infer<typeof contactProfileSchema>;

const sentSchema = z.object({
  channel: z.enum(["email", "whatsapp"]),
  sent: z.boolean().default(true),
  lastCodeSentTs: epochMs,
  blockedUntilTs: epochMs,
});
export type ConfirmationSent = z.infer<typeof sentSchema>;

export const countryCodeSchema = z.object({ id: z.coerce.string(), country_code: z.string(), country: z.string().optional() });

export function contactClient(http: Http) {
  return {
    async profile(memberId: string): Promise<ContactProfile | null> {
      const profiles = await http.request({
        method: "GET",
        path: "/profiles",
        query: { member: memberId },
        schema: z.array(contactProfileSchema),
      });
      return profiles[0] ?? null;
    },
    /** §7 POST /profiles/verification: each channel's §3 requestVerification, lastCodeSentTs, blockedUntilTs. */
    verification(): Promise<{ email: Verification; whatsapp: Verification }> {
      return http.request({
        method: "POST",
        path: "/profiles/verification",
        schema: z.object({ email: verificationSchema, whatsapp: verificationSchema }),
        idempotent: true,
      });
    },
    /** §7 GET /countrycodes: the dial codes of the WhatsApp menu. */
    countryCodes() {
      return http.request({ method: "GET", path: "/countrycodes", schema: z.array(countryCodeSchema) });
    },
    /** §7 POST /profiles/activate-channel: 'Recibir información en mi WhatsApp'. Setting the same value twice is harmless. */
    async activateChannel(channel: ContactChannel, active: boolean): Promise<void> {
      await http.request({
        method: "POST",
        path: "/profiles/activate-channel",
        body: { channel, active },
        schema: z.unknown(),
        idempotent: true,
      });
    },
    /**
     * §7 PUT /confirmationclients/modify: the new address or number, unverified until its link is
     * followed; a message goes out. Never resent on a timeout: each call sends a message.
     */
    modify(channel: ContactChannel, data: string, verifyType: "profile" | "update"): Promise<ConfirmationSent> {
      return http.request({
        method: "PUT",
        path: "/confirmationclients/modify",
        query: { channel, data, profile: true, verifyType },
        schema: sentSchema,
      });
    },
    /** §7 PUT /confirmationclients/resend: a new message for what waits; refused inside the 12 minutes (409 RESEND_BLOCKED). */
    resend(channel: ContactChannel): Promise<ConfirmationSent> {
      return http.request({ method: "PUT", path: "/confirmationclients/resend", query: { channel }, schema: sentSchema });
    },
  };
}

export type ContactClient = ReturnType<typeof contactClient>;
