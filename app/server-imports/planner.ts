// What app/routes/planner.tsx's loader and action use of server-only code (decision 077): the browser build leaves this out.
export { json } from "@remix-run/node";
export { loadPlanner } from "#server/payments/planner.server";
export { requireAccess } from "#server/session/auth.server";
export { serverT } from "~/i18n.server";
