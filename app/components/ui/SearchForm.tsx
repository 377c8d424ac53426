import { Form, Link } from "@remix-run/react";

import { buttonClass } from "./button";

export type SearchFormProps = {
  id: string;
  label: string;
  placeholder: string;
  submitLabel: string;
  clearLabel: string;
  /** The current search, from the URL. */
  query: string;
  /** Where 'Limpiar' goes: the same page without the search. */
  clearHref: string;
  /** Other URL state the search keeps (tabs, filters). */
  hidden?: Record<string, string>;
};

/** A GET search form: the search lives in the URL, so it works without JS and can be shared. */
export function SearchForm({ id, label, placeholder, submitLabel, clearLabel, query, clearHref, hidden = {} }: SearchFormProps) {
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="min-w-[16rem] flex-1">
        <label htmlFor={id} className="block text-sm font-medium">
          {label}
        </label>
        <input
          // Remounted when the search changes, so 'Limpiar' also empties the box with JS on.
          key={query}
          id={id}
          name="q"
          type="search"
          defaultValue={query}
          maxLength={60}
          placeholder={placeholder}
          className="mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 dark:border-slate-600 dark:bg-slate-900"
        />
      </div>
      <button type="submit" className={buttonClass("primary")}>
        {submitLabel}
      </button>
      {query ? (
        <Link to={clearHref} className={buttonClass("ghost")}>
          {clearLabel}
        </Link>
      ) : null}
    </Form>
  );
}
