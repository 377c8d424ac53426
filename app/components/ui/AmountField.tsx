import type { FormEvent, Ref } from "react";

import { regroupTyping } from "#core/domain/amount-input";

import type { FieldMeta } from "./field-parts";
import { fieldAria, FieldErrors, FieldHead, FieldHint, initialText, inputClass } from "./field-parts";

export type AmountFieldProps = {
  /** Conform's `fields.x` (its schema should read grouped text back: `parseAmountInput`). */
  meta: FieldMeta;
  label: string;
  /** The currency shown inside the field, after the amount; none while it is not known. */
  currency?: string | null;
  description?: string;
  /** Classes of the wrapper (grid placement). */
  className?: string;
  /** What the field shows first; by default what was typed before a refused submission. */
  defaultValue?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Called after each keystroke, with the text as the field now shows it (grouped). */
  onAmountInput?: (text: string) => void;
};

/**
 * An amount as people read it in es-MX (decision 054): with JS the digits are grouped by thousands as
 * the person types ("1,234,567.89"), the caret staying after the digit it followed; without JS the
 * text goes as typed and the server's schema reads the same grouping. The currency sits inside the
 * field, after the amount, and is read with it (aria-describedby).
 */
export function AmountField({ meta, label, currency, description, className, defaultValue, inputRef, onAmountInput }: AmountFieldProps) {
  const { errors, errorId, descriptionId, invalid, ariaInvalid, describedBy } = fieldAria(meta, Boolean(description));
  const currencyId = `${meta.id}-divisa`;
  const regroup = (event: FormEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const caret = input.selectionStart ?? input.value.length;
    const next = regroupTyping(input.value, caret);
    if (next.text !== input.value) {
      input.value = next.text;
      // Only the focused field moves its caret (a value set by script must not steal focus).
      if (document.activeElement === input) input.setSelectionRange(next.caret, next.caret);
    }
    onAmountInput?.(input.value);
  };
  return (
    <div className={className}>
      <FieldHead htmlFor={meta.id} label={label} />
      <div className="relative">
        <input
          type="text"
          inputMode="decimal"
          autoComplete="off"
          required={meta.required || undefined}
          defaultValue={defaultValue ?? initialText(meta)}
          ref={inputRef}
          id={meta.id}
          name={meta.name}
          onInput={regroup}
          aria-invalid={ariaInvalid}
          aria-describedby={[currency ? currencyId : null, describedBy].filter(Boolean).join(" ") || undefined}
          className={[inputClass(invalid), "tabular-nums", currency ? "pr-16" : ""].filter(Boolean).join(" ")}
        />
        {currency ? (
          <span
            id={currencyId}
            className="pointer-events-none absolute inset-y-0 right-3 mt-1.5 flex items-center text-sm font-semibold text-slate-600 dark:text-slate-300"
          >
            {currency}
          </span>
        ) : null}
      </div>
      <FieldHint id={descriptionId} text={description} />
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}
