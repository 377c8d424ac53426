import pino from "pino";

import { jwtExpiry } from "#core/domain/jwt";
import type { AccessContext } from "#server/session/auth.server";
import { getSessionStorage } from "#server/session/storage.server";

const COMPANIES: Record<string, { clientId: string; profileType: "ADMINISTRADOR" | "COLABORADOR" }> = {
  "ana.admin": { clientId: "100234", profileType: "ADMINISTRADOR" },
  "carlos.colaborador": { clientId: "100234", profileType: "COLABORADOR" },
  "beatriz.basica": { clientId: "200115", profileType: "ADMINISTRADOR" },
};

/**
 * The access of a member whose session is stored like a logged-in browser's (files, or Redis with
 * REDIS_URL): what a batch job refers to and reads its tokens from (decision 067). `end()` signs
 * the session out, as a logout does.
 */
export async function storedAccess(
  userName: string,
  tokens: { bankToken: string; productJwt: string; memberId?: string | number },
): Promise<AccessContext & { end(): Promise<void> }> {
  const storage = getSessionStorage();
  const fresh = await storage.getSession();
  const now = Date.now();
  const company = { ...COMPANIES[userName], name: userName, businessName: userName };
  const values = {
    authState: "accessState",
    bankToken: tokens.bankToken,
    productJwt: tokens.productJwt,
    expiresAt: jwtExpiry(tokens.productJwt) ?? now + 15 * 60_000,
    lastSeenAt: now,
    memberId: String(tokens.memberId),
    user: { userName, name: userName, firstLastName: "Prueba", secondLastName: "", email: `${userName}@example.test` },
    companies: [company],
    companyId: company.clientId,
  };
  for (const [key, value] of Object.entries(values)) fresh.set(key as never, value as never);
  const cookie = (await storage.commitSession(fresh)).split(";")[0];
  const session = await storage.getSession(cookie);
  return {
    session,
    data: session.data,
    company,
    isAdmin: company.profileType === "ADMINISTRADOR",
    log: pino({ level: "silent" }),
    end: async () => void (await storage.destroySession(session)),
  } as unknown as AccessContext & { end(): Promise<void> };
}
