import type { ChangeEventHandler, ReactNode } from "react";

import type { FieldMeta } from "./field-parts";
import { fieldAria, FieldErrors } from "./field-parts";

export type CheckboxFieldProps = {
  /** Conform's `fields.x`: checked when the submission (or the default) says "on". */
  meta: FieldMeta;
  /** May hold links (the terms); the whole label toggles the box. */
  label: ReactNode;
  disabled?: boolean;
  /** Why the box cannot be ticked (decision 055), shown under it and describing it. */
  disabledReason?: string;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  /** Classes of the wrapper (grid placement). */
  className?: string;
};

/** A checkbox inside its label, its errors tied to it; sent as "on" like a native one. */
export function CheckboxField({ meta, label, disabled, disabledReason, onChange, className }: CheckboxFieldProps) {
  const { errors, errorId, ariaInvalid, describedBy } = fieldAria(meta, false);
  const reasonId = `${meta.id}-motivo`;
  const reason = disabled && disabledReason ? disabledReason : null;
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
          aria-describedby={[describedBy, reason ? reasonId : null].filter(Boolean).join(" ") || undefined}
          className="fxn-choice mt-1"
        />
        <span>{label}</span>
      </label>
      {reason ? (
        <p id={reasonId} className="ml-7 mt-0.5 text-xs text-slate-600 dark:text-slate-300">
          {reason}
        </p>
      ) : null}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}
