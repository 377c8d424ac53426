// What app/routes/wizard.tsx's loader and action use of server-only code (decision 077): the browser build leaves this out.
export { json } from "@remix-run/node";
export { formAnswer } from "#server/forms.server";
export { requireState } from "#server/session/auth.server";
export { readForm } from "#server/session/csrf.server";
export { loginWithBankToken } from "#server/session/login.server";
export { enrolMember, wizardOffer } from "#server/session/wizard.server";
export { callContext } from "#server/upstream/budget.server";
