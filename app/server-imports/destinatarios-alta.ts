// What app/routes/destinatarios-alta.tsx's loader and action use of server-only code (decision 077): the browser build leaves this out.
export { json, redirect } from "@remix-run/node";
export { formAnswer } from "#server/forms.server";
export { requireUploadAccess } from "#server/recipients/access.server";
export { countryNames, fillChosenBank, recipientTypeFrom, registrationCatalogue, searchBanks } from "#server/recipients/form.server";
export { takenAliases } from "#server/recipients/list.server";
export { submitRegistration } from "#server/recipients/register.server";
export { newToast, redirectWithToast } from "#server/session/auth.server";
export { readForm } from "#server/session/csrf.server";
export { serverT } from "~/i18n.server";
