// What app/routes/alertas.tsx's loader and action use of server-only code (decision 077): the browser build leaves this out.
export { json } from "@remix-run/node";
export { formAnswer } from "#server/forms.server";
export { currentPrices, offeredPairs, requireAlertsAccess } from "#server/market-tools/access.server";
export { createAlert, deleteAlert } from "#server/market-tools/alerts.server";
export { newToast, redirectWithToast } from "#server/session/auth.server";
export { readForm } from "#server/session/csrf.server";
export { optional } from "#server/upstream/optional.server";
export { serverT } from "~/i18n.server";
