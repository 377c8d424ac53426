import type { AppLoadContext } from "@remix-run/node";

import { isPro } from "#core/domain/membership";
import { canOpenPortfolio } from "#core/domain/portfolio-access";
import type texts from "#core/locales/es-MX/flash.json";

import { isUpstreamError } from "../upstream/errors";
import { warnUpstreamFailure } from "../upstream/failure-log.server";
import type { MembershipDetails } from "../upstream/membership.server";
import type { AccessContext } from "./auth.server";
import { requireAccess } from "./auth.server";
import { sendAwayFromProFeature } from "./pro-only.server";

/**
 * The member's membership as the product holds it now (decision 061, as 058 did for permissions):
 * read once per loader or action that asks, never kept from the login, so an upgrade opens the Pro
 * features on the very next request and a cancelled Pro closes them the day it ends, on every
 * instance, with nothing to invalidate. Upstream failures propagate: each caller decides.
 */
const perAccess = new WeakMap<AccessContext, Promise<MembershipDetails>>();

export function currentMembership(access: AccessContext): Promise<MembershipDetails> {
  let pending = perAccess.get(access);
  if (!pending) {
    pending = access.api.membership.current();
    perAccess.set(access, pending);
  }
  return pending;
}

/** The membership id for a rule, or null when the product cannot say (logged). */
export async function membershipIdOrNull(access: AccessContext): Promise<1 | 2 | null> {
  try {
    return (await currentMembership(access)).membershipId;
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    warnUpstreamFailure(
      access.log,
      error,
      { event: "membership_unreadable", failure: error.failure, status: error.status },
      "membership unreadable",
    );
    return null;
  }
}

/**
 * Whether the member's plan opens the portfolio (§6), for a page that links to it; no link when the
 * product cannot say. Asked here rather than in the page's loader, so the rule's module is not tied
 * to that page's browser files (decision 077).
 */
export async function portfolioOpens(access: AccessContext): Promise<boolean> {
  return canOpenPortfolio((await membershipIdOrNull(access)) ?? undefined);
}

/**
 * The guard of Pro-only screens (§6; decisions 045, 046), in loaders and actions: a Basic member
 * goes back to the dashboard told why (with the way to /membresias); when the product cannot say,
 * a 503 rather than a wrong "you are not Pro".
 */
export async function requirePro(
  request: Request,
  context: AppLoadContext,
  feature: keyof typeof texts.proOnly,
  options: Parameters<typeof requireAccess>[2] = {},
): Promise<AccessContext> {
  const access = await requireAccess(request, context, options);
  const membershipId = await membershipIdOrNull(access);
  if (membershipId === null) throw new Response("Servicio no disponible", { status: 503 });
  if (!isPro(membershipId)) await sendAwayFromProFeature(request, feature);
  return access;
}
