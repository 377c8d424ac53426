import type { AppLoadContext } from "@remix-run/node";

import type { Actor } from "#core/domain/permissions";

import { isUpstreamError } from "../upstream/errors";
import { warnUpstreamFailure } from "../upstream/failure-log.server";
import type { AccessContext } from "./auth.server";
import { requireAccess } from "./auth.server";

/**
 * The member's §6 profile and permissions as the product holds them now (decision 058): read from
 * the profile once per loader or action that asks, never taken from the login, so an
 * administrator's change judges the collaborator's very next request. No cache survives the
 * request, so nothing needs invalidating across instances.
 */
const perAccess = new WeakMap<AccessContext, Promise<Actor>>();

export function currentActor(access: AccessContext): Promise<Actor> {
  let pending = perAccess.get(access);
  if (!pending) {
    pending = readActor(access);
    perAccess.set(access, pending);
  }
  return pending;
}

/**
 * An unreadable profile grants nothing (fail closed): the login's profile type stays, with no
 * permissions, so a collaborator is refused and an administrator, who needs none, is not.
 */
async function readActor(access: AccessContext): Promise<Actor> {
  try {
    const profile = await access.api.product.profile(access.data.memberId);
    if (profile) return { profileType: profile.profileType, permissions: profile.permissions.map((permission) => permission.name) };
    access.log.warn({ event: "permissions_profile_missing" }, "no profile for the member; no permissions granted");
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    warnUpstreamFailure(
      access.log,
      error,
      { event: "permissions_unreadable", failure: error.failure, status: error.status },
      "profile unreadable; no permissions granted",
    );
  }
  return { profileType: access.company.profileType, permissions: [] };
}

/**
 * The guard of administrator-only routes (§6 'Permisos de colaboradores'), in loaders and actions
 * alike: anyone else gets a 403, however the request is sent.
 */
export async function requireAdministrator(request: Request, context: AppLoadContext): Promise<AccessContext> {
  const access = await requireAccess(request, context);
  const actor = await currentActor(access);
  if (actor.profileType !== "ADMINISTRADOR") {
    access.log.warn({ event: "admin_only_refused", path: new URL(request.url).pathname }, "administrator-only route refused");
    throw new Response("Solo un administrador de la empresa puede ver esta página.", { status: 403 });
  }
  return access;
}
