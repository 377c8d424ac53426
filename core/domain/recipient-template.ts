/**
 * The bulk upload template's columns, in order (SPEC §5 Excel upload). Kept apart from the row
 * rules so tools that only write files (tests, the bench) need no locale files; the header
 * labels are `template.columns.<key>` in recipients.json.
 * `personType` and `origin` together make the form's recipientType.
 */
export const TEMPLATE_COLUMNS = [
  "personType",
  "origin",
  "alias",
  "name",
  "lastname1",
  "lastname2",
  "companyName",
  "rfc",
  "relationType",
  "relationTypeExtra",
  "amountMax",
  "email",
  "phone",
  "currency",
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

export type ColumnKey = (typeof TEMPLATE_COLUMNS)[number];
