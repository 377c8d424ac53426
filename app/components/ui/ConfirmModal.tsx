import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import { buttonClass } from "./button";
import { Modal, ModalActions } from "./Modal";
import { SubmitButton } from "./SubmitButton";

export type ConfirmModalProps = {
  /** The URL asks for it (e.g. ?eliminar=<key>): the page's server render draws it, JS or not. */
  open: boolean;
  id?: string;
  /** The question ('¿Eliminar destinatario …?'). */
  title: string;
  /** What will be lost, said about this object. */
  description?: ReactNode;
  /** Where 'Cancelar', the backdrop and Escape lead: the page without the dialog's parameters. */
  closeHref: string;
  /** The form's hidden fields: which object the action is about. */
  fields: Record<string, string>;
  /** The submit button's `intent` value the route's action switches on. */
  intent: string;
  labels: { cancel: string; confirm: string; pending: string };
  /** The action's refusal (the bank said no): shown above the buttons, the dialog stays open. */
  error?: ReactNode;
};

/**
 * The confirmation before something is deleted: a URL-addressed Modal with the question, a
 * 'Cancelar' link back and a POST form whose one submit is the destructive button (pending
 * text while it is in flight with JS). The object's fields travel as hidden inputs, so the
 * action re-reads the object rather than trusting the page.
 */
export function ConfirmModal({ open, id, title, description, closeHref, fields, intent, labels, error }: ConfirmModalProps) {
  return (
    <Modal open={open} id={id} title={title} description={description} closeHref={closeHref} tone="error">
      {error ? (
        <p role="alert" className="mb-4 text-sm font-medium text-failed dark:text-red-400">
          {error}
        </p>
      ) : null}
      <Form method="post" preventScrollReset>
        <AuthenticityTokenInput />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <ModalActions>
          <Link to={closeHref} preventScrollReset className={buttonClass("secondary")}>
            {labels.cancel}
          </Link>
          <SubmitButton name="intent" value={intent} variant="danger" pendingText={labels.pending}>
            {labels.confirm}
          </SubmitButton>
        </ModalActions>
      </Form>
    </Modal>
  );
}
