// What app/routes/login.tsx's loader and action use of server-only code (decision 077): the browser build leaves this out.
export { json } from "@remix-run/node";
export { requireState } from "#server/session/auth.server";
