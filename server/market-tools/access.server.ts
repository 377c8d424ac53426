import type { AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { canUseAlerts, canUseMonitoring } from "#core/domain/membership";
import { toPriceEvent } from "#core/prices/payload";
import type { PriceEvent } from "#core/prices/wire";

import { priceHub } from "../prices/hub.server";
import type { AccessContext } from "../session/auth.server";
import { requireAccess } from "../session/auth.server";
import { membershipIdOrNull } from "../session/membership.server";
import { isSpecialRuleCompany } from "../session/shell.server";
import { cached } from "../upstream/cache.server";

/**
 * The guards of /alertas and /monitoreo-de-divisas (decision 045): every member with a
 * membership, read fresh (decision 061); anyone else goes to the dashboard, in loaders and actions
 * alike. When the membership cannot be read the product judges (it answers 403
 * MEMBERSHIP_REQUIRED itself), so an outage of that one read does not close reading tools.
 */
export async function requireAlertsAccess(request: Request, context: AppLoadContext): Promise<AccessContext> {
  const access = await requireAccess(request, context);
  const membershipId = await membershipIdOrNull(access);
  if (membershipId !== null && !canUseAlerts(membershipId)) throw redirect("/");
  return access;
}

export async function requireMonitoringAccess(request: Request, context: AppLoadContext): Promise<AccessContext> {
  const access = await requireAccess(request, context);
  const membershipId = await membershipIdOrNull(access);
  if (membershipId !== null && !canUseMonitoring(membershipId)) throw redirect("/");
  return access;
}

/** The pairs the company may see (§6: none for the special-rule company), from the cached catalogue. */
export function offeredPairs(access: AccessContext): Promise<string[]> {
  if (isSpecialRuleCompany(access.company.clientId)) return Promise.resolve([]);
  return cached(`pairs:${access.company.clientId}`, () => access.api.product.pairs());
}

/** Each pair's current price for a server render (the hub's last tick, waiting up to 1 s for a first one). */
export async function currentPrices(pairs: readonly string[]): Promise<Record<string, PriceEvent | null>> {
  const unique = [...new Set(pairs)];
  const snapshots = await Promise.all(unique.map((pair) => priceHub().ensure(pair)));
  const now = Date.now();
  return Object.fromEntries(
    unique.map((pair, index) => [pair, snapshots[index]?.quote ? toPriceEvent(snapshots[index].quote, now) : null]),
  );
}
