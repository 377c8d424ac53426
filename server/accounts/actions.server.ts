import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";

import { aliasSchema, favoriteSchema } from "#core/domain/recipient-form";
import texts from "#core/locales/es-MX/accounts.json";

import type { AccessContext } from "../session/auth.server";
import { newToast, redirectWithToast } from "../session/auth.server";
import { isUpstreamError } from "../upstream/errors";
import { findAccount } from "./accounts.server";

/**
 * The two changes a member makes to an account (§7 POST /memberaccounts): favourite and alias.
 * Both end with POST/redirect/GET and a toast (§8 account.update.success / .error); a refused
 * alias stays in its drawer with the message.
 */
export type AliasActionResult = { kind: "invalid"; result: SubmissionResult<string[]> } | { kind: "done"; response: Response };

export async function toggleAccountFavorite(
  request: Request,
  access: AccessContext,
  formData: FormData,
  returnTo: string,
): Promise<Response> {
  const submission = parseWithZod(formData, { schema: favoriteSchema });
  if (submission.status !== "success") throw new Response("Solicitud inválida", { status: 400 });
  await findAccount(access, submission.value.id);
  try {
    await access.api.product.updateMemberAccount({ idAccount: submission.value.id, favorite: submission.value.favorite === "true" });
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    access.log.warn(
      { event: "account_favorite_failed", failure: isUpstreamError(error) ? error.failure : "unknown" },
      "account favourite not saved",
    );
    return redirectWithToast(request, returnTo, newToast("error", texts.toasts.updateError));
  }
  return redirectWithToast(request, returnTo, newToast("success", texts.toasts.updated));
}

export async function renameAccount(
  request: Request,
  access: AccessContext,
  formData: FormData,
  returnTo: string,
): Promise<AliasActionResult> {
  const id = String(formData.get("id") ?? "");
  const { view } = await findAccount(access, id);
  // The current alias is the server's, whatever the form says.
  formData.set("currentAlias", view.alias);
  const submission = parseWithZod(formData, { schema: aliasSchema });
  if (submission.status !== "success") return { kind: "invalid", result: submission.reply() };
  try {
    await access.api.product.updateMemberAccount({ idAccount: view.idAccount, alias: submission.value.alias });
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    access.log.warn(
      { event: "account_alias_failed", failure: isUpstreamError(error) ? error.failure : "unknown" },
      "account alias not saved",
    );
    return { kind: "invalid", result: submission.reply({ formErrors: [texts.toasts.aliasError] }) };
  }
  return { kind: "done", response: await redirectWithToast(request, returnTo, newToast("success", texts.toasts.updated)) };
}
