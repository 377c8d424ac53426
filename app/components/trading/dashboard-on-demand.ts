import { onDemand } from "~/utils/on-demand";

/**
 * The dashboard's parts that most visits never show (decision 069): the guided tour's card, the
 * due-payments notice and the dialogs (an approval waiting, a server message with help). Each comes
 * when the page shows it — before hydration when the server rendered it, else as soon as it is asked
 * for — and the shell's idle preload does not fetch them: a visit without them pays nothing.
 */
export const GuidedTour = onDemand("recorrido", () => import("./GuidedTour").then((module) => module.GuidedTour));
export const DuePaymentsNotice = onDemand("pagos-por-vencer", () =>
  import("~/components/payments/DuePaymentsNotice").then((module) => module.DuePaymentsNotice),
);
export const Modal = onDemand("dialogo", () => import("~/components/ui/Modal").then((module) => module.Modal));
