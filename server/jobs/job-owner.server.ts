import { getConfig } from "../config.server";
import { singleton } from "../lifecycle.server";
import type { AccessContext } from "../session/auth.server";
import { accessOf, authStateOf, isSessionOver } from "../session/auth.server";
import { getSessionStorage, sealer, sessionCookie } from "../session/storage.server";
import type { SessionData } from "../session/types";

/**
 * A job's owner (docs/decisions/067): a job carries a sealed reference to the session that
 * started it, never its tokens nor its id in clear; whoever runs the job reads that session from
 * the session store (Redis with REDIS_URL, shared by every instance) each time it needs the
 * tokens, so a token refreshed meanwhile is used and a session that ended stops the job.
 */
export const ownerOf = (access: Pick<AccessContext, "data" | "company">) => `${access.data.memberId}|${access.company.clientId}`;

/** Whose job it is, as their session says now: the tokens the next call may use. */
export interface JobOwner {
  data: SessionData;
  company: SessionData["companies"][number];
}

export interface OwnerSessions {
  /** A sealed reference to the caller's session: no token, no session id in clear. */
  refer(access: AccessContext): string;
  /** The owner's session as it is now, or null when it has ended (logout, expiry, idle, partner session expired, another company). */
  open(reference: string): Promise<JobOwner | null>;
}

type Reference = { s?: unknown; o?: unknown };

export function ownerSessions(): OwnerSessions {
  return singleton("job-owner-sessions", () => {
    const seal = () => sealer(getConfig().SESSION_SECRET);
    return {
      refer: (access) => seal().seal({ s: access.session.id, o: ownerOf(access) }),
      async open(reference) {
        const { s: id, o: owner } = (seal().open(reference) ?? {}) as Reference;
        if (typeof id !== "string" || !id || typeof owner !== "string") return null;
        // The session store's own reading (the absolute end included), as a request with its cookie would.
        const session = await getSessionStorage().getSession(await sessionCookie().serialize({ id }));
        if (session.id !== id || authStateOf(session) !== "accessState" || isSessionOver(session)) return null;
        const access = accessOf(session);
        // A company change makes a new session; a job stays with the member and company that started it.
        if (!access || ownerOf(access) !== owner) return null;
        return access;
      },
    } satisfies OwnerSessions;
  });
}
