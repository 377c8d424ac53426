// What app/routes/cuentas_.$id.tsx's loader and action use of server-only code (decision 077): the browser build leaves this out.
export { json } from "@remix-run/node";
export { findAccount, revealDepositData } from "#server/accounts/accounts.server";
export { loadMovements, longDate, movementDateText, readMovementFilters } from "#server/accounts/movements.server";
export { requireAccess } from "#server/session/auth.server";
