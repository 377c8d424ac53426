import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";

import type { Overlay } from "#core/domain/overlays";
import { buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/Modal";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useTranslation } from "~/i18n";
import { onDemand } from "~/utils/on-demand";

/** The surveys bring their form library: only a page that shows one loads it (decision 039). */
const Survey = onDemand("encuesta", () => import("./Survey").then((module) => module.Survey));

export type GlobalOverlayProps = {
  overlay: Overlay | null;
  /** The survey as the server refused it (without JS): what was typed and why. */
  surveyResult: SubmissionResult<string[]> | null;
  /** `?aviso=gracias`: the survey's thank-you dialog. */
  thanks: boolean;
  action: string;
  redirectTo: string;
  closeThanksHref: string;
  csrfToken: ReactNode;
};

/**
 * The global overlays of §2 the modal flags drive, server-rendered and plain forms: the rebrand
 * notice, 'Datos pendientes de confirmar', the paid-account notice, the CSAT and NPS surveys, and the
 * surveys' thank-you dialog. None is dismissed by the backdrop: each says what its buttons do.
 */
export function GlobalOverlay({ overlay, surveyResult, thanks, action, redirectTo, closeThanksHref, csrfToken }: GlobalOverlayProps) {
  const { t } = useTranslation(["overlays", "common"]);
  const product = t("common:product.name");
  const post = (intent: string, label: string, variant: "primary" | "secondary", autoFocus = false) => (
    <Form key={intent} method="post" action={action}>
      {csrfToken}
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <SubmitButton variant={variant} autoFocusInDialog={autoFocus}>
        {label}
      </SubmitButton>
    </Form>
  );
  const actions = (...nodes: ReactNode[]) => <div className="mt-6 flex flex-col-reverse justify-center gap-3 sm:flex-row">{nodes}</div>;

  if (thanks) {
    return (
      <Modal
        open
        id="aviso-gracias"
        tone="success"
        title={t("surveys.thanks.title")}
        description={t("surveys.thanks.description", { product })}
      >
        {actions(
          <Link key="ok" to={closeThanksHref} className={buttonClass("primary")}>
            {t("surveys.thanks.ok")}
          </Link>,
        )}
      </Modal>
    );
  }
  switch (overlay) {
    case "rebrand":
      return (
        <Modal
          open
          withPage
          id="aviso-rebrand"
          title={t("overlays.rebrand.title")}
          description={t("overlays.rebrand.description", { product })}
        >
          {actions(post("cerrar", t("overlays.rebrand.ok"), "primary", true))}
        </Modal>
      );
    case "contacto":
      return (
        <Modal open withPage id="aviso-contacto" title={t("overlays.contact.title")} description={t("overlays.contact.description")}>
          {actions(
            post("cerrar", t("overlays.contact.later"), "secondary"),
            post("revisar", t("overlays.contact.review"), "primary", true),
          )}
        </Modal>
      );
    case "cuenta-remunerada":
      return (
        <Modal
          open
          withPage
          id="aviso-cuenta-remunerada"
          tone="success"
          title={t("overlays.paidAccount.title")}
          description={t("overlays.paidAccount.description")}
        >
          {actions(post("cerrar", t("overlays.paidAccount.ok"), "primary", true))}
        </Modal>
      );
    case "encuesta-csat":
    case "encuesta-nps":
      return (
        <Survey
          kind={overlay === "encuesta-csat" ? "csat" : "nps"}
          lastResult={surveyResult}
          action={action}
          redirectTo={redirectTo}
          csrfToken={csrfToken}
          skip={post("cerrar", t("surveys.skip"), "secondary")}
        />
      );
    default:
      return null;
  }
}
