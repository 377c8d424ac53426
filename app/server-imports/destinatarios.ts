// What app/routes/destinatarios.tsx's loader and action use of server-only code (decision 077): the browser build leaves this out.
export { json } from "@remix-run/node";
export { formAnswer } from "#server/forms.server";
export { deleteAllowed, internationalAllowed, requireRecipientsAccess, sendAllowed, uploadAllowed } from "#server/recipients/access.server";
export { deleteRecipient, renameRecipient, toggleRecipientFavorite } from "#server/recipients/actions.server";
export { companyRecipients, recipientAccount, searchRecipients } from "#server/recipients/list.server";
export { readForm } from "#server/session/csrf.server";
export { optional } from "#server/upstream/optional.server";
