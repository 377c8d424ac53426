import type { Overlay } from "#core/domain/overlays";
import { chooseOverlay } from "#core/domain/overlays";

import type { CallContext } from "../upstream/index.server";
import { upstreams } from "../upstream/index.server";
import { optional } from "../upstream/optional.server";

/** The overlay a session has pending, with the modal flags its actions report; kept in the session. */
export type PendingOverlay = { overlay: Overlay; flagIds: number[] };

/**
 * Reads the member's modal flags, rebrand flag and company once (at the session's first page) and
 * chooses the one overlay to show (core/domain/overlays.ts). Optional data: a failing call shows
 * nothing rather than failing or slowing the page.
 */
export async function pendingOverlay(ctx: CallContext, productJwt: string, clientId: string): Promise<PendingOverlay | null> {
  const product = upstreams(ctx, { productJwt }).product;
  const optionally = <T>(call: Promise<T>, event: string) => optional(call, null, { log: ctx.log, event });
  const [flags, rebrand, company] = await Promise.all([
    optionally(product.showModal(), "modal_flags_unavailable"),
    optionally(product.showRebrandModal(), "rebrand_flag_unavailable"),
    optionally(product.company(clientId), "company_unavailable"),
  ]);
  return chooseOverlay({
    flags: flags ?? {},
    rebrand: rebrand?.id ? { id: rebrand.id, show: rebrand.show } : null,
    interestBearingAccount: company?.interestBearingAccount ?? false,
  });
}
