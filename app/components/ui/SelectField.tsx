import type { ReactNode } from "react";

export type SelectFieldProps = {
  label: string;
  id: string;
  name: string;
  defaultValue?: string;
  /** Messages already translated; tied to the select with aria-describedby. */
  errors?: string[];
  /** First option, with an empty value ('Selecciona una opción'). */
  placeholder: string;
  hint?: ReactNode;
  children: ReactNode;
};

const SELECT =
  "mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-failed dark:border-slate-600 dark:bg-slate-900";

/** A labelled native select whose errors are text, announced with it (works without JS). */
export function SelectField({ label, id, name, defaultValue, errors, placeholder, hint, children }: SelectFieldProps) {
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className={SELECT}
      >
        <option value="">{placeholder}</option>
        {children}
      </select>
      {errorId ? (
        <ul id={errorId} className="mt-1.5 text-sm text-failed dark:text-red-400">
          {errors?.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
      {hint}
    </div>
  );
}
