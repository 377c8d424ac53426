// What app/routes/pagos-recurrentes.tsx's loader and action use of server-only code (decision 077): the browser build leaves this out.
export { json } from "@remix-run/node";
export { deleteSchedule, mayChange, scheduleDefaults, scheduleRow } from "#server/payments/recurring.server";
export { updateSchedule } from "#server/payments/schedule-form.server";
export { newToast, redirectWithToast, requireAccess } from "#server/session/auth.server";
export { readForm } from "#server/session/csrf.server";
export { currentActor } from "#server/session/permissions.server";
export { companyAccounts } from "#server/trading/accounts.server";
export { loadRecipients } from "#server/trading/calculator.server";
export { cached } from "#server/upstream/cache.server";
export { optional } from "#server/upstream/optional.server";
export { serverT } from "~/i18n.server";
