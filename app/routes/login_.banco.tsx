import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { getConfig } from "#server/config.server";
import { issueLoginState } from "#server/session/login-link.server";

/**
 * 'Ir a la banca en línea': the app issues a `state`, keeps it in a short-lived signed cookie and
 * sends the person to the bank, which brings it back on the link to /access. Only a link that
 * carries it signs in without asking (login CSRF, ASVS V7).
 */
export async function loader(_args: LoaderFunctionArgs) {
  const { state, cookie } = await issueLoginState();
  const target = new URL(getConfig().BANK_PORTAL_URL);
  target.searchParams.set("state", state);
  return redirect(target.toString(), { headers: { "Set-Cookie": cookie } });
}
