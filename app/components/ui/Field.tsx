import type { InputHTMLAttributes } from "react";
import { useId } from "react";

export type FieldProps = {
  label: string;
  name: string;
  /** Messages already translated; shown in red under the input and tied to it. */
  errors?: string[];
  description?: string;
  /** Spread on the <input>. `name`, `id`, `aria-invalid` and `aria-describedby` are set here. */
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  /** id of the input; defaults to inputProps.id, then a generated one. */
  id?: string;
  className?: string;
};

/** A labelled input whose errors are text, announced with it and marked aria-invalid. */
export function Field({ label, name, errors, description, inputProps, id, className }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? inputProps?.id ?? `${name}${autoId.replace(/:/g, "")}`;
  const descriptionId = description ? `${inputId}-descripcion` : undefined;
  const visibleErrors = errors?.filter(Boolean) ?? [];
  const errorId = visibleErrors.length > 0 ? `${inputId}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(" ") || undefined;

  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {description ? (
        <p id={descriptionId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {description}
        </p>
      ) : null}
      <input
        {...inputProps}
        id={inputId}
        name={name}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={describedBy}
        className={[
          "mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm",
          "placeholder:text-slate-400 focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:opacity-60",
          "dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500",
          errorId
            ? "border-failed focus:border-failed focus:ring-failed/30 dark:border-red-400"
            : "border-slate-300 focus:border-brand-500 focus:ring-brand-500/30 dark:border-slate-600",
          inputProps?.className,
        ]
          .filter(Boolean)
          .join(" ")}
      />
      {errorId ? (
        <ul id={errorId} className="mt-1.5 space-y-0.5 text-sm text-failed dark:text-red-400">
          {visibleErrors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
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
