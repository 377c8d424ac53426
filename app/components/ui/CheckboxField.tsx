import type { ChangeEventHandler, ReactNode } from "react";

import type { FieldMeta } from "./field-parts";
import { fieldAria, FieldErrors } from "./field-parts";

export type CheckboxFieldProps = {
  /** Conform's `fields.x`: checked when the submission (or the default) says "on". */
  meta: FieldMeta;
  /** May hold links (the terms); the whole label toggles the box. */
  label: ReactNode;
  disabled?: boolean;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  /** Classes of the wrapper (grid placement). */
  className?: string;
};

/** A checkbox inside its label, its errors tied to it; sent as "on" like a native one. */
export function CheckboxField({ meta, label, disabled, onChange, className }: CheckboxFieldProps) {
  const { errors, errorId, ariaInvalid, describedBy } = fieldAria(meta, false);
  return (
    <div className={className}>
      <label className={`flex items-start gap-3 ${disabled ? "text-slate-400 dark:text-slate-500" : ""}`}>
        <input
          type="checkbox"
          id={meta.id}
          name={meta.name}
          value="on"
          defaultChecked={meta.initialValue === "on"}
          required={meta.required || undefined}
          disabled={disabled}
          onChange={onChange}
          aria-invalid={ariaInvalid}
          aria-describedby={describedBy}
          className="mt-1 h-4 w-4"
        />
        <span>{label}</span>
      </label>
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}
