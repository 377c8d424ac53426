// What app/routes/transaction.tsx's loader and action use of server-only code (decision 077): the browser build leaves this out.
export { json, redirect } from "@remix-run/node";
export { getConfig } from "#server/config.server";
export { loadOperationDetail } from "#server/history/detail.server";
export { settleBatchReturn } from "#server/payments/batch-authorisation.server";
export { newToast, requireAccess } from "#server/session/auth.server";
export { companyAccounts } from "#server/trading/accounts.server";
export { recordChallengeResult } from "#server/trading/challenge-result.server";
export { reportFailure } from "#server/upstream/error-reporting.server";
export { optional } from "#server/upstream/optional.server";
export { serverT } from "~/i18n.server";
