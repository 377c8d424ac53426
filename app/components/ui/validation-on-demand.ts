import type { FormEvent } from "react";

/** The name of the hidden button Conform submits a form with to validate it (`@conform-to/dom`'s INTENT). */
const CONFORM_INTENT = "__intent__";

/**
 * A form's browser validation (its schema, zod and Conform's zod adapter: about 16 KB gzip), fetched
 * when the person first reaches the form rather than with the page (decision 065). The server
 * validates every submission whatever the browser did, and the form works without JavaScript.
 *
 * - The first focus inside the form (or a server answer with errors) starts the download.
 * - Until it has arrived, a submission (a real one, or Conform's validation of a field) is held and
 *   sent again once it has, so a message appears exactly as it would have with the code loaded up
 *   front; only the last held submission is sent, and a real one wins over a field's check.
 * - If the download fails, the form goes to the server as it would without JavaScript, and field
 *   checks wait for it.
 *
 *   const validation = validationOnDemand(() => import("./x-validation").then((m) => m.validateX));
 *   const [form] = useForm({ onValidate: (context) => validation.run(context), … });
 *   const formProps = getFormProps(form);
 *   <Form {...formProps} {...validation.handlers(formProps.onSubmit)}>
 */
export type OnDemandValidation<Validate extends (context: never) => unknown> = {
  /** Starts the download (once). */
  preload: () => Promise<void>;
  /** Whether the validator has arrived: only then does Conform see the submission. */
  ready: () => boolean;
  /** The validator itself, for Conform's `onValidate`; reached only once `ready()` (see `handlers`). */
  run: Validate;
  /** For the `<Form>`: starts the download on focus, holds submissions while it is under way. */
  handlers: (conformSubmit: (event: FormEvent<HTMLFormElement>) => void) => {
    onFocus: () => void;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  };
};

type Held = { form: HTMLFormElement; submitter: HTMLElement | null; name: string; value: string; real: boolean };

export function validationOnDemand<Validate extends (context: never) => unknown>(
  load: () => Promise<Validate>,
): OnDemandValidation<Validate> {
  let validate: Validate | null = null;
  let failed = false;
  let loading: Promise<void> | null = null;
  let held: Held | null = null;

  const preload = () =>
    (loading ??= load().then(
      (loaded) => {
        validate = loaded;
      },
      () => {
        failed = true;
      },
    ));

  /** Sends the held submission again, through the same button when it is still there. */
  const resend = () => {
    const submission = held;
    held = null;
    if (!submission || !submission.form.isConnected) return;
    const { form, submitter } = submission;
    if (submitter && submitter.isConnected && (submitter as HTMLButtonElement | HTMLInputElement).form === form) {
      form.requestSubmit(submitter);
      return;
    }
    if (!submission.name) {
      form.requestSubmit();
      return;
    }
    // Conform's validation button is removed as soon as it has been clicked: one like it, for a moment.
    const button = form.ownerDocument.createElement("button");
    button.type = "submit";
    button.name = submission.name;
    button.value = submission.value;
    button.hidden = true;
    button.formNoValidate = true;
    form.appendChild(button);
    try {
      form.requestSubmit(button);
    } finally {
      button.remove();
    }
  };

  return {
    preload,
    ready: () => validate !== null,
    run: ((context: never) => {
      if (!validate) throw new Error("validation used before it was loaded");
      return validate(context);
    }) as Validate,
    handlers: (conformSubmit) => ({
      onFocus: () => void preload(),
      onSubmit: (event) => {
        if (validate) {
          conformSubmit(event);
          return;
        }
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        const name = submitter?.getAttribute("name") ?? "";
        const real = name !== CONFORM_INTENT;
        // Without the validator: a real submission goes to the server, which validates it; a field check waits.
        if (failed) {
          if (!real) event.preventDefault();
          return;
        }
        event.preventDefault();
        const value = submitter && "value" in submitter ? String(submitter.value) : "";
        if (!held || real || !held.real) held = { form: event.currentTarget, submitter, name, value, real };
        void preload().then(resend);
      },
    }),
  };
}
