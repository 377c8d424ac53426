import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

import { Modal } from "~/components/ui/Modal";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useTranslation } from "~/i18n";

export type SessionExpiringProps = {
  open: boolean;
  /** Seconds left before the automatic logout; unknown without JS (the server ends it anyway). */
  secondsLeft: number | null;
  csrfToken: ReactNode;
  extendAction: string;
  logoutAction: string;
  redirectTo: string;
  /** The session reaches its absolute cap: no 'Continuar', and the time it ends. */
  capped: { endsAt: string } | null;
};

/**
 * 'Tu sesión está a punto de expirar' (§4, §8): 'Salir' logs out, 'Continuar' refreshes the
 * session. Not dismissible: one of the two must be chosen. Both are plain forms.
 */
export function SessionExpiring({ open, secondsLeft, csrfToken, extendAction, logoutAction, redirectTo, capped }: SessionExpiringProps) {
  const { t } = useTranslation("session");
  return (
    <Modal
      open={open}
      id="sesion-por-expirar"
      title={t("session.expiring.title")}
      description={
        <>
          <p>{capped ? t("session.expiring.capped", { time: capped.endsAt }) : t("session.expiring.description")}</p>
          {secondsLeft !== null ? (
            <p className="mt-2 font-semibold tabular-nums" aria-live="polite">
              {t("session.expiring.countdown", { seconds: secondsLeft })}
            </p>
          ) : null}
        </>
      }
    >
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">
        <Form method="post" action={logoutAction}>
          {csrfToken}
          <SubmitButton variant="secondary" pendingText={t("session.closing")}>
            {t("session.expiring.exit")}
          </SubmitButton>
        </Form>
        {capped ? null : (
          <Form method="post" action={extendAction}>
            {csrfToken}
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <SubmitButton pendingText={t("session.expiring.extending")} autoFocusInDialog>
              {t("session.expiring.continue")}
            </SubmitButton>
          </Form>
        )}
      </div>
    </Modal>
  );
}
