import { fileURLToPath } from "node:url";

import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";

import { stylesheetFor } from "#server/http/stylesheet.server";
import { withoutNul } from "#server/http/without-nul.server";
import { logger } from "#server/logger.server";
import { NonceProvider } from "~/nonce";
import { StylesheetProvider } from "~/stylesheet";
import stylesheetHref from "~/tailwind.css";
import { loadEveryOnDemand } from "~/utils/on-demand";

const ABORT_DELAY = 10_000;
/** The compiler's assets, beside this server build (remix.config.mjs): where the stylesheet is read to be inlined. */
const ASSETS_DIR = fileURLToPath(new URL("assets/", import.meta.url));

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
  // Bots and no-JS crawlers get the whole document at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // The render is abandoned after ABORT_DELAY; once it has been written, the timer goes, or it
    // would keep the whole render (tree, loader data) in memory for those seconds after each page.
    const abandon = setTimeout(() => abort(), ABORT_DELAY + 1_000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <StylesheetProvider value={stylesheet.delivery}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
        </StylesheetProvider>
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          // React 18.3 can stream NUL bytes where a multi-byte character meets its buffer's end (see withoutNul).
          const body = withoutNul();
          body.once("close", () => clearTimeout(abandon));
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(abandon);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are reported by the server's logger through handleError.
          if (shellRendered) return;
          reject(error);
        },
      },
    );
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  // Aborted requests (the browser went away) are not errors worth a log line.
  if (request.signal.aborted) return;
  logger.error({ err: error, path: new URL(request.url).pathname }, "unhandled error while rendering");
}
