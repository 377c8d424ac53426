// What app/routes/historial-operaciones.$id._index.tsx's loader and action use of server-only code (decision 077): the browser build leaves this out.
export { json } from "@remix-run/node";
export { answerDecision, approvedByFor } from "#server/approvals/approvals.server";
export { getConfig } from "#server/config.server";
export { loadOperationDetail } from "#server/history/detail.server";
export { requireAccess } from "#server/session/auth.server";
export { readForm } from "#server/session/csrf.server";
export { currentActor, requireAdministrator } from "#server/session/permissions.server";
