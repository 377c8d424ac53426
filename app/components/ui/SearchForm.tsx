import { Form, Link } from "@remix-run/react";

import { buttonClass } from "./button";
import { Field } from "./Field";

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
      <Field
        // Remounted when the search changes, so 'Limpiar' also empties the box with JS on.
        key={query}
        meta={{ id, name: "q", initialValue: query }}
        label={label}
        type="search"
        maxLength={60}
        placeholder={placeholder}
        className="min-w-[16rem] flex-1"
      />
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
