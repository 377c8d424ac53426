import type { ChangeEventHandler, ReactNode } from "react";

import type { FieldMeta } from "./field-parts";
import { fieldAria, FieldErrors, initialText, inputClass, labelClass } from "./field-parts";

export type SelectFieldProps = {
  /** Conform's `fields.x`, or `{ id, name, initialValue }` in a form without Conform. */
  meta: FieldMeta;
  label: string;
  /** The option chosen while the field has no value yet (e.g. the schema's default). */
  fallback?: string;
  /** First option, with an empty value ('Selecciona una opción', 'Todos'); none when omitted. */
  placeholder?: string;
  hint?: ReactNode;
  className?: string;
  /** The smaller control that sits in a row beside a button. */
  compact?: boolean;
  onChange?: ChangeEventHandler<HTMLSelectElement>;
  children: ReactNode;
};

/** A labelled native select whose errors are text, announced with it (works without JS). */
export function SelectField({ meta, label, fallback, placeholder, hint, className, compact, onChange, children }: SelectFieldProps) {
  const { errors, errorId, invalid, ariaInvalid, describedBy } = fieldAria(meta, false);
  return (
    <div className={compact ? ["flex flex-col gap-1", className].filter(Boolean).join(" ") : className}>
      <label htmlFor={meta.id} className={compact ? "text-sm font-medium text-slate-700 dark:text-slate-300" : labelClass}>
        {label}
      </label>
      <select
        id={meta.id}
        name={meta.name}
        defaultValue={initialText(meta) ?? fallback}
        // Without a placeholder the select always holds one of its options, so `required` asks nothing, and HTML
        // allows it only over an empty first option (the W3C checker refuses it). The server still requires it.
        required={(meta.required && placeholder !== undefined) || undefined}
        aria-invalid={ariaInvalid}
        aria-describedby={describedBy}
        onChange={onChange}
        className={inputClass(invalid, compact ? "compact" : "regular")}
      >
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {children}
      </select>
      <FieldErrors id={errorId} errors={errors} />
      {hint}
    </div>
  );
}
