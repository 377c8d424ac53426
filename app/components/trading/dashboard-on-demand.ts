import { withNamespaces } from "~/i18n";
import { island } from "~/utils/island";
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

/**
 * The price panel, the dashboard's other island (decision 082): the live figures start moving once its
 * code has arrived (idle time after hydrating, or a reach); until then it is the server's prices, with
 * 'Actualizar', as without JavaScript. Its texts come with its code: nothing else on the page reads them.
 */
export const PricePanelIsland = island("precios", () =>
  Promise.all([import("./PricePanel"), import("#core/locales/es-MX/prices.json").then((module) => module.default)]).then(
    ([module, prices]) => withNamespaces({ prices }, module.LivePricePanel),
  ),
);

/**
 * The calculator, the dashboard's island (decision 082): the server renders it with the page, and its
 * code (the form's state and its fields, with its texts: about 20 KB gzip) comes once the page is idle after hydrating,
 * or at once when the person reaches into it. Until then it is the server's native form.
 */
export const CalculatorIsland = island("calculadora", () =>
  Promise.all([import("./Calculator"), import("#core/locales/es-MX/calculator.json").then((module) => module.default)]).then(
    ([module, calculator]) => withNamespaces({ calculator }, module.LiveCalculator),
  ),
);
