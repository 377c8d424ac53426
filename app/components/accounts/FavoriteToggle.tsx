import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import { SubmitButton } from "~/components/ui/SubmitButton";

export type FavoriteToggleProps = {
  /** The account's id or the recipient's key. */
  id: string;
  favorite: boolean;
  /** Accessible name: what pressing it does ('Marcar … como favorita'). */
  label: string;
  returnTo: string;
};

/**
 * The star of an account or a recipient: a one-button form (works without JS) that asks for
 * the opposite state; the page comes back with a toast.
 */
export function FavoriteToggle({ id, favorite, label, returnTo }: FavoriteToggleProps) {
  return (
    <Form method="post" preventScrollReset>
      <AuthenticityTokenInput />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="favorite" value={favorite ? "false" : "true"} />
      <input type="hidden" name="volver" value={returnTo} />
      <SubmitButton name="intent" value="favorito" variant="ghost" className="!min-h-10 !px-2.5">
        <span aria-hidden="true" className={`text-xl leading-none ${favorite ? "text-pending" : "text-slate-400"}`}>
          {favorite ? "★" : "☆"}
        </span>
        <span className="sr-only">{label}</span>
      </SubmitButton>
    </Form>
  );
}
