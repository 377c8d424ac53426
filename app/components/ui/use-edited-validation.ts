import type { FocusEvent, FormEvent } from "react";
import { useRef } from "react";

/** Conform's form metadata, as far as this hook needs it. */
type Validates = { validate: (options: { name: string }) => void };

/**
 * No field turns red just because focus passed through it (decision 054): a field is checked when it
 * loses focus only if the person changed it; the rest wait for the submit. Use with Conform's
 * `shouldValidate: "onSubmit"` and `shouldRevalidate: "onInput"` (once checked, a field follows the
 * typing), and spread the handlers on the `<Form>`:
 *
 *   const edited = useEditedValidation(form);
 *   <Form {...getFormProps(form)} {...edited}>
 */
export function useEditedValidation(form: Validates) {
  const edited = useRef(new Set<string>());
  const mark = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as { name?: unknown }).name;
    if (typeof name === "string" && name) edited.current.add(name);
  };
  return {
    // A select fires change; text fields fire input (and React's change) on each keystroke.
    onInput: mark,
    onChange: mark,
    onBlur: (event: FocusEvent<HTMLFormElement>) => {
      const name = (event.target as { name?: unknown }).name;
      if (typeof name === "string" && edited.current.has(name)) form.validate({ name });
    },
  };
}
