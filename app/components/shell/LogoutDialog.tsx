import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { buttonClass } from "~/components/ui/button";
import { Modal, ModalActions } from "~/components/ui/Modal";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useTranslation } from "~/i18n";

export type LogoutDialogProps = {
  open: boolean;
  /** Back to the page without the dialog's search param. */
  cancelHref: string;
  /** The logout action's URL; the form posts `reason` = variant along with the CSRF input. */
  action: string;
  /** The hidden CSRF input element. */
  csrfToken: ReactNode;
  productName: string;
  /** normal: the user chose "Cerrar Sesión"; inactivity: the idle timer asked. */
  variant: "normal" | "inactivity";
};

/**
 * Logout confirmation (SPEC §8). It cannot be dismissed by the backdrop or Escape: the user
 * answers with one of its two actions. Focus starts on the one that keeps the session. Asked by the idle
 * timer, keeping the session is the likely answer, so it is the primary button there; the closing is
 * the primary one only when the person chose to close.
 */
export function LogoutDialog({ open, cancelHref, action, csrfToken, productName, variant }: LogoutDialogProps) {
  const { t } = useTranslation("session");
  const inactivity = variant === "inactivity";
  const stay = (
    <Link to={cancelHref} preventScrollReset data-autofocus="" className={buttonClass(inactivity ? "primary" : "secondary")}>
      {inactivity ? t("session.inactivity.stay") : t("session.logout.cancel")}
    </Link>
  );
  const leave = (
    <SubmitButton pendingText={t("session.closing")} variant={inactivity ? "secondary" : "primary"}>
      {inactivity ? t("session.inactivity.logout") : t("session.logout.confirm")}
    </SubmitButton>
  );

  return (
    <Modal
      open={open}
      id="cerrar-sesion"
      title={inactivity ? t("session.inactivity.title") : t("session.logout.title", { product: productName })}
      description={inactivity ? t("session.inactivity.description", { product: productName }) : undefined}
    >
      <Form method="post" action={action}>
        {csrfToken}
        <input type="hidden" name="reason" value={variant} />
        <ModalActions>
          {inactivity ? (
            <>
              {leave}
              {stay}
            </>
          ) : (
            <>
              {stay}
              {leave}
            </>
          )}
        </ModalActions>
      </Form>
    </Modal>
  );
}
