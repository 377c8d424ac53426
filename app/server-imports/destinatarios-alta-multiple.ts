// What app/routes/destinatarios-alta-multiple.tsx's loader and action use of server-only code (decision 077): the browser build leaves this out.
export { json, redirect } from "@remix-run/node";
export { formAnswer } from "#server/forms.server";
export { accessKey, retryAfterHeaders, takeRate, tooManyText } from "#server/rate-limit.server";
export { requireUploadAccess } from "#server/recipients/access.server";
export { checkUpload, registerUpload, uploadPage } from "#server/recipients/upload-view.server";
export { readForm } from "#server/session/csrf.server";
export { serverT } from "~/i18n.server";
