import crypto from "node:crypto";

import { createCookie, json } from "@remix-run/node";
import { CSRF, CSRFError } from "remix-utils/csrf/server";

import { getConfig } from "../config.server";
import { isBodyTooLarge } from "../http/body-limit.server";
import { singleton } from "../lifecycle.server";
import { getSession } from "./auth.server";
import { cookieName } from "./storage.server";

/**
 * CSRF tokens on every mutation: money moves here (STYLE "Where we differ"). With a session the
 * token is derived from the session's id (an HMAC under the app's secret), so a token is only good
 * for the session it was shown to: a cookie planted from a sibling domain ("cookie tossing") or a
 * token read from another session forges nothing, and a new id at login or company change voids
 * every older form. Without a session (nothing to steal yet) a signed double-submit cookie does.
 */
const FORM_KEY = "csrf";

function anonymousCsrf(): CSRF {
  return singleton("csrf", () => {
    const config = getConfig();
    return new CSRF({
      cookie: createCookie(cookieName("portal_csrf"), {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: new URL(config.APP_URL).protocol === "https:",
        secrets: [config.SESSION_SECRET],
      }),
      formDataKey: FORM_KEY,
      secret: config.SESSION_SECRET,
    });
  });
}

export function sessionCsrfToken(sessionId: string): string {
  return crypto.createHmac("sha256", getConfig().SESSION_SECRET).update(`csrf:${sessionId}`).digest("base64url");
}

/** The token for the page being rendered, and the anonymous cookie to set when there is no session. */
export async function csrfTokenFor(request: Request): Promise<[token: string, cookie: string | null]> {
  const session = await getSession(request);
  if (session.id) return [sessionCsrfToken(session.id), null];
  const [token, cookie] = await anonymousCsrf().commitToken(request);
  return [token, cookie];
}

function forbidden(): Response {
  return json({ reason: "csrf" }, { status: 403 });
}

/** The token of a form already read; a missing or foreign token is the 403 page. */
export async function checkCsrf(formData: FormData, request: Request): Promise<void> {
  const session = await getSession(request);
  if (session.id) {
    const sent = formData.get(FORM_KEY);
    const expected = Buffer.from(sessionCsrfToken(session.id));
    const given = Buffer.from(typeof sent === "string" ? sent : "");
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw forbidden();
    return;
  }
  try {
    await anonymousCsrf().validate(formData, request.headers);
  } catch (error) {
    if (error instanceof CSRFError) throw forbidden();
    throw error;
  }
}

/**
 * The form body of a POST, with its CSRF token checked. A body over its limit is the 413 page;
 * one that cannot be read is a 400; a token that does not match is a 403, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch (error) {
    if (isBodyTooLarge(error) || isBodyTooLarge((error as { cause?: unknown } | null)?.cause)) {
      throw json({ reason: "tooLarge" }, { status: 413 });
    }
    throw new Response("Solicitud inválida", { status: 400 });
  }
  await checkCsrf(formData, request);
  return formData;
}
