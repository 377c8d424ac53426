// What app/routes/access.tsx's loader and action use of server-only code (decision 077): the browser build leaves this out.
export { json, redirect } from "@remix-run/node";
export { clientOf, enforceRate } from "#server/rate-limit.server";
export { authStateOf, getSession } from "#server/session/auth.server";
export { readForm } from "#server/session/csrf.server";
export { currentSessionOf, failLogin, linkHolder, signInFromLink } from "#server/session/login.server";
export { bankTokenUsed, clearLoginState, loginStateMatches } from "#server/session/login-link.server";
