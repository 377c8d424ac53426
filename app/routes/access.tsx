import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { homeOf } from "#core/domain/auth-state";
import { authStateOf, getSession } from "#server/session/auth.server";
import { loginWithBankToken } from "#server/session/login.server";

/**
 * Login entry (§2): reachable with the bank's `jwt` query parameter. Without it, the person is
 * sent where their state belongs (the rest screen when logged out).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("jwt")?.trim();
  if (token && token.length <= 4096) return loginWithBankToken(request, context, token);
  const state = authStateOf(await getSession(request));
  return redirect(state === "initialState" ? "/login" : homeOf(state));
}
