// Contact data of a member's profile and the state of its verification (decision 052): the
// shapes and the profile's view, kept apart from the routes (profiles.ts) so product.ts can show them.

import type { ProductMember, ProfileType, SandboxState } from "./types";

/** SPEC §9: a new code can be asked for 12 minutes after the last one. */
export const CONTACT_CODE_BLOCK_MS = 720_000;

export type ContactChannel = "email" | "whatsapp";
export const CHANNELS = ["email", "whatsapp"] as const;

export interface ChannelVerification {
  /** The address or number waiting to be confirmed (email_to_verify / to_verify_phone_number); null: nothing pending. */
  pending: string | null;
  verifyType: "profile" | "update" | null;
  lastCodeSentTs: number | null;
  blockedUntilTs: number | null;
  /** Only the latest message's link confirms; an older one no longer does. */
  token: string | null;
}

export interface ContactRecord {
  memberId: number;
  updatedAt: string;
  /** 'Recibir información en mi WhatsApp' (POST /profiles/activate-channel), and its e-mail twin. */
  emailChannel: boolean;
  phoneChannel: boolean;
  email: ChannelVerification;
  whatsapp: ChannelVerification;
}

export interface WhatsAppMessage {
  id: number;
  memberId: number;
  /** Dial code without '+' followed by the 10 digits, as the app sends it. */
  to: string;
  text: string;
  confirmUrl: string;
  at: string;
}

export interface ContactState {
  records: ContactRecord[];
  whatsappOutbox: WhatsAppMessage[];
  nextMessageId: number;
}

export const idle = (): ChannelVerification => ({
  pending: null,
  verifyType: null,
  lastCodeSentTs: null,
  blockedUntilTs: null,
  token: null,
});

/** Seed: an unverified address or number is pending confirmation (no message sent yet, so no block). */
export function seedContact(members: readonly ProductMember[], phoneChannelFor: readonly string[]): ContactState {
  return {
    records: members.map((member) => ({
      memberId: member.memberId,
      updatedAt: member.createdAt,
      emailChannel: true,
      phoneChannel: phoneChannelFor.includes(member.userName),
      email: { ...idle(), pending: member.profile.emailVerified ? null : member.profile.email },
      whatsapp: { ...idle(), pending: member.profile.phone !== null && !member.profile.phoneVerified ? member.profile.phone : null },
    })),
    whatsappOutbox: [],
    nextMessageId: 1,
  };
}

/** The member's contact record; members created through /createuser get theirs on first use. */
export function contactOf(state: SandboxState, member: ProductMember): ContactRecord {
  let record = state.contact.records.find((candidate) => candidate.memberId === member.memberId);
  if (!record) {
    record = {
      memberId: member.memberId,
      updatedAt: member.createdAt,
      emailChannel: true,
      phoneChannel: false,
      email: { ...idle(), pending: member.profile.emailVerified ? null : member.profile.email },
      whatsapp: idle(),
    };
    state.contact.records.push(record);
  }
  return record;
}

export function verificationView(verification: ChannelVerification, verified: boolean) {
  return {
    verified,
    requestVerification: verification.pending !== null,
    pending: verification.pending,
    lastCodeSentTs: verification.lastCodeSentTs,
    blockedUntilTs: verification.blockedUntilTs,
  };
}

/** GET /profiles?member=: SPEC §3 Profile, with each channel's verification state. */
export function profileView(state: SandboxState, member: ProductMember, profileType: ProfileType) {
  const contact = contactOf(state, member);
  const permissions = state.catalogs.permissions.filter((permission) => member.permissions.includes(permission.name));
  return {
    ...member.profile,
    updated_at: contact.updatedAt,
    email_channel: contact.emailChannel,
    phone_channel: contact.phoneChannel,
    to_verify_phone_number: contact.whatsapp.pending,
    email_to_verify: contact.email.pending,
    verify_type: contact.whatsapp.verifyType ?? contact.email.verifyType,
    verification: {
      email: verificationView(contact.email, member.profile.emailVerified),
      whatsapp: verificationView(contact.whatsapp, member.profile.phoneVerified),
    },
    profileType,
    permissions,
  };
}
