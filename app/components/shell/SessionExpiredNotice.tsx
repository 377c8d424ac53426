import { Link } from "@remix-run/react";

import { buttonClass } from "~/components/ui/button";
import { Modal, ModalActions } from "~/components/ui/Modal";
import { useTranslation } from "~/i18n";

export type SessionExpiredNoticeProps = {
  open: boolean;
  closeHref: string;
  /** The way back in: the bank's portal, where a new session starts. */
  bankHref: string;
};

/**
 * SPEC §8: 'Tu sesión ha expirado' with 'Entendido' (which leads wherever closeHref says). It covers the
 * rest screen, so it says what happened and offers the real way back itself, 'Ir a la banca en línea', first.
 */
export function SessionExpiredNotice({ open, closeHref, bankHref }: SessionExpiredNoticeProps) {
  const { t } = useTranslation("session");
  return (
    <Modal
      open={open}
      id="sesion-expirada"
      title={t("session.expired.title")}
      description={t("session.expired.description")}
      closeHref={closeHref}
    >
      <ModalActions>
        <Link to={closeHref} className={buttonClass("secondary")}>
          {t("session.expired.ok")}
        </Link>
        {/* A document request: the bank's portal is another site, reached through /login/banco. */}
        <a href={bankHref} className={buttonClass("primary")}>
          {t("session.expired.goToBank")}
        </a>
      </ModalActions>
    </Modal>
  );
}
