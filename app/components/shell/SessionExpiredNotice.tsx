import { Link } from "@remix-run/react";

import { buttonClass } from "~/components/ui/button";
import { Modal, ModalActions } from "~/components/ui/Modal";
import { useTranslation } from "~/i18n";

export type SessionExpiredNoticeProps = { open: boolean; closeHref: string };

/** SPEC §8: 'Tu sesión ha expirado' with 'Entendido' (which leads wherever closeHref says). */
export function SessionExpiredNotice({ open, closeHref }: SessionExpiredNoticeProps) {
  const { t } = useTranslation("session");
  return (
    <Modal open={open} id="sesion-expirada" title={t("session.expired.title")} closeHref={closeHref}>
      <ModalActions>
        <Link to={closeHref} className={buttonClass("primary")}>
          {t("session.expired.ok")}
        </Link>
      </ModalActions>
    </Modal>
  );
}
