// What app/routes/membresias.tsx's loader and action use of server-only code (decision 077): the browser build leaves this out.
export { json } from "@remix-run/node";
export { formAnswer } from "#server/forms.server";
export { change, upgrade } from "#server/membership/changes.server";
export { newToast, redirectWithToast, requireAccess } from "#server/session/auth.server";
export { readForm } from "#server/session/csrf.server";
export { currentMembership } from "#server/session/membership.server";
export { currentActor, requireAdministrator } from "#server/session/permissions.server";
export { companyAccounts } from "#server/trading/accounts.server";
export { optional } from "#server/upstream/optional.server";
export { serverT } from "~/i18n.server";
