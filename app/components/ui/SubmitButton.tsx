import { useNavigation } from "@remix-run/react";
import type { MouseEvent, ReactNode } from "react";
import { useEffect, useRef, useState } from "react";

import type { ButtonVariant } from "./button";
import { buttonClass } from "./button";

export type SubmitButtonProps = {
  children: ReactNode;
  /** Shown while this button's form is being submitted (e.g. 'Cerrando sesión...'). */
  pendingText?: string;
  name?: string;
  value?: string;
  /** Appended to the variant's classes (layout: width, margins). */
  className?: string;
  disabled?: boolean;
  variant?: ButtonVariant;
  /** id of a form elsewhere in the page (a button in a drawer's footer). */
  form?: string;
  /** Put focus here when a dialog opens. */
  autoFocusInDialog?: boolean;
  /** id of the text that says why the button is disabled, or what it does. */
  describedBy?: string;
  /** This button's own action (`formaction`): where its answer lands without JavaScript (decision 120). */
  formAction?: string;
};

/** The action URL as Remix reports it in `navigation.formAction`: path and search. */
function formActionOf(button: HTMLButtonElement): string | null {
  const form = button.form;
  if (!form) return null;
  const url = new URL(button.getAttribute("formaction") ?? form.action, window.location.href);
  return url.pathname + url.search;
}

/**
 * A submit button that says it is working while its own form is in flight. Without JS it is a
 * plain submit button; with JS it compares the navigation's action (and, when the button has a
 * name, the submitted value) with its own, so other forms on the page do not spin it.
 */
export function SubmitButton({
  children,
  pendingText,
  name,
  value,
  className,
  disabled,
  variant = "primary",
  form,
  autoFocusInDialog,
  describedBy,
  formAction,
}: SubmitButtonProps) {
  const navigation = useNavigation();
  const ref = useRef<HTMLButtonElement>(null);
  const [ownAction, setOwnAction] = useState<string | null>(null);

  useEffect(() => {
    if (ref.current) setOwnAction(formActionOf(ref.current));
  }, [form]);

  const submittedHere =
    navigation.state !== "idle" &&
    ownAction !== null &&
    navigation.formAction === ownAction &&
    (name === undefined || navigation.formData?.get(name) === (value ?? ""));
  const pending = submittedHere && !disabled;

  // aria-disabled rather than disabled: focus stays on the button, and a second click is ignored.
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (pending) event.preventDefault();
  };

  return (
    <button
      ref={ref}
      type="submit"
      name={name}
      value={value}
      form={form}
      disabled={disabled}
      aria-disabled={pending || undefined}
      aria-describedby={describedBy}
      formAction={formAction}
      data-autofocus={autoFocusInDialog ? "" : undefined}
      onClick={onClick}
      className={buttonClass(variant, className)}
    >
      {pending ? (
        <>
          <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-current border-r-transparent" />
          {pendingText ?? children}
        </>
      ) : (
        children
      )}
    </button>
  );
}
