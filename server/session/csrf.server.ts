import { createCookie } from "@remix-run/node";
import { CSRF, CSRFError } from "remix-utils/csrf/server";

import { getConfig } from "../config.server";
import { singleton } from "../lifecycle.server";

/** CSRF tokens on every mutation: money moves here (STYLE "Where we differ"). */
export function getCsrf(): CSRF {
  return singleton("csrf", () => {
    const config = getConfig();
    return new CSRF({
      cookie: createCookie("__portal_csrf", {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: new URL(config.APP_URL).protocol === "https:",
        secrets: [config.SESSION_SECRET],
      }),
      formDataKey: "csrf",
      secret: config.SESSION_SECRET,
    });
  });
}

/**
 * The form body of a POST, with its CSRF token checked. A body that cannot be read or a token
 * that does not match is a 400/403 page, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw new Response("Solicitud inválida", { status: 400 });
  }
  try {
    await getCsrf().validate(formData, request.headers);
  } catch (error) {
    if (error instanceof CSRFError) throw new Response("Solicitud no autorizada", { status: 403 });
    throw error;
  }
  return formData;
}
