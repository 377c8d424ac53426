import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";

import { aliasSchema, AliasSet, deleteRecipientSchema, favoriteSchema } from "#core/domain/recipient-form";
import texts from "#core/locales/es-MX/recipients.json";

import type { AccessContext } from "../session/auth.server";
import { newToast, redirectWithToast } from "../session/auth.server";
import { isUpstreamError } from "../upstream/errors";
import { deleteAllowed } from "./access.server";
import { companyAliases, companyRecipients, recipientByKey } from "./list.server";
import { recipientRejection } from "./register.server";

/**
 * What a member changes in the recipients list (§2 /destinatarios): favourite and alias through
 * /memberrecipients (bank recipients) or the back office (its own), and deletion — a status
 * update (§4) confirmed first, only by those decision 028 allows (403 otherwise). Every change
 * is checked against the company's own list (another company's recipient is a 404) and ends
 * with a toast.
 */
const failure = (error: unknown) => (isUpstreamError(error) ? error.failure : "unknown");

export async function toggleRecipientFavorite(
  request: Request,
  access: AccessContext,
  formData: FormData,
  returnTo: string,
): Promise<Response> {
  const submission = parseWithZod(formData, { schema: favoriteSchema });
  if (submission.status !== "success") throw new Response("Solicitud inválida", { status: 400 });
  const recipient = recipientByKey(await companyRecipients(access), submission.value.id);
  if (!recipient.canFavorite) throw new Response("Solicitud inválida", { status: 400 });
  try {
    await access.api.trading.updateMemberRecipient({ idRecipient: recipient.id, favorite: submission.value.favorite === "true" });
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    access.log.warn({ event: "recipient_favorite_failed", failure: failure(error) }, "recipient favourite not saved");
    return redirectWithToast(request, returnTo, newToast("error", texts.toasts.favoriteError));
  }
  return redirectWithToast(request, returnTo, newToast("success", texts.toasts.updated));
}

export type RenameResult = { kind: "invalid"; result: SubmissionResult<string[]> } | { kind: "done"; response: Response };

export async function renameRecipient(
  request: Request,
  access: AccessContext,
  formData: FormData,
  returnTo: string,
): Promise<RenameResult> {
  const recipients = await companyRecipients(access);
  const recipient = recipientByKey(recipients, String(formData.get("id") ?? ""));
  formData.set("currentAlias", recipient.alias);
  const submission = parseWithZod(formData, { schema: aliasSchema });
  if (submission.status !== "success") return { kind: "invalid", result: submission.reply() };
  const alias = submission.value.alias;
  if (new AliasSet(companyAliases(recipients, recipient.key)).has(alias)) {
    return { kind: "invalid", result: submission.reply({ fieldErrors: { alias: [texts.errors.duplicateAlias] } }) };
  }
  try {
    if (recipient.source === "BO") await access.api.recipients.updateBackoffice(recipient.id, { alias });
    else await access.api.trading.updateMemberRecipient({ idRecipient: recipient.id, alias });
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    access.log.warn({ event: "recipient_alias_failed", failure: failure(error) }, "recipient alias not saved");
    const message = recipientRejection(error) === "duplicateAlias" ? texts.errors.duplicateAlias : texts.errors.aliasUpdate;
    return { kind: "invalid", result: submission.reply({ formErrors: [message] }) };
  }
  return { kind: "done", response: await redirectWithToast(request, returnTo, newToast("success", texts.toasts.updated)) };
}

export async function deleteRecipient(request: Request, access: AccessContext, formData: FormData, returnTo: string): Promise<Response> {
  if (!(await deleteAllowed(access))) {
    access.log.warn({ event: "recipient_delete_forbidden" }, "recipient delete refused: no permission");
    throw new Response(texts.errors.deleteForbidden, { status: 403 });
  }
  const submission = parseWithZod(formData, { schema: deleteRecipientSchema });
  if (submission.status !== "success") throw new Response("Solicitud inválida", { status: 400 });
  const recipient = recipientByKey(await companyRecipients(access), submission.value.id);
  try {
    await access.api.recipients.setStatus(recipient.id, "deleted");
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    access.log.warn({ event: "recipient_delete_failed", failure: failure(error) }, "recipient not deleted");
    return redirectWithToast(request, returnTo, newToast("error", texts.toasts.deleteError));
  }
  access.log.info({ event: "recipient_deleted", source: recipient.source }, "recipient deleted");
  return redirectWithToast(request, returnTo, newToast("success", texts.toasts.deleted));
}
