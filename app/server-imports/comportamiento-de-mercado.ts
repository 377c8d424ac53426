// What app/routes/comportamiento-de-mercado.tsx's loader and action use of server-only code (decision 077): the browser build leaves this out.
export { json } from "@remix-run/node";
export { rateSeries } from "#server/market/rate-series.server";
export { serviceIncidentsNow } from "#server/notices/notices.server";
export { requirePro } from "#server/session/membership.server";
export { isSpecialRuleCompany } from "#server/session/shell.server";
export { cached } from "#server/upstream/cache.server";
export { isUpstreamError } from "#server/upstream/errors";
