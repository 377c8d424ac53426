// What app/routes/aprobaciones.tsx's loader and action use of server-only code (decision 077): the browser build leaves this out.
export { json } from "@remix-run/node";
export { answerDecision, loadApprovals } from "#server/approvals/approvals.server";
export { getConfig } from "#server/config.server";
export { answerAuthorise, approveFile, filesToApprove } from "#server/payments/batch-authorisation.server";
export { readForm } from "#server/session/csrf.server";
export { requireAdministrator } from "#server/session/permissions.server";
