// What app/routes/cuentas.tsx's loader and action use of server-only code (decision 077): the browser build leaves this out.
export { json } from "@remix-run/node";
export { loadAccountsPage } from "#server/accounts/accounts.server";
export { renameAccount, toggleAccountFavorite } from "#server/accounts/actions.server";
export { formAnswer } from "#server/forms.server";
export { requireAccess } from "#server/session/auth.server";
export { readForm } from "#server/session/csrf.server";
export { optional } from "#server/upstream/optional.server";
