import crypto from "node:crypto";

import type { Session } from "@remix-run/node";
import type { AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import type { AuthState } from "#core/domain/auth-state";
import { guardRedirect, isAuthState } from "#core/domain/auth-state";
import { sessionStatus } from "#core/domain/session-timing";

import { orSharedPartDown } from "../shared-part.server";
import type { BudgetKind } from "../upstream/budget.server";
import { callContext } from "../upstream/budget.server";
import { PartnerSessionEnded, UpstreamError } from "../upstream/errors";
import type { CallContext, Upstreams } from "../upstream/index.server";
import { upstreams } from "../upstream/index.server";
import { rememberReturn } from "./login-link.server";
import { EXPIRED_PATH } from "./partner-session.server";
import { getSessionStorage } from "./storage.server";
import type { FlashData, SessionData, Toast } from "./types";

export type PortalSession = Session<SessionData, FlashData>;

/** Each loader of one request asks for the session; read it once. */
const perRequest = new WeakMap<Request, Promise<PortalSession>>();

export function getSession(request: Request): Promise<PortalSession> {
  let pending = perRequest.get(request);
  if (!pending) {
    // Redis down: the page answers 503 (decision 102), the cookie stays, the session is there when Redis returns.
    pending = orSharedPartDown(getSessionStorage().getSession(request.headers.get("Cookie")));
    perRequest.set(request, pending);
  }
  return pending;
}

export function authStateOf(session: PortalSession): AuthState {
  const state = session.get("authState");
  return isAuthState(state) ? state : "initialState";
}

export async function commitSession(session: PortalSession): Promise<string> {
  return orSharedPartDown(getSessionStorage().commitSession(session));
}

export async function destroySession(session: PortalSession): Promise<string> {
  return orSharedPartDown(getSessionStorage().destroySession(session));
}

/**
 * The route guard of SPEC §2, for every loader and action: renders only for the listed states,
 * otherwise redirects where the current state belongs. An access session past its idle or
 * absolute limit ends here, before any data is loaded.
 */
export async function requireState(request: Request, allowed: readonly AuthState[]): Promise<PortalSession> {
  const session = await getSession(request);
  const target = stateRedirect(session, allowed);
  if (!target) return session;
  // A signed-out person's pasted link is kept for after the bank's login (decision 109).
  const remembered = authStateOf(session) === "initialState" ? await rememberReturn(request) : null;
  throw redirect(target, remembered ? { headers: { "Set-Cookie": remembered } } : undefined);
}

/** Where a session in the wrong state (or an access session that is over) belongs, or null when it may go on. */
export function stateRedirect(session: PortalSession, allowed: readonly AuthState[]): string | null {
  const state = authStateOf(session);
  const target = guardRedirect(state, allowed);
  if (target) return target;
  if (state === "accessState" && isSessionOver(session)) return EXPIRED_PATH;
  return null;
}

export function isSessionOver(session: PortalSession, now = Date.now()): boolean {
  if (session.get("partnerExpired")) return true;
  const status = sessionStatus({
    now,
    lastSeenAt: session.get("lastSeenAt") ?? 0,
    expiresAt: session.get("expiresAt") ?? 0,
    startedAt: session.get("startedAt"),
  });
  return status !== "active";
}

export interface AccessContext {
  session: PortalSession;
  log: AppLoadContext["log"];
  data: SessionData;
  api: Upstreams;
  /** The request's log, signal and budget: for clients made with other settings (status checks). */
  call: CallContext;
  company: SessionData["companies"][number];
  isAdmin: boolean;
  /** The client's address (rate limits by client); empty when unknown. */
  clientIp: string;
}

const REQUIRED: Array<keyof SessionData> = ["bankToken", "productJwt", "memberId", "user", "companies", "companyId"];

/** Every field of an access session and its current company, or null when something is missing (the guard sends to /error). */
export function accessOf(session: PortalSession): { data: SessionData; company: SessionData["companies"][number] } | null {
  const data = session.data as Partial<SessionData>;
  if (REQUIRED.some((key) => data[key] === undefined)) return null;
  const company = data.companies?.find((c) => c.clientId === data.companyId);
  return company ? { data: data as SessionData, company } : null;
}

/**
 * The guard of every access route, with the request's upstream clients. `budget: "download"` is
 * for the routes that answer a file (docs/decisions/027); every other route has the page budget.
 */
export async function requireAccess(
  request: Request,
  context: AppLoadContext,
  options: { budget?: BudgetKind } = {},
): Promise<AccessContext> {
  const session = await requireState(request, ["accessState"]);
  const access = accessOf(session);
  if (!access) throw redirect("/error");
  const { data, company } = access;
  const call = callContext(request, context, options.budget);
  const api = guardPartner(session, upstreams(call, data));
  return {
    session,
    log: context.log,
    data,
    api,
    call,
    company,
    isAdmin: company.profileType === "ADMINISTRADOR",
    clientIp: context.clientIp ?? "",
  };
}

/**
 * §4: a partner 401/410 ends the partner session; the flag is stored so no further partner call
 * is made, and PartnerSessionEnded sends the person to the expired-session screen (which may
 * still sign out) through servedBuild (server/http/served-route.server.ts).
 */
function guardPartner(session: PortalSession, api: Upstreams): Upstreams {
  const partner = new Proxy(api.partner, {
    get(target, property, receiver) {
      const member = Reflect.get(target, property, receiver) as unknown;
      if (typeof member !== "function" || property === "signOut") return member;
      return async (...args: unknown[]) => {
        try {
          return await (member as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } catch (error) {
          if (error instanceof UpstreamError && error.endsPartnerSession) {
            session.set("partnerExpired", true);
            await commitSession(session);
            throw new PartnerSessionEnded();
          }
          throw error;
        }
      };
    },
  });
  return { ...api, partner };
}

/**
 * A brand-new session (new id) with the given data: the id is rotated at login and at company
 * change, so a session id seen before authentication is worthless after it.
 */
export async function replaceSession(request: Request, data: Partial<SessionData>, flash?: Partial<FlashData>): Promise<string> {
  const storage = getSessionStorage();
  const old = await getSession(request);
  if (old.id) await orSharedPartDown(storage.destroySession(old));
  const fresh = await storage.getSession();
  for (const [key, value] of Object.entries(data)) fresh.set(key as keyof SessionData, value as never);
  for (const [key, value] of Object.entries(flash ?? {})) fresh.flash(key as keyof FlashData, value as never);
  return commitSession(fresh);
}

export function newToast(type: Toast["type"], title: string, description?: string): Toast {
  return { id: crypto.randomUUID(), type, title, description };
}

/** POST/redirect/GET with a toast for the next page (works without JS). */
export async function redirectWithToast(request: Request, to: string, toast: Toast, init?: ResponseInit) {
  const session = await getSession(request);
  session.flash("toast", toast);
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await commitSession(session));
  return redirect(to, { ...init, headers });
}
