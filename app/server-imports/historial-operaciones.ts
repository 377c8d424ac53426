// What app/routes/historial-operaciones.tsx's loader and action use of server-only code (decision 077): the browser build leaves this out.
export { json } from "@remix-run/node";
export { loadHistoryList } from "#server/history/list.server";
export { requireAccess } from "#server/session/auth.server";
export { portfolioOpens } from "#server/session/membership.server";
