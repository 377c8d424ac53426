import texts from "../locales/es-MX/recipients.json";
import type { RecipientField, RecipientInput } from "./recipient-form";
import { AliasSet, CODE_TYPES, recipientSchema, recipientTypeOf } from "./recipient-form";
import type { ColumnKey } from "./recipient-template";
import { TEMPLATE_COLUMNS } from "./recipient-template";
import { searchable } from "./recipients";

/**
 * The bulk upload's rows (SPEC §5 Excel upload): the template's columns, and each row read into
 * the recipient form's fields and validated with the very schema of the single form.
 */
export type { ColumnKey } from "./recipient-template";
export { TEMPLATE_COLUMNS } from "./recipient-template";

/** Columns every variant needs: a file without them is not the template. */
const REQUIRED_COLUMNS: readonly ColumnKey[] = ["personType", "origin", "alias", "email", "phone", "currency"];

/** §9 pages of recipients go up to 1,000: one upload registers at most that many. */
export const MAX_UPLOAD_ROWS = 1000;

export const columnLabel = (key: ColumnKey) => texts.template.columns[key];

/** A row as the sheet gave it: its line number in the file and its cells as text. */
export interface SheetRow {
  line: number;
  cells: string[];
}

export interface RowError {
  column: string;
  message: string;
}

export interface RowResult {
  line: number;
  /** The form's fields as read from the row (the preview and the result file show them). */
  values: Partial<Record<RecipientField, string>>;
  input: RecipientInput | null;
  errors: RowError[];
}

export type ReadRowsResult =
  | { ok: true; rows: RowResult[] }
  | { ok: false; error: "empty" | "tooManyRows" | "columns"; missing?: string[] };

const LABEL_TO_COLUMN = new Map(TEMPLATE_COLUMNS.map((key) => [searchable(columnLabel(key)), key]));

const choice = (value: string, options: Record<string, string>) => options[searchable(value)] ?? value.trim().toUpperCase();

function personType(value: string): "FISICA" | "MORAL" | null {
  const key = searchable(value);
  return key === "fisica" ? "FISICA" : key === "moral" ? "MORAL" : null;
}

function origin(value: string): "NACIONAL" | "EXTRANJERA" | null {
  const key = searchable(value);
  if (key === "nacional") return "NACIONAL";
  return ["internacional", "extranjera", "extranjero"].includes(key) ? "EXTRANJERA" : null;
}

const CODE_TYPE_BY_NAME = Object.fromEntries(
  CODE_TYPES.flatMap((code) => [
    [code.name.toLowerCase(), code.id],
    [code.id, code.id],
  ]),
);
const RELATION_BY_NAME: Record<string, string> = { proveedor: "PROVIDER", cliente: "CUSTOMER", otra: "OTHER", otro: "OTHER" };
const YES = new Set(["si", "yes", "x", "1", "true", "verdadero"]);

/** One row's cells (by column) as the form's field values. */
export function rowToFormValues(cells: Partial<Record<ColumnKey, string>>): Partial<Record<RecipientField, string>> {
  const cell = (key: ColumnKey) => (cells[key] ?? "").trim();
  const person = personType(cell("personType"));
  const from = origin(cell("origin"));
  const values: Partial<Record<RecipientField, string>> = {};
  for (const key of TEMPLATE_COLUMNS) {
    if (key === "personType" || key === "origin") continue;
    const value = cell(key);
    if (value !== "") values[key as RecipientField] = value;
  }
  values.recipientType = person && from ? recipientTypeOf(person, from) : `${cell("personType")}|${cell("origin")}`;
  if (values.currency) values.currency = values.currency.toUpperCase();
  if (values.rfc) values.rfc = values.rfc.toUpperCase();
  if (values.relationType) values.relationType = choice(values.relationType, RELATION_BY_NAME);
  if (values.codeType) values.codeType = choice(values.codeType, CODE_TYPE_BY_NAME);
  if (values.intermediaryCodeType) values.intermediaryCodeType = choice(values.intermediaryCodeType, CODE_TYPE_BY_NAME);
  if (values.hasIntermediary !== undefined) {
    if (YES.has(searchable(values.hasIntermediary))) values.hasIntermediary = "on";
    else delete values.hasIntermediary;
  }
  return values;
}

/** The column a field's message belongs to; the type is two columns in the file. */
function columnOfField(field: string): string {
  if (field === "recipientType") return `${columnLabel("personType")} / ${columnLabel("origin")}`;
  return (TEMPLATE_COLUMNS as readonly string[]).includes(field) ? columnLabel(field as ColumnKey) : field;
}

/**
 * Reads the sheet (first row: headers, matched by name, case and accents ignored) and validates
 * every row with the recipient form's schema. Aliases must differ from the company's and from
 * earlier rows of the same file (§8 duplicate alias).
 */
export function readRecipientRows(
  sheet: readonly SheetRow[],
  options: { takenAliases?: Iterable<string>; maxRows?: number } = {},
): ReadRowsResult {
  const maxRows = options.maxRows ?? MAX_UPLOAD_ROWS;
  const [header, ...data] = sheet;
  if (!header) return { ok: false, error: "empty" };
  const columns = header.cells.map((label) => LABEL_TO_COLUMN.get(searchable(label)) ?? null);
  const missing = REQUIRED_COLUMNS.filter((key) => !columns.includes(key)).map(columnLabel);
  if (missing.length > 0) return { ok: false, error: "columns", missing };

  const rows = data.filter((row) => row.cells.some((cell) => cell.trim() !== ""));
  if (rows.length === 0) return { ok: false, error: "empty" };
  if (rows.length > maxRows) return { ok: false, error: "tooManyRows" };

  // Grows as rows are read, so the schema (which reads it at parse time) sees earlier rows' aliases.
  const taken = new AliasSet(options.takenAliases ?? []);
  const schema = recipientSchema({ takenAliases: taken });
  return {
    ok: true,
    rows: rows.map((row) => {
      const cells: Partial<Record<ColumnKey, string>> = {};
      columns.forEach((key, index) => {
        if (key && cells[key] === undefined) cells[key] = row.cells[index] ?? "";
      });
      const values = rowToFormValues(cells);
      // The form's schema itself. Rows skip Conform's FormData adapter (10× slower per row): its
      // only coercion, empty text → missing, is done by rowToFormValues (tested for parity).
      const result = schema.safeParse(values);
      if (values.alias?.trim()) taken.add(values.alias);
      if (result.success) return { line: row.line, values, input: result.data, errors: [] };
      const errors = result.error.issues.map((issue) => ({ column: columnOfField(String(issue.path[0] ?? "")), message: issue.message }));
      return { line: row.line, values, input: null, errors };
    }),
  };
}
