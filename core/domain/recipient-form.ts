import { z } from "zod";

import texts from "../locales/es-MX/recipients.json";
import { bankOfClabe, clabeProblem } from "./clabe";
import { compactIban, IBAN_TYPED_MAX, ibanProblem } from "./iban";
import { isEmailAddress, msg } from "./validation";

/**
 * The recipient form of SPEC §5 in its four variants (física/moral × nacional/internacional),
 * one schema for the browser (Conform), the server action and every row of an Excel upload.
 *
 * Every field arrives as optional text and one rules table decides, per variant, what each must
 * be. That way all the messages of a submission show at once (a Zod object stops refining at
 * its first failing property), and the fields of other variants are simply ignored (§5: natural-
 * person fields only for física, company name only for moral, country and bank data only for
 * international).
 */
export const RECIPIENT_TYPES = ["pfn", "pfe", "pmn", "pme"] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];

export const isRecipientType = (value: unknown): value is RecipientType => RECIPIENT_TYPES.includes(value as RecipientType);
export const isNational = (type: RecipientType) => type.endsWith("n");
export const isPhysical = (type: RecipientType) => type.startsWith("pf");

export function recipientTypeOf(person: "FISICA" | "MORAL", origin: "NACIONAL" | "EXTRANJERA"): RecipientType {
  return `${person === "FISICA" ? "pf" : "pm"}${origin === "NACIONAL" ? "n" : "e"}` as RecipientType;
}

/** §9 account type codes of international banks. */
export const IBAN_CODE_TYPE = "11";
export const CODE_TYPES = [
  { id: "7", name: "ABA" },
  { id: "8", name: "CHIPS" },
  { id: "9", name: "SWIFT" },
  { id: IBAN_CODE_TYPE, name: "IBAN" },
] as const;

/** §3 relation types. */
export const RELATION_TYPES = ["PROVIDER", "CUSTOMER", "OTHER"] as const;
export type RelationType = (typeof RELATION_TYPES)[number];

/** §3 max monthly amount bands 1 to 4. */
export const AMOUNT_BANDS = ["1", "2", "3", "4"] as const;

/** §3: a receiver's currency defaults to MXN; national accounts also take USD (SPID). */
export const DEFAULT_CURRENCY = "MXN";
export const NATIONAL_CURRENCIES = ["MXN", "USD"] as const;
export const INTERNATIONAL_CURRENCIES = ["USD", "EUR", "CAD", "GBP", "CHF", "AUD", "JPY", "CNY"] as const;

export function currenciesFor(type: RecipientType): readonly string[] {
  return isNational(type) ? NATIONAL_CURRENCIES : INTERNATIONAL_CURRENCIES;
}

/** Every field of the form, as the form, the Excel template and the rules table name them. */
export const RECIPIENT_FIELDS = [
  "recipientType",
  "alias",
  "email",
  "phone",
  "currency",
  "name",
  "lastname1",
  "lastname2",
  "companyName",
  "rfc",
  "relationType",
  "relationTypeExtra",
  "amountMax",
  "clabe",
  "account",
  "codeType",
  "bankCode",
  "bankName",
  "bankCity",
  "bankCountry",
  "street",
  "numberDir",
  "numberInt",
  "postalCode",
  "suburb",
  "city",
  "state",
  "country",
  "hasIntermediary",
  "intermediaryCodeType",
  "intermediaryBankCode",
  "intermediaryBankName",
  "intermediaryBankCity",
  "intermediaryBankCountry",
] as const;
export type RecipientField = (typeof RECIPIENT_FIELDS)[number];

/** Aliases are stored upstream with at most 40 characters. */
export const ALIAS_MAX = 40;
/** §5: a recipient's e-mail is at most 30 characters; the input stops there too. */
export const RECIPIENT_EMAIL_MAX = 30;

/** §5 "letters, accents, spaces". */
const LETTERS = /^[A-Za-zÀ-ÖØ-öø-ÿ ]+$/;
/** Mexican tax id: 3 letters (company) or 4 (person), date YYMMDD, 3-character homoclave. */
const RFC = /^[A-ZÑ&]{3,4}(\d{2})(\d{2})(\d{2})[A-Z\d]{3}$/;

/**
 * A value a spreadsheet would run as a formula (OWASP "CSV injection"): = + - @ first, or a tab
 * or CR (trimmed away before the rules run, so "\t=1" is seen as "=1"). An alias is stored
 * upstream as typed and ends up in other people's exports, so it is refused, not rewritten.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Controls and the Unicode line separators have no place in a name a person reads. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The message for an alias that is a formula or carries control characters, or null. */
export function aliasProblem(alias: string): string | null {
  if (FORMULA_START.test(alias)) return texts.form.invalid.aliasFormula;
  if (CONTROL.test(alias)) return texts.form.invalid.alias;
  return null;
}

/** A rule answers the message of the first thing wrong with a value, or null. */
type Check = (value: string) => string | null;
type Rule = { required: boolean; checks: Check[] };

const invalid = texts.form.invalid;
const pattern =
  (regex: RegExp, message: string): Check =>
  (value) =>
    regex.test(value) ? null : message;
const minLength =
  (n: number): Check =>
  (value) =>
    value.length >= n ? null : msg.min(n);
const maxLength =
  (n: number): Check =>
  (value) =>
    value.length <= n ? null : msg.max(n);
const oneOf =
  (options: readonly string[]): Check =>
  (value) =>
    options.includes(value) ? null : msg.invalidOption;

const required = (...checks: Check[]): Rule => ({ required: true, checks });
const optional = (...checks: Check[]): Rule => ({ required: false, checks });

export function isValidRfc(value: string): boolean {
  const match = RFC.exec(value.toUpperCase());
  if (!match) return false;
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

const clabeCheck: Check = (value) => (clabeProblem(value) ? invalid.clabe : null);
/** With IBAN (§9 code 11) the account is the IBAN itself, letters included (decision 147). */
const ibanCheck: Check = (value) => {
  const problem = ibanProblem(value);
  return problem === "format" ? invalid.ibanFormat : problem === "checkDigits" ? invalid.ibanCheckDigits : null;
};
const rfcCheck: Check = (value) => (isValidRfc(value) ? null : invalid.rfc);
const place = (message: string) => [pattern(LETTERS, message), minLength(4), maxLength(30)];
const bankCode = [minLength(8), maxLength(11)];

/** The rules of §5 for one variant (and for the intermediary bank when it is declared). */
function rulesFor(type: RecipientType, values: Partial<Record<RecipientField, string>>): Partial<Record<RecipientField, Rule>> {
  const rules: Partial<Record<RecipientField, Rule>> = {
    alias: required(aliasProblem, minLength(2), maxLength(ALIAS_MAX)),
    email: required((value) => (isEmailAddress(value) ? null : invalid.email), maxLength(RECIPIENT_EMAIL_MAX)),
    phone: required(pattern(/^\d{10}$/, invalid.phone)),
    currency: required(oneOf(currenciesFor(type))),
  };
  if (isPhysical(type)) {
    rules.name = required(pattern(LETTERS, invalid.name), minLength(2), maxLength(60));
    rules.lastname1 = required(pattern(LETTERS, invalid.lastname), minLength(2), maxLength(60));
    rules.lastname2 = optional(pattern(LETTERS, invalid.lastname), maxLength(60));
  } else {
    rules.companyName = required(minLength(4), maxLength(120));
    rules.relationType = required(oneOf(RELATION_TYPES));
    if (values.relationType === "OTHER") rules.relationTypeExtra = required(maxLength(60));
    rules.amountMax = required(oneOf(AMOUNT_BANDS));
  }
  if (isNational(type)) {
    rules.rfc = required(rfcCheck);
    rules.clabe = required(pattern(/^\d+$/, invalid.clabe), clabeCheck);
    return rules;
  }
  Object.assign(rules, {
    account:
      values.codeType === IBAN_CODE_TYPE
        ? required(maxLength(IBAN_TYPED_MAX), ibanCheck)
        : required(pattern(/^\d+$/, invalid.account), maxLength(34)),
    codeType: required(oneOf(CODE_TYPES.map((code) => code.id))),
    bankCode: required(...bankCode),
    bankName: required(pattern(LETTERS, invalid.bankName), minLength(4), maxLength(60)),
    bankCity: required(pattern(LETTERS, invalid.city), minLength(4), maxLength(60)),
    bankCountry: required(pattern(LETTERS, invalid.country), minLength(4), maxLength(60)),
    street: required(minLength(4), maxLength(60)),
    numberDir: required(maxLength(10)),
    numberInt: optional(maxLength(10)),
    postalCode: required(pattern(/^\d{5,6}$/, invalid.postalCode)),
    suburb: required(...place(invalid.suburb)),
    city: required(...place(invalid.city)),
    state: required(...place(invalid.state)),
    country: required(...place(invalid.country)),
  } satisfies Partial<Record<RecipientField, Rule>>);
  if (values.hasIntermediary === "on") {
    Object.assign(rules, {
      intermediaryCodeType: required(oneOf(CODE_TYPES.map((code) => code.id))),
      intermediaryBankCode: required(...bankCode),
      intermediaryBankName: required(...place(invalid.bankName)),
      intermediaryBankCity: required(...place(invalid.city)),
      intermediaryBankCountry: required(...place(invalid.country)),
    } satisfies Partial<Record<RecipientField, Rule>>);
  }
  return rules;
}

/** The first message for one value under one rule, or null when it passes. */
function check(rule: Rule, raw: string | undefined): string | null {
  const value = (raw ?? "").trim();
  if (value === "") return rule.required ? msg.required : null;
  for (const run of rule.checks) {
    const message = run(value);
    if (message) return message;
  }
  return null;
}

/** A recipient as the rules accepted it; fields of other variants are absent. */
export interface RecipientInput {
  recipientType: RecipientType;
  typePerson: "FISICA" | "MORAL";
  typeOriginPerson: "NACIONAL" | "EXTRANJERA";
  alias: string;
  email: string;
  phone: string;
  currency: string;
  name?: string;
  lastname1?: string;
  lastname2?: string;
  companyName?: string;
  rfc?: string;
  relationType?: RelationType;
  relationTypeExtra?: string;
  amountMax?: number;
  /** National: the CLABE and the bank derived from its first 3 digits. */
  clabe?: string;
  bank?: { code: string; name: string };
  /** International: the account, the bank and the address. */
  account?: string;
  codeType?: number;
  bankCode?: string;
  bankName?: string;
  bankCity?: string;
  bankCountry?: string;
  address?: {
    street: string;
    numberDir: string;
    numberInt: string;
    postalCode: string;
    suburb: string;
    city: string;
    state: string;
    country: string;
  };
  intermediary?: { codeType: number; bankCode: string; bankName: string; bankCity: string; bankCountry: string } | null;
}

const normalizeAlias = (alias: string) => alias.trim().toLocaleLowerCase("es-MX");

/** Aliases compared as a person would: case and surrounding spaces ignored. */
export class AliasSet {
  private readonly aliases = new Set<string>();
  constructor(aliases: Iterable<string> = []) {
    for (const alias of aliases) this.add(alias);
  }
  add(alias: string): void {
    this.aliases.add(normalizeAlias(alias));
  }
  has(alias: string): boolean {
    return this.aliases.has(normalizeAlias(alias));
  }
}

function toInput(values: Partial<Record<RecipientField, string>>): RecipientInput {
  const type = values.recipientType as RecipientType;
  const text = (field: RecipientField) => (values[field] ?? "").trim();
  const input: RecipientInput = {
    recipientType: type,
    typePerson: isPhysical(type) ? "FISICA" : "MORAL",
    typeOriginPerson: isNational(type) ? "NACIONAL" : "EXTRANJERA",
    alias: text("alias"),
    email: text("email"),
    phone: text("phone"),
    currency: text("currency"),
  };
  if (isPhysical(type)) {
    Object.assign(input, { name: text("name"), lastname1: text("lastname1"), lastname2: text("lastname2") });
  } else {
    const relationType = text("relationType") as RelationType;
    Object.assign(input, {
      companyName: text("companyName"),
      relationType,
      relationTypeExtra: relationType === "OTHER" ? text("relationTypeExtra") : "",
      amountMax: Number(text("amountMax")),
    });
  }
  if (isNational(type)) {
    const clabe = text("clabe");
    Object.assign(input, { rfc: text("rfc").toUpperCase(), clabe, bank: bankOfClabe(clabe) ?? undefined });
    return input;
  }
  Object.assign(input, {
    account: text("codeType") === IBAN_CODE_TYPE ? compactIban(text("account")) : text("account"),
    codeType: Number(text("codeType")),
    bankCode: text("bankCode").toUpperCase(),
    bankName: text("bankName"),
    bankCity: text("bankCity"),
    bankCountry: text("bankCountry"),
    address: {
      street: text("street"),
      numberDir: text("numberDir"),
      numberInt: text("numberInt"),
      postalCode: text("postalCode"),
      suburb: text("suburb"),
      city: text("city"),
      state: text("state"),
      country: text("country"),
    },
    intermediary:
      values.hasIntermediary === "on"
        ? {
            codeType: Number(text("intermediaryCodeType")),
            bankCode: text("intermediaryBankCode").toUpperCase(),
            bankName: text("intermediaryBankName"),
            bankCity: text("intermediaryBankCity"),
            bankCountry: text("intermediaryBankCountry"),
          }
        : null,
  });
  return input;
}

const anyText = z.string().optional();
const shape = Object.fromEntries(RECIPIENT_FIELDS.map((field) => [field, anyText])) as Record<RecipientField, typeof anyText>;

export interface RecipientSchemaOptions {
  /**
   * Aliases of the company's recipients (server only): a repeated one gets the §8 message. An
   * AliasSet is read at parse time, so it may grow between parses (rows of one file).
   */
  takenAliases?: Iterable<string> | AliasSet;
}

/** The one schema of the recipient form: browser (Conform), server action and Excel rows. */
export function recipientSchema(options: RecipientSchemaOptions = {}) {
  const taken =
    options.takenAliases === undefined
      ? null
      : options.takenAliases instanceof AliasSet
        ? options.takenAliases
        : new AliasSet(options.takenAliases);
  return z
    .object(shape)
    .superRefine((values, ctx) => {
      const type = values.recipientType;
      if (!isRecipientType(type)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["recipientType"], message: msg.invalidOption });
        return;
      }
      for (const [field, rule] of Object.entries(rulesFor(type, values)) as [RecipientField, Rule][]) {
        const message = check(rule, values[field]);
        if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message });
      }
      const alias = values.alias?.trim();
      if (alias && taken?.has(alias)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["alias"], message: texts.errors.duplicateAlias });
      }
    })
    .transform(toInput);
}

export type RecipientFormValues = z.input<ReturnType<typeof recipientSchema>>;

/**
 * The same form's fields without rules: steps that are not the final submit (search a bank, pick
 * one, close an error) echo what the person typed back to the form, never an error.
 */
export const recipientDraftSchema = z.object(shape).passthrough();

/** §5 Alias update: the alias rule (no formulas either), and the new alias must differ from the current one. */
export const aliasSchema = z
  .object({
    id: z.string({ required_error: msg.required }).trim().min(1, msg.required).max(64),
    alias: z
      .string({ required_error: msg.required })
      .trim()
      .min(2, msg.min(2))
      .max(ALIAS_MAX, msg.max(ALIAS_MAX))
      .superRefine((alias, ctx) => {
        const problem = aliasProblem(alias);
        if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
      }),
    currentAlias: z.string().max(200).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.currentAlias !== undefined && normalizeAlias(value.currentAlias) === normalizeAlias(value.alias)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["alias"], message: texts.errors.sameAlias });
    }
  });

/** The favourite toggle of an account or a recipient: which one, and the state it should take. */
export const favoriteSchema = z.object({
  id: z.string({ required_error: msg.required }).trim().min(1, msg.required).max(64),
  favorite: z.enum(["true", "false"], { errorMap: () => ({ message: msg.invalidOption }) }),
});

/** Deleting a recipient (a status update, §4): which one. */
export const deleteRecipientSchema = z.object({
  id: z.string({ required_error: msg.required }).trim().min(1, msg.required).max(64),
});

/**
 * The fields a variant shows, in the order the form shows them: person, contact, bank (the
 * international bank search sits before the bank fields it fills), address, intermediary. The
 * error summary follows this order.
 */
export function formFields(type: RecipientType): RecipientField[] {
  const national = isNational(type);
  const person: RecipientField[] = isPhysical(type)
    ? ["name", "lastname1", "lastname2", ...(national ? (["rfc"] as const) : [])]
    : ["companyName", ...(national ? (["rfc"] as const) : []), "relationType", "relationTypeExtra", "amountMax"];
  const contact: RecipientField[] = ["alias", "email", "phone"];
  if (national) return [...person, ...contact, "currency", "clabe"];
  return [
    ...person,
    ...contact,
    "currency",
    "account",
    "codeType",
    "bankCode",
    "bankName",
    "bankCity",
    "bankCountry",
    "street",
    "numberDir",
    "numberInt",
    "postalCode",
    "suburb",
    "city",
    "state",
    "country",
    "hasIntermediary",
    "intermediaryCodeType",
    "intermediaryBankCode",
    "intermediaryBankName",
    "intermediaryBankCity",
    "intermediaryBankCountry",
  ];
}

/**
 * What the person typed in the other variants' fields: the form carries it in hidden inputs, so
 * switching física/moral or nacional/internacional (and back) loses nothing. The rules ignore it.
 */
export function carriedFields(type: RecipientType): RecipientField[] {
  const shown = new Set(formFields(type));
  return RECIPIENT_FIELDS.filter((field) => field !== "recipientType" && !shown.has(field));
}

/** The variant a type-switch button asks for: `tipo:pme` (the no-JS switch posts the form with it). */
export function switchedType(intent: string): RecipientType | null {
  const type = intent.startsWith("tipo:") ? intent.slice("tipo:".length) : null;
  return isRecipientType(type) ? type : null;
}

/** The variant with one of its two parts changed: física/moral or nacional/internacional. */
export function withPart(type: RecipientType, part: "pf" | "pm" | "n" | "e"): RecipientType {
  return (part === "pf" || part === "pm" ? `${part}${type.slice(2)}` : `${type.slice(0, 2)}${part}`) as RecipientType;
}

/**
 * The error summary above the form: one entry per field with a message, in the form's order;
 * messages for fields the variant does not show (none expected) come last.
 */
export function summaryEntries(
  type: RecipientType,
  errors: Record<string, readonly string[] | null | undefined> | null | undefined,
): Array<{ field: string; message: string }> {
  if (!errors) return [];
  const order = formFields(type) as string[];
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  return Object.entries(errors)
    .filter((entry): entry is [string, readonly string[]] => Boolean(entry[0]) && Boolean(entry[1]?.length))
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([field, messages]) => ({ field, message: messages[0]! }));
}
