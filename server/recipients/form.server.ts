import type { RecipientType } from "#core/domain/recipient-form";
import { CODE_TYPES, currenciesFor, isNational, isRecipientType } from "#core/domain/recipient-form";

import type { AccessContext } from "../session/auth.server";
import { cached } from "../upstream/cache.server";
import { isUpstreamError } from "../upstream/errors";
import { optional } from "../upstream/optional.server";
import type { BankSearchType, InternationalBank } from "../upstream/recipients.server";

/** The form's variant from `?tipo=pfn|pfe|pmn|pme`; física nacional when absent or unknown. */
export function recipientTypeFrom(url: URL): RecipientType {
  const type = url.searchParams.get("tipo");
  return isRecipientType(type) ? type : "pfn";
}

/** What the bank takes for this type; the §9 constants when its catalogue does not answer. */
export async function registrationCatalogue(access: AccessContext, type: RecipientType) {
  const fallback = { currencies: [...currenciesFor(type)], codeTypes: isNational(type) ? [] : CODE_TYPES.map((code) => ({ ...code })) };
  const answer = await optional(access.api.partner.getBeneficiaryCatalogue(type), null, {
    log: access.log,
    event: "beneficiary_catalogue_unavailable",
  });
  if (!answer) return fallback;
  const currencies = answer.currencies.filter((code) => currenciesFor(type).includes(code));
  const codeTypes = answer.accountTypes.filter((code) => CODE_TYPES.some((known) => known.id === code.id));
  return {
    currencies: currencies.length ? currencies : fallback.currencies,
    codeTypes: isNational(type) ? [] : codeTypes.length ? codeTypes : fallback.codeTypes,
  };
}

const SEARCH_TYPES: BankSearchType[] = ["name", "swift", "aba"];

/** 'Buscar banco' for an international recipient: by name, SWIFT or ABA. */
export async function searchBanks(access: AccessContext, formData: Pick<FormData, "get">): Promise<InternationalBank[] | "failed"> {
  const type = SEARCH_TYPES.find((candidate) => candidate === formData.get("bankSearchType")) ?? "name";
  const query = String(formData.get("bankSearchQuery") ?? "")
    .trim()
    .slice(0, 60);
  if (!query) return [];
  try {
    return await access.api.recipients.searchInternationalBanks(type, query);
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    access.log.warn({ event: "bank_search_failed" }, "international bank search failed");
    return "failed";
  }
}

/**
 * 'Usar este banco' (`usar-banco:swift:BKCHHKHH`): the bank is found again by its own code,
 * whatever the search box says now, and its data fills the form's bank fields.
 */
export async function fillChosenBank(access: AccessContext, intent: string, formData: FormData): Promise<void> {
  const [, by, code] = intent.split(":");
  const type = by === "aba" ? "aba" : "swift";
  const found = code ? await searchBanks(access, new URLSearchParams({ bankSearchType: type, bankSearchQuery: code })) : [];
  const bank = found === "failed" ? undefined : found.find((candidate) => candidate[type] === code);
  if (!bank) return;
  formData.set("bankName", bank.name);
  formData.set("bankCity", bank.city ?? "");
  formData.set("bankCountry", bank.country ?? "");
  formData.set("codeType", bank.swift ? "9" : "7");
  formData.set("bankCode", bank.swift ?? bank.aba ?? "");
}

/**
 * §7 countries catalogue (`/countries-catalogs`) for an international recipient's country fields,
 * kept 5 minutes per process like the other catalogues (§9). Null when it does not answer: the
 * fields are then free text under the same §5 rule.
 */
export async function countryNames(access: AccessContext, type: RecipientType): Promise<string[] | null> {
  if (isNational(type)) return null;
  const countries = await optional(
    cached("countries-catalogs", () => access.api.product.countries()),
    null,
    { log: access.log, event: "countries_catalogue_unavailable" },
  );
  return countries ? countries.map((country) => country.description.trim()).filter(Boolean) : null;
}
