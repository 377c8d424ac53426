import { z } from "zod";

import type { Http } from "./http.server";

/** Product API (SPEC §7): bearer product jwt; login calls carry the bank token in the body. */

export const loginSchema = z.object({
  jwt: z.string().min(1),
  memberId: z.coerce.string(),
  userName: z.string(),
});
export type ProductLogin = z.infer<typeof loginSchema>;

export const memberAccountSchema = z.object({
  id: z.coerce.string(),
  idAccount: z.string(),
  alias: z.string().nullable().default(null),
  favorite: z.boolean().default(false),
});
export type MemberAccount = z.infer<typeof memberAccountSchema>;

export const pairsSchema = z.object({ pairsCatalogs: z.array(z.object({ pair: z.string() })) });

export const conceptPaySchema = z.object({
  IdPayConcept: z.number().int(),
  typeConcept: z.enum(["national", "international"]),
  concept: z.string(),
});
export type ConceptPay = z.infer<typeof conceptPaySchema>;

export const companySchema = z.object({
  id: z.coerce.string(),
  name: z.string(),
  businessName: z.string(),
  idClientUnique: z.coerce.string(),
  groupId: z.coerce.string().nullable().default(null),
  contractId: z.coerce.string().nullable().default(null),
  groupName: z.string().nullable().default(null),
  interestBearingAccount: z.boolean().default(false),
});
export type ProductCompany = z.infer<typeof companySchema>;

export const permissionSchema = z.object({ id: z.number().int(), name: z.string() });

export const profileSchema = z.object({
  id: z.coerce.string(),
  alias: z.string().nullable().default(null),
  phone: z.string().nullable().default(null),
  phoneVerified: z.boolean().default(false),
  email: z.string().nullable().default(null),
  emailVerified: z.boolean().default(false),
  avatar: z.string().nullable().default(null),
  profileType: z.enum(["ADMINISTRADOR", "COLABORADOR"]),
  permissions: z.array(permissionSchema).default([]),
});
export type Profile = z.infer<typeof profileSchema>;

export const announcementSchema = z.object({
  id: z.coerce.string(),
  active: z.boolean(),
  dateToShow: z.string().nullable().default(null),
  service: z.enum(["FX", "SPEI", "SPID", "OPI"]),
  type: z.enum(["delays", "issues", "beforeDayOff", "dayOff", "novelty"]),
  detail: z.record(z.unknown()).nullable().default(null),
  resolution_time: z.string().nullable().default(null),
  created_at: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/** §3 Modal flags: each modal's `{ id, show, modal }`; the shared flags (showBanner, showRolPermission) are booleans. */
const modalFlagsSchema = z.record(z.unknown()).transform((raw) =>
  Object.fromEntries(
    Object.entries(raw).flatMap(([name, value]) => {
      const flag = z.object({ id: z.number().int(), show: z.boolean(), modal: z.string() }).safeParse(value);
      return flag.success ? [[name, flag.data]] : [];
    }),
  ),
);

export const catalogueSchemas = {
  errors: z.array(z.object({ id: z.coerce.string(), code: z.string(), message: z.string() })),
  countryCodes: z.array(z.object({ id: z.coerce.string(), country_code: z.string(), country: z.string() })),
  countries: z.array(z.object({ id: z.coerce.string(), description: z.string(), code: z.string() })),
};

// Answer schemas made once, not on every call (decision 076): a page's reads built them again each time.
const healthAnswerSchema = z.object({ status: z.string() });
const memberAccountsAnswerSchema = z.array(memberAccountSchema);
const profilesAnswerSchema = z.array(profileSchema);
const announcementsAnswerSchema = z.array(announcementSchema);
const modalAnswerSchema = z.object({ show: z.boolean(), id: z.number().int().nullable().default(null) });

export function productClient(http: Http) {
  return {
    loginUser(externalToken: string): Promise<ProductLogin> {
      // Exchanging the same bank token twice is harmless, so a timeout may be retried.
      return http.request({ method: "POST", path: "/loginuser", body: { externalToken }, schema: loginSchema, idempotent: true });
    },
    createUser(input: { externalToken: string; evidence: { termsAcceptedAt: string; termsVersion: string }; provider: string }) {
      return http.request({ method: "POST", path: "/createuser", body: input, schema: z.object({ memberId: z.coerce.string() }) });
    },
    setMembership(input: { idMembership: 1 | 2; externalToken: string }) {
      return http.request({
        method: "POST",
        path: "/setmembershipuser",
        body: input,
        schema: z.object({ membershipId: z.number().int(), status: z.string() }),
        idempotent: true,
      });
    },
    async pairs(): Promise<string[]> {
      const body = await http.request({ method: "GET", path: "/filter-pairs", schema: pairsSchema });
      return body.pairsCatalogs.map((item) => item.pair);
    },
    conceptPays(): Promise<ConceptPay[]> {
      return http.request({ method: "GET", path: "/conceptpays", schema: z.array(conceptPaySchema) });
    },
    errorCatalog() {
      return http.request({ method: "GET", path: "/error-catalogs", query: { _limit: -1 }, schema: catalogueSchemas.errors });
    },
    countryCodes() {
      return http.request({ method: "GET", path: "/countrycodes", schema: catalogueSchemas.countryCodes });
    },
    countries() {
      return http.request({
        method: "GET",
        path: "/countries-catalogs",
        query: { _limit: -1, _sort: "description" },
        schema: catalogueSchemas.countries,
      });
    },
    async today(): Promise<string> {
      const body = await http.request({ method: "GET", path: "/today", schema: z.object({ today: z.string() }) });
      return body.today;
    },
    healthcheck() {
      return http.request({ method: "GET", path: "/healthcheck", schema: healthAnswerSchema });
    },
    memberAccounts(): Promise<MemberAccount[]> {
      return http.request({ method: "GET", path: "/memberaccounts", schema: memberAccountsAnswerSchema });
    },
    updateMemberAccount(input: { idAccount: string; favorite?: boolean; alias?: string }): Promise<MemberAccount> {
      return http.request({ method: "POST", path: "/memberaccounts", body: input, schema: memberAccountSchema, idempotent: true });
    },
    company(clientId: string): Promise<ProductCompany> {
      return http.request({ method: "GET", path: `/companies/${encodeURIComponent(clientId)}`, schema: companySchema });
    },
    async profile(memberId: string): Promise<Profile | null> {
      const profiles = await http.request({
        method: "GET",
        path: "/profiles",
        query: { member: memberId },
        schema: profilesAnswerSchema,
      });
      return profiles[0] ?? null;
    },
    announcements(): Promise<Announcement[]> {
      return http.request({ method: "GET", path: "/announcements", query: { active: true }, schema: announcementsAnswerSchema });
    },
    /** §7: the rebrand notice's flag (its id is what ignoreModal / registerModal take). */
    showRebrandModal(): Promise<{ show: boolean; id: number | null }> {
      return http.request({
        method: "GET",
        path: "/showRebrandModal",
        schema: modalAnswerSchema,
      });
    },
    /** §7 / §3: the member's modal flags, by modal name. */
    showModal(): Promise<Record<string, { id: number; show: boolean; modal: string }>> {
      return http.request({ method: "GET", path: "/showModal", schema: modalFlagsSchema });
    },
    /** §7: the person dismissed the modal; it stops showing. Harmless twice. */
    async ignoreModal(id: number): Promise<void> {
      await http.request({ method: "GET", path: "/ignoreModal", query: { id }, schema: z.unknown(), idempotent: true });
    },
    /** §7: the modal was shown (counted upstream, so never retried). */
    async registerModal(id: number): Promise<void> {
      await http.request({ method: "PUT", path: "/registerModal", query: { id }, schema: z.unknown() });
    },
    /** A survey's answer (not in §7; CONTRACT.md): the product keeps the first one and clears the flag. */
    async answerSurvey(answer: { modalId: number; kind: "csat" | "nps"; score: number; comments: string }): Promise<void> {
      await http.request({ method: "POST", path: "/surveys/answers", body: answer, schema: z.unknown(), idempotent: true });
    },
    /** The product's logging endpoint (§7); best effort, never retried. */
    logOperation(entry: { application: string; error: string; context: string; operation: string }) {
      return http.request({ method: "POST", path: "/loggeroperations", body: entry, schema: z.unknown() });
    },
  };
}

export type ProductClient = ReturnType<typeof productClient>;
