import type { AppLoadContext } from "@remix-run/node";

import { canSendInternational } from "#core/domain/membership";
import { canDeleteRecipients, canSendToRecipients } from "#core/domain/permissions";
import { canUploadRecipients } from "#core/domain/recipients";

import { getConfig } from "../config.server";
import type { AccessContext } from "../session/auth.server";
import { requireAccess } from "../session/auth.server";
import { membershipIdOrNull } from "../session/membership.server";
import { currentActor } from "../session/permissions.server";
import { isSpecialRuleCompany } from "../session/shell.server";

/**
 * SPEC §6 for the recipient screens, in every loader and action: the special-rule company has
 * no receivers, and the upload routes exist only while the receivers-upload flag allows. A
 * refused route answers 404, as if it did not exist (§2: "the two upload routes exist only
 * when the flag is on").
 */
export async function requireRecipientsAccess(request: Request, context: AppLoadContext): Promise<AccessContext> {
  const access = await requireAccess(request, context);
  if (isSpecialRuleCompany(access.company.clientId)) throw new Response("No encontrado", { status: 404 });
  return access;
}

export function uploadAllowed(access: AccessContext): boolean {
  const config = getConfig();
  return canUploadRecipients({
    enabled: config.RECEIVERS_UPLOAD_ENABLED,
    allowedUsers: config.RECEIVERS_UPLOAD_USERS,
    userName: access.data.user.userName,
  });
}

export async function requireUploadAccess(request: Request, context: AppLoadContext): Promise<AccessContext> {
  const access = await requireRecipientsAccess(request, context);
  if (!uploadAllowed(access)) throw new Response("No encontrado", { status: 404 });
  return access;
}

/** Decision 028: who may delete a company recipient (the list hides the control for the others). */
export async function deleteAllowed(access: AccessContext): Promise<boolean> {
  return canDeleteRecipients(await currentActor(access));
}

/** §6: 'Enviar dinero' only for those the calculator lets send to third parties (the same rule). */
export async function sendAllowed(access: AccessContext): Promise<boolean> {
  return canSendToRecipients(await currentActor(access));
}

/** §6, decision 066: international recipients take money only from Pro members (the calculator's rule). */
export async function internationalAllowed(access: AccessContext): Promise<boolean> {
  return canSendInternational(await membershipIdOrNull(access));
}
