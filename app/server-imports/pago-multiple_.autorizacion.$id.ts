// What app/routes/pago-multiple_.autorizacion.$id.tsx's loader uses of server-only code (decision 077): the browser build leaves this out.
export { json } from "@remix-run/node";
export { batchPage } from "#server/payments/batch-authorisation.server";
export { requireAccess } from "#server/session/auth.server";
export { currentActor } from "#server/session/permissions.server";
