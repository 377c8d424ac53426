import type { Cookie } from "@remix-run/node";
import { createCookie } from "@remix-run/node";

import type { ThemeChoice } from "#core/domain/theme";
import { themeFrom } from "#core/domain/theme";

import { getConfig } from "../config.server";
import { singleton } from "../lifecycle.server";
import { cookieName } from "./storage.server";

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * The theme lives in its own cookie, not in the session (decision 051): it belongs to the browser, so it
 * outlives a logout and is there on the signed-out screens. It is only a preference, read leniently: a
 * tampered value is the default.
 */
function themeCookie(): Cookie {
  return singleton("theme-cookie", () => {
    const config = getConfig();
    return createCookie(cookieName("portal_tema"), {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: new URL(config.APP_URL).protocol === "https:",
      maxAge: ONE_YEAR_S,
    });
  });
}

export async function themeOf(request: Request): Promise<ThemeChoice> {
  try {
    return themeFrom(await themeCookie().parse(request.headers.get("Cookie")));
  } catch {
    return themeFrom(undefined);
  }
}

export function commitTheme(choice: ThemeChoice): Promise<string> {
  return themeCookie().serialize(choice);
}
