import type { InputHTMLAttributes, Ref } from "react";

import type { FieldMeta } from "./field-parts";
import { constraintsOf, fieldAria, FieldErrors, FieldHead, FieldHint, initialText, inputClass } from "./field-parts";

export type FieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "name" | "className" | "defaultChecked" | "aria-invalid" | "aria-describedby"
> & {
  /** Conform's `fields.x`: id, name, what was typed, errors and the schema's constraints. */
  meta: FieldMeta;
  label: string;
  description?: string;
  /** Classes of the wrapper (grid placement). */
  className?: string;
  /** Classes added to the input's own look. */
  inputClassName?: string;
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * A labelled input whose errors are text, announced with it and marked aria-invalid. It keeps
 * what the person typed (the submission's value) when the server renders the form again, and
 * explicit attributes win over the schema's constraints.
 */
export function Field({ meta, label, description, className, inputClassName, inputRef, ...inputProps }: FieldProps) {
  const { errors, errorId, descriptionId, invalid, ariaInvalid, describedBy } = fieldAria(meta, Boolean(description));
  return (
    <div className={className}>
      <FieldHead htmlFor={meta.id} label={label} />
      <input
        type="text"
        {...constraintsOf(meta, inputProps.type)}
        defaultValue={initialText(meta)}
        {...inputProps}
        ref={inputRef}
        id={meta.id}
        name={meta.name}
        aria-invalid={ariaInvalid}
        aria-describedby={describedBy}
        className={[inputClass(invalid), inputClassName].filter(Boolean).join(" ")}
      />
      <FieldHint id={descriptionId} text={description} />
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

/** The same error list for a group or a whole form (e.g. an upstream rejection). */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] }) {
  const visible = errors?.filter(Boolean) ?? [];
  if (visible.length === 0) return null;
  return (
    <div id={id} role="alert" className="text-sm text-failed dark:text-red-400">
      <ul className="space-y-0.5">
        {visible.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  );
}
