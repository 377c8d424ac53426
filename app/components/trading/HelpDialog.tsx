import { Link } from "@remix-run/react";

import type { HelpTarget, HelpTopic } from "#core/domain/server-messages";
import { buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/Modal";
import { useTranslation } from "~/i18n";

export type HelpDialogProps = {
  /** The bank's refusal with a help link (§8), or null: nothing to show. */
  help: { topic: HelpTopic; target: HelpTarget } | null;
  /** Where the help is: the bank's portal or the WhatsApp contact. */
  links: Record<HelpTarget, string>;
  /** The page without the dialog ('Entendido'). */
  closeHref: string;
};

/**
 * The dialog of a refusal that says where to get help (§8), with its texts (the transaction
 * namespace): it comes on demand with them, so the dashboard's first load carries neither (decision 075).
 */
export function HelpDialog({ help, links, closeHref }: HelpDialogProps) {
  const { t } = useTranslation("transaction");
  return (
    <Modal
      open={help !== null}
      title={help ? t(`help.topics.${help.topic}.title`) : ""}
      description={help ? t(`help.topics.${help.topic}.description`) : undefined}
      tone="error"
      closeHref={closeHref}
    >
      {help ? (
        <div className="mt-6 flex flex-col-reverse justify-center gap-3 sm:flex-row">
          <Link to={closeHref} className={buttonClass("secondary")}>
            {t("actions.ok")}
          </Link>
          <a href={links[help.target]} className={buttonClass("primary")}>
            {t(help.target === "whatsapp" ? "help.whatsapp" : "help.bank")}
          </a>
        </div>
      ) : null}
    </Modal>
  );
}
