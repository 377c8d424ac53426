import { z } from "zod";

import type { Http } from "./http.server";

/**
 * Product API calls of recipient management (SPEC §7): the back office's recipients, the
 * registration confirmed with the bank's challenge, and the international banks catalogue.
 * POST /recipient-registrations and POST /backoffice-recipients are not named by §7 (it lists no
 * creation call); sandbox/CONTRACT.md states them and docs/decisions/009 says why.
 */

/** SPEC §3 back-office recipient, plus the form's extras the product keeps. */
export interface RecipientData {
  recipientType: "pfn" | "pfe" | "pmn" | "pme";
  names: string | null;
  fatherLastName: string | null;
  motherLastName: string | null;
  companyName: string | null;
  rfc: string | null;
  relationType: "PROVIDER" | "CUSTOMER" | "OTHER" | null;
  relationTypeExtra: string | null;
  maxTransferAmount: number | null;
  alias: string;
  email: string;
  phone: string | null;
  currency: string;
  accountClabe: string;
  bank: string;
  bankCode: string | null;
  bankTypeAccount: number | null;
  bankCity: string | null;
  bankCountry: string | null;
  street: string | null;
  numberDir: string | null;
  numberInt: string | null;
  suburb: string | null;
  city: string | null;
  state: string | null;
  countryName: string | null;
  postalCode: string | null;
  intermediaryBankCode: string | null;
  intermediaryAccountType: number | null;
  intermediaryBankName: string | null;
  intermediaryBankCity: string | null;
  intermediaryBankCountry: string | null;
}

const text = z.string().nullable().default(null);

export const backofficeRecipientSchema = z
  .object({
    id: z.coerce.string(),
    recipientType: z.enum(["pfn", "pfe", "pmn", "pme"]),
    names: text,
    fatherLastName: text,
    motherLastName: text,
    companyName: text,
    accountClabe: z.string(),
    currency: z.string(),
    bank: text,
    alias: text,
    status: z.string(),
    created_at: z.string().optional(),
  })
  .passthrough();
export type BackofficeRecipient = z.infer<typeof backofficeRecipientSchema>;

export const registrationSchema = z.object({
  id: z.coerce.string(),
  status: z.enum(["sent", "registered", "rejected"]),
  trk: z.string(),
  uri: z.string().url().optional(),
  recipient: z
    .object({ idRecipient: z.coerce.string(), fullName: z.string(), status: z.object({ id: z.number().int() }) })
    .nullable()
    .default(null),
});
export type Registration = z.infer<typeof registrationSchema>;

export const internationalBankSchema = z.object({
  id: z.coerce.string(),
  name: z.string(),
  swift: z.string().nullable().default(null),
  aba: z.string().nullable().default(null),
  city: z.string().nullable().default(null),
  country: z.string().nullable().default(null),
});
export type InternationalBank = z.infer<typeof internationalBankSchema>;

export type BankSearchType = "name" | "swift" | "aba";

export function recipientsClient(http: Http) {
  return {
    pendingBackoffice(): Promise<BackofficeRecipient[]> {
      return http.request({
        method: "GET",
        path: "/backoffice-recipients/pending",
        schema: z.array(backofficeRecipientSchema),
        timeoutMs: 60_000,
      });
    },
    backoffice(id: string): Promise<BackofficeRecipient> {
      return http.request({ method: "GET", path: `/backoffice-recipients/${encodeURIComponent(id)}`, schema: backofficeRecipientSchema });
    },
    /** Replacing fields with the same values is harmless: safe to repeat. */
    updateBackoffice(id: string, changes: Partial<RecipientData>): Promise<BackofficeRecipient> {
      return http.request({
        method: "PUT",
        path: `/backoffice-recipients/${encodeURIComponent(id)}`,
        body: changes,
        schema: backofficeRecipientSchema,
        idempotent: true,
      });
    },
    /** §4: deleting a recipient is a status update. */
    setStatus(id: string, status: "deleted"): Promise<{ id: string; status: string }> {
      return http.request({
        method: "PUT",
        path: `/backoffice-recipients/${encodeURIComponent(id)}/status`,
        body: { status },
        schema: z.object({ id: z.coerce.string(), status: z.string() }),
        idempotent: true,
      });
    },
    /** One row of a bulk upload; the key makes a resent row the same recipient. */
    createBackoffice(data: RecipientData, idempotencyKey: string): Promise<BackofficeRecipient> {
      return http.request({
        method: "POST",
        path: "/backoffice-recipients",
        body: data,
        schema: backofficeRecipientSchema,
        idempotencyKey,
      });
    },
    /** Starts a registration the bank confirms with its challenge (`uri`). */
    createRegistration(data: RecipientData, idempotencyKey: string): Promise<Registration> {
      return http.request({ method: "POST", path: "/recipient-registrations", body: data, schema: registrationSchema, idempotencyKey });
    },
    /** §7: records the challenge's result (idempotent by trk upstream). */
    register(input: { res: string; msg: string; trk: string; id: string; recipientStatus: number | null }): Promise<Registration> {
      return http.request({
        method: "PUT",
        path: "/recipient-registrations/transition/register",
        body: { res: input.res, params: { id: Number(input.id), recipient_status: input.recipientStatus }, msg: input.msg, trk: input.trk },
        schema: registrationSchema,
        idempotent: true,
      });
    },
    searchInternationalBanks(type: BankSearchType, value: string): Promise<InternationalBank[]> {
      return http.request({
        method: "GET",
        path: "/international-banks-catalogs/search/",
        query: { [type]: value, limit: 10 },
        schema: z.array(internationalBankSchema),
      });
    },
  };
}

export type RecipientsClient = ReturnType<typeof recipientsClient>;
