// What app/routes/monitoreo-de-divisas.tsx's loader and action use of server-only code (decision 077): the browser build leaves this out.
export { json } from "@remix-run/node";
export { formAnswer } from "#server/forms.server";
export { daySeries } from "#server/market/rate-series.server";
export { currentPrices, offeredPairs, requireMonitoringAccess } from "#server/market-tools/access.server";
export { followPair, unfollowPair } from "#server/market-tools/follows.server";
export { newToast, redirectWithToast } from "#server/session/auth.server";
export { readForm } from "#server/session/csrf.server";
export { optional } from "#server/upstream/optional.server";
export { serverT } from "~/i18n.server";
