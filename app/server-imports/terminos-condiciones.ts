// What app/routes/terminos-condiciones.tsx's loader and action use of server-only code (decision 077): the browser build leaves this out.
export { requireState } from "#server/session/auth.server";
