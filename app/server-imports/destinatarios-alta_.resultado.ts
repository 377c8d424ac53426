// What app/routes/destinatarios-alta_.resultado.tsx's loader and action use of server-only code (decision 077): the browser build leaves this out.
export { json, redirect } from "@remix-run/node";
export { getConfig } from "#server/config.server";
export { requireUploadAccess } from "#server/recipients/access.server";
export { recordRegistration } from "#server/recipients/register.server";
export { commitSession, newToast } from "#server/session/auth.server";
export { serverT } from "~/i18n.server";
