/**
 * What every field of the kit (Field, SelectField, CheckboxField, FileField) shares: the field it
 * reads, its look, and its error list. Defined once so every form reads and announces the same.
 */

/**
 * The field as the kit reads it. Conform's field metadata (`fields.x` from `useForm`) fits as is,
 * constraints included when `useForm` got `constraint: getZodConstraint(schema)`; a form without
 * Conform (a plain GET filter) passes `{ id, name, initialValue }`.
 */
export type FieldMeta = {
  id: string;
  name: string;
  /** Messages already translated. */
  errors?: string[];
  /** What the person typed last (a rejected submission comes back with it), or the default. */
  initialValue?: unknown;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  pattern?: string;
  multiple?: boolean;
};

/** The HTML constraints of the schema, for an <input>. */
/** Input types whose value is text: the only ones HTML lets carry minlength, maxlength and pattern. */
const TEXT_TYPES = new Set(["text", "search", "url", "tel", "email", "password"]);
/** Input types with an order: the only ones HTML lets carry min, max and step. */
const ORDERED_TYPES = new Set(["date", "month", "week", "time", "datetime-local", "number", "range"]);

/**
 * The schema's constraints as the attributes an input of `type` may carry (a date field's schema
 * may limit its text to 10 characters, but `maxlength` on a date input is invalid HTML).
 */
export function constraintsOf(meta: FieldMeta, type = "text") {
  const text = TEXT_TYPES.has(type);
  const ordered = ORDERED_TYPES.has(type);
  return {
    required: meta.required || undefined,
    minLength: text ? meta.minLength : undefined,
    maxLength: text ? meta.maxLength : undefined,
    min: ordered ? meta.min : undefined,
    max: ordered ? meta.max : undefined,
    step: ordered ? meta.step : undefined,
    pattern: text ? meta.pattern : undefined,
    multiple: meta.multiple || undefined,
  };
}

export const initialText = (meta: FieldMeta) => (typeof meta.initialValue === "string" ? meta.initialValue : undefined);

/** The visible messages of a field and the ids that tie them (and its description) to the control. */
export function fieldAria(meta: FieldMeta, hasDescription: boolean) {
  const errors = meta.errors?.filter(Boolean) ?? [];
  const errorId = errors.length > 0 ? `${meta.id}-error` : undefined;
  const descriptionId = hasDescription ? `${meta.id}-descripcion` : undefined;
  return {
    errors,
    errorId,
    descriptionId,
    invalid: errorId !== undefined,
    ariaInvalid: errorId ? (true as const) : undefined,
    describedBy: [descriptionId, errorId].filter(Boolean).join(" ") || undefined,
  };
}

export const labelClass = "block text-sm font-medium text-slate-800 dark:text-slate-200";
export const descriptionClass = "mt-1 text-sm text-slate-600 dark:text-slate-400";

/**
 * The look of a text input or a select; red when it has errors. `compact` is the smaller control
 * that sits in a row beside a button (the notification centre's filter).
 */
export function inputClass(invalid: boolean, size: "regular" | "compact" = "regular"): string {
  if (size === "compact") {
    return [
      "min-h-11 rounded-lg border bg-white px-3 text-sm text-slate-900 focus-visible:outline focus-visible:outline-2",
      "focus-visible:outline-brand-500 dark:bg-slate-800 dark:text-slate-100",
      invalid ? "border-failed dark:border-red-400" : "border-slate-300 dark:border-slate-600",
    ].join(" ");
  }
  return [
    "mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm",
    "placeholder:text-slate-400 focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:opacity-60",
    "dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500",
    invalid
      ? "border-failed focus:border-failed focus:ring-failed/30 dark:border-red-400"
      : "border-slate-300 focus:border-brand-500 focus:ring-brand-500/30 dark:border-slate-600",
  ].join(" ");
}

/** A field's label and, when there is one, the description its control is described by. */
export function FieldHead(props: { htmlFor: string; label: string; description?: string; descriptionId?: string }) {
  return (
    <>
      <label htmlFor={props.htmlFor} className={labelClass}>
        {props.label}
      </label>
      {props.description ? (
        <p id={props.descriptionId} className={descriptionClass}>
          {props.description}
        </p>
      ) : null}
    </>
  );
}

/**
 * A field's hint under its control, as the control's description: side by side, two fields' inputs stay
 * level whether or not one of them has a hint.
 */
export function FieldHint({ id, text }: { id?: string; text?: string }) {
  if (!text) return null;
  return (
    <p id={id} className={descriptionClass}>
      {text}
    </p>
  );
}

/** A field's messages in red under it; `id` is what the control's aria-describedby names. */
export function FieldErrors({ id, errors, alert = false }: { id?: string; errors: string[]; alert?: boolean }) {
  if (!id || errors.length === 0) return null;
  return (
    <ul id={id} role={alert ? "alert" : undefined} className="mt-1.5 space-y-0.5 text-sm text-failed dark:text-red-400">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}
