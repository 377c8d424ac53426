import type { AccessContext } from "../session/auth.server";
import { isUpstreamError } from "../upstream/errors";
import type { Follow } from "../upstream/market-tools.server";

export type FollowOutcome = { kind: "followed"; follow: Follow } | { kind: "duplicate" } | { kind: "failed" };

/** Follows a pair (§8: a pair already followed is 'Ya existe un seguimiento…'; anything else 'No pudimos crear tus seguimientos'). */
export async function followPair(access: AccessContext, pair: string): Promise<FollowOutcome> {
  try {
    return { kind: "followed", follow: await access.api.marketTools.follow(pair) };
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    if (error.details.code === "FOLLOW_EXISTS") return { kind: "duplicate" };
    access.log.warn({ event: "follow_failed", failure: error.failure, status: error.status }, "follow not created");
    return { kind: "failed" };
  }
}

/** Stops following; "missing" when the product knows no such follow of the member (none, or another's: 404). */
export async function unfollowPair(access: AccessContext, id: string): Promise<"removed" | "missing" | "failed"> {
  try {
    await access.api.marketTools.unfollow(id);
    return "removed";
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    access.log.warn({ event: "unfollow_failed", failure: error.failure, status: error.status }, "follow not removed");
    return error.status === 404 ? "missing" : "failed";
  }
}
