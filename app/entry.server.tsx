import { fileURLToPath } from "node:url";

import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";

import { routeErrorHandler } from "#server/http/methods.server";
import { renderTurn } from "#server/http/render-turns.server";
import { stylesheetFor } from "#server/http/stylesheet.server";
import { logger } from "#server/logger.server";
import { FolioProvider } from "~/folio";
import { NonceProvider } from "~/nonce";
import { StylesheetProvider } from "~/stylesheet";
import stylesheetHref from "~/tailwind.css";
import { loadEveryOnDemand } from "~/utils/on-demand";

/** The compiler's assets, beside this server build (remix.config.mjs): where the stylesheet is read to be inlined. */
const ASSETS_DIR = fileURLToPath(new URL("assets/", import.meta.url));

/**
 * A page is rendered whole, as one string (docs/decisions/079). Nothing in the app suspends (no
 * deferred data, no Suspense; on-demand parts are loaded before the render), so streaming it bought
 * nothing: the document went out in one burst either way, after React's stream machinery, a byte
 * filter and two stream conversions had each handled it. A render that throws is answered by
 * Remix with the route's error boundary, as before. Pages render one per turn of the event loop
 * (docs/decisions/086), so a busy server still accepts connections and fires its timers between them; a
 * page whose browser left before its turn is not rendered at all.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  await loadEveryOnDemand();
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : "";
  const stylesheet = await stylesheetFor(request, stylesheetHref, ASSETS_DIR);
  if (stylesheet.setCookie) responseHeaders.append("Set-Cookie", stylesheet.setCookie);
  // The browser left while the page waited for its turn: nobody will read it (499, as proxies log it; never sent).
  if (!(await renderTurn(request.signal))) return new Response(null, { status: 499 });
  const html = renderToString(
    <NonceProvider value={nonce}>
      <FolioProvider value={{ folio: loadContext.folio ?? null, locationKey: "default" }}>
        <StylesheetProvider value={stylesheet.delivery}>
          <RemixServer context={remixContext} url={request.url} />
        </StylesheetProvider>
      </FolioProvider>
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * A data request (a navigation with JavaScript) that failed carries its own support folio, for the
 * error page the browser renders from it (docs/decisions/106). An uncaught error is answered as a
 * 500 like the others, without Remix's serialized error (in production its message says nothing
 * anyway, and the server's log has the stack): the page reads the same, now with a folio.
 */
export async function handleDataRequest(response: Response, { context }: { context: AppLoadContext }): Promise<Response> {
  const folio = context.folio;
  const failed = response.headers.has("X-Remix-Catch") || response.headers.has("X-Remix-Error");
  if (!folio || !failed || response.status < 400) return response;
  const carried =
    response.headers.has("X-Remix-Catch") && /json/i.test(response.headers.get("Content-Type") ?? "")
      ? await response
          .clone()
          .json()
          .catch(() => null)
      : null;
  const body = carried && typeof carried === "object" && !Array.isArray(carried) ? { ...(carried as object), folio } : { folio };
  const headers = new Headers(response.headers);
  headers.delete("X-Remix-Error");
  headers.delete("Content-Length");
  headers.set("X-Remix-Catch", "yes");
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { status: response.status, statusText: response.statusText, headers });
}

export const handleError = routeErrorHandler(logger);
