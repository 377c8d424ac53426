import { z } from "zod";

import type { Http } from "./http.server";

/** Partner bank API (SPEC §7): bearer bank token plus the geolocation header. */

const envelope = <T extends z.ZodTypeAny>(data: T) => z.object({ data });

export const bankUserSchema = z.object({
  userName: z.string(),
  name: z.string(),
  firstLastName: z.string(),
  secondLastName: z.string().default(""),
  email: z.string(),
  rfc: z.string().default(""),
});
export type BankUser = z.infer<typeof bankUserSchema>;

export const bankCompanySchema = z.object({
  clientId: z.string(),
  name: z.string(),
  businessName: z.string(),
  profileType: z.enum(["ADMINISTRADOR", "COLABORADOR"]),
});
export type BankCompany = z.infer<typeof bankCompanySchema>;

export const bankAccountSchema = z.object({
  idAccount: z.string(),
  clabe: z.string(),
  currency: z.string(),
  balance: z.number(),
  alias: z.string().default(""),
  /** The account's holder (the company's business name): part of its deposit data (decision 123). */
  holder: z.string().default(""),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const bankRecipientSchema = z.object({
  idRecipient: z.coerce.string(),
  fullName: z.string(),
  alias: z.string().nullable().default(null),
  account: z.string(),
  idCurrency: z.string(),
  bankName: z.string(),
  status: z.object({ id: z.number().int() }),
  typeOriginPerson: z.enum(["NACIONAL", "EXTRANJERA"]),
  typePerson: z.enum(["FISICA", "MORAL"]),
});
export type BankRecipient = z.infer<typeof bankRecipientSchema>;

/** Whose access a bank token is and the company it was issued for (`GET /users/me`, decision 098). */
export const tokenHolderSchema = z.object({
  userName: z.string(),
  name: z.string(),
  firstLastName: z.string(),
  company: z.object({ clientId: z.string(), name: z.string(), businessName: z.string() }),
});
export type TokenHolder = z.infer<typeof tokenHolderSchema>;

const tokenSchema = envelope(z.object({ token: z.string().min(1) }));

/** §7 GET /beneficiary?recipientType: what the bank takes for a recipient type (currencies, code types). */
export const beneficiaryCatalogueSchema = z.object({
  recipientType: z.string(),
  currencies: z.array(z.string()).default([]),
  accountTypes: z.array(z.object({ id: z.coerce.string(), name: z.string() })).default([]),
});
export type BeneficiaryCatalogue = z.infer<typeof beneficiaryCatalogueSchema>;

// Answer schemas made once, not on every call (decision 076): a page's reads built them again each time.
const userAnswerSchema = envelope(bankUserSchema);
const companiesAnswerSchema = envelope(z.array(bankCompanySchema));
const accountsAnswerSchema = envelope(z.array(bankAccountSchema));
const holderAnswerSchema = envelope(tokenHolderSchema);

export function partnerClient(http: Http) {
  return {
    async getUser(userName: string): Promise<BankUser> {
      const body = await http.request({ method: "GET", path: "/users", query: { userName }, schema: userAnswerSchema });
      return body.data;
    },
    /** The token's own user and company, read without opening a session with it (a login link's holder). */
    async tokenHolder(): Promise<TokenHolder> {
      const body = await http.request({ method: "GET", path: "/users/me", schema: holderAnswerSchema });
      return body.data;
    },
    async getCompanies(): Promise<BankCompany[]> {
      const body = await http.request({ method: "GET", path: "/users/companies", schema: companiesAnswerSchema });
      return body.data;
    },
    async getAccounts(): Promise<BankAccount[]> {
      const body = await http.request({ method: "GET", path: "/accounts", schema: accountsAnswerSchema });
      return body.data;
    },
    /** The company's recipients (§7: one page of up to 1,000). */
    async getRecipients(): Promise<BankRecipient[]> {
      const body = await http.request({
        method: "GET",
        path: "/recipients/",
        query: { numberOfElements: 1000, page: 0 },
        schema: z.object({
          message: z.string().optional(),
          empty: z.boolean().optional(),
          data: z.array(bankRecipientSchema).nullable().default([]),
        }),
      });
      return body.data ?? [];
    },
    async getBeneficiaryCatalogue(recipientType: "pfn" | "pfe" | "pmn" | "pme"): Promise<BeneficiaryCatalogue> {
      const body = await http.request({
        method: "GET",
        path: "/beneficiary",
        query: { recipientType },
        schema: envelope(beneficiaryCatalogueSchema),
      });
      return body.data;
    },
    /** A fresh bank token for the same user and company; safe to repeat. */
    async refreshSession(): Promise<string> {
      const body = await http.request({ method: "POST", path: "/users/refreshSession", schema: tokenSchema, idempotent: true });
      return body.data.token;
    },
    /** A bank token scoped to another of the user's companies; safe to repeat. */
    async changeCompany(clientId: string): Promise<string> {
      const body = await http.request({
        method: "POST",
        path: "/users/companyChange",
        query: { clientId },
        schema: tokenSchema,
        idempotent: true,
      });
      return body.data.token;
    },
    async signOut(): Promise<void> {
      await http.request({ method: "PUT", path: "/users/signout", schema: z.unknown(), idempotent: true, emptyValue: null });
    },
  };
}

export type PartnerClient = ReturnType<typeof partnerClient>;
