// What app/routes/_index.tsx's loader and action use of server-only code (decision 077): the browser build leaves this out.
export { json } from "@remix-run/node";
export { getConfig } from "#server/config.server";
export { operationSubject } from "#server/history/detail.server";
export { dueNoticeToday } from "#server/payments/notice.server";
export { requireAccess } from "#server/session/auth.server";
export { readForm } from "#server/session/csrf.server";
export { loadDashboard, submitCalculator } from "#server/trading/dashboard.server";
export { visitedTours } from "#server/trading/tour.server";
export { serverT } from "~/i18n.server";
