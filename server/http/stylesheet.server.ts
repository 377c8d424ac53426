import { readFile } from "node:fs/promises";
import path from "node:path";

import { createCookie } from "@remix-run/node";

import type { StylesheetDelivery } from "#core/domain/stylesheet-delivery";
import { stylesheetDelivery, stylesheetVersion } from "#core/domain/stylesheet-delivery";

import { getConfig } from "../config.server";
import { singleton } from "../lifecycle.server";
import { logger } from "../logger.server";
import { cookieName } from "../session/storage.server";

const ONE_YEAR_S = 365 * 24 * 60 * 60;
/** Where the compiler's public path points: "/build/_assets/x.css" is <assets dir>/_assets/x.css. */
const PUBLIC_PATH = "/build/";

/** The browser's note that it holds this build's stylesheet: a version, nothing personal. */
function stylesheetCookie() {
  return singleton("stylesheet-cookie", () =>
    createCookie(cookieName("portal_css"), {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: new URL(getConfig().APP_URL).protocol === "https:",
      maxAge: ONE_YEAR_S,
    }),
  );
}

/** The stylesheet's text, read once per process; null (the page links it) when it cannot be read. */
const texts = new Map<string, Promise<string | null>>();
function stylesheetText(href: string, assetsDir: string): Promise<string | null> {
  let text = texts.get(href);
  if (!text) {
    const file = path.join(assetsDir, href.startsWith(PUBLIC_PATH) ? href.slice(PUBLIC_PATH.length) : href);
    text = readFile(file, "utf8").catch((error: unknown) => {
      logger.warn({ event: "stylesheet_unreadable", err: String(error) }, "stylesheet not inlined");
      return null;
    });
    texts.set(href, text);
  }
  return text;
}

/**
 * How this document carries the stylesheet at `href` (decision 065), and the cookie to set when it
 * is inlined (the page also fetches the file, so the next page can link it from the cache).
 */
export async function stylesheetFor(
  request: Request,
  href: string,
  assetsDir: string,
): Promise<{ delivery: StylesheetDelivery; setCookie: string | null }> {
  const version = stylesheetVersion(href);
  const cookie = stylesheetCookie();
  const cached: unknown = await cookie.parse(request.headers.get("Cookie")).catch(() => null);
  const delivery = stylesheetDelivery(cached, version, await stylesheetText(href, assetsDir));
  return { delivery, setCookie: delivery.kind === "inline" ? await cookie.serialize(version) : null };
}
