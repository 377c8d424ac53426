import { Link } from "@remix-run/react";

import { buttonClass } from "~/components/ui/button";
import { Modal, ModalActions } from "~/components/ui/Modal";
import { useTranslation } from "~/i18n";

export type CompanyChangeErrorProps = { open: boolean; closeHref: string };

/** SPEC §8: the company change failed. Render it after the settings drawer so it sits on top. */
export function CompanyChangeError({ open, closeHref }: CompanyChangeErrorProps) {
  const { t } = useTranslation("common");
  return (
    <Modal
      open={open}
      id="error-cambio-empresa"
      tone="error"
      title={t("companyChange.error.title")}
      description={t("companyChange.error.description")}
      closeHref={closeHref}
    >
      <ModalActions>
        <Link to={closeHref} preventScrollReset className={buttonClass("primary")}>
          {t("companyChange.error.ok")}
        </Link>
      </ModalActions>
    </Modal>
  );
}
