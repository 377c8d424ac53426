// What app/routes/pago-multiple.tsx's loader and action use of server-only code (decision 077): the browser build leaves this out.
export { json, redirect } from "@remix-run/node";
export { formAnswer } from "#server/forms.server";
export { answerAuthorise, authoriseFile } from "#server/payments/batch-authorisation.server";
export { checkPaymentUpload, paymentPage, registerPayments } from "#server/payments/multiple.server";
export { accessKey, retryAfterHeaders, takeRate, tooManyText } from "#server/rate-limit.server";
export { requireAccess } from "#server/session/auth.server";
export { readForm } from "#server/session/csrf.server";
export { currentActor } from "#server/session/permissions.server";
export { serverT } from "~/i18n.server";
