import { withNamespaces } from "~/i18n";
import { onDemand } from "~/utils/on-demand";

/**
 * The dashboard's parts that most visits never show (decision 069): the guided tour's card, the
 * due-payments notice and the dialogs (an approval waiting, a server message with help). Each comes
 * when the page shows it — before hydration when the server rendered it, else as soon as it is asked
 * for — and the shell's idle preload does not fetch them: a visit without them pays nothing. A part
 * whose texts no other part of the page reads brings its namespace with it (decision 075).
 */
export const GuidedTour = onDemand("recorrido", () =>
  Promise.all([import("./GuidedTour"), import("#core/locales/es-MX/tour.json").then((module) => module.default)]).then(([module, tour]) =>
    withNamespaces({ tour }, module.GuidedTour),
  ),
);
export const DuePaymentsNotice = onDemand("pagos-por-vencer", () =>
  Promise.all([
    import("~/components/payments/DuePaymentsNotice"),
    import("#core/locales/es-MX/due-payments.json").then((module) => module.default),
  ]).then(([module, duePayments]) => withNamespaces({ duePayments }, module.DuePaymentsNotice)),
);
export const Modal = onDemand("dialogo", () => import("~/components/ui/Modal").then((module) => module.Modal));
/** A refusal that says where to get help (§8), with the transaction namespace, which only it reads here. */
export const HelpDialog = onDemand("ayuda-operacion", () =>
  Promise.all([import("./HelpDialog"), import("#core/locales/es-MX/transaction.json").then((module) => module.default)]).then(
    ([module, transaction]) => withNamespaces({ transaction }, module.HelpDialog),
  ),
);
