import type { AppLoadContext, ServerBuild } from "@remix-run/node";

import { errorTextKey } from "#core/error-texts";

import { logger } from "../logger.server";
import { partnerSessionRedirect } from "../session/partner-session.server";
import type { UpstreamError } from "../upstream/errors";
import { isUpstreamError } from "../upstream/errors";
import { warnUpstreamFailure } from "../upstream/failure-log.server";
import { errorDocumentResponse, retryInText } from "./error-document.server";

/**
 * Every route's loader and action as the HTTP server runs them, wrapped once when the build is
 * handed over (main.ts), so no route can forget what follows:
 *
 * - a partner-session end becomes the expired-session redirect (SPEC §4);
 * - an upstream failure nobody handled becomes a 502/503/504 answer with the Spanish upstream text
 *   ('Ha ocurrido un error, favor de intentarlo más tarde', §8), never a 500 with a stack;
 * - a resource route (no component: downloads, form posts) has no error boundary, so its error
 *   answers become the same Spanish page the boundaries show, written by the server, instead of
 *   bare text or Remix's English 'Unexpected Server Error'.
 */
type Handler = (args: never) => unknown;
type Args = { request?: Request; context?: AppLoadContext };

/** The status an unhandled upstream failure answers: the gateway timed out, is unavailable, or got a bad answer. */
export function upstreamFailureStatus(error: UpstreamError): number {
  if (error.failure === "timeout") return 504;
  if (error.failure === "unavailable" || error.status === 429 || error.status === 503) return 503;
  return 502;
}

/** What a JSON error answer says about itself (`{ reason: "csrf" }`, `{ retryAfter: 30 }`). */
async function detailsOf(response: Response): Promise<{ reason?: unknown; retryAfter?: unknown }> {
  if (!/json/i.test(response.headers.get("Content-Type") ?? "")) return {};
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { reason?: unknown; retryAfter?: unknown } | null;
  return body && typeof body === "object" ? body : {};
}

/** A thrown error answer of a resource route as the Spanish page; its cookies and Retry-After kept. */
async function resourceErrorPage(response: Response, folio: string | null | undefined): Promise<Response> {
  if (response.status < 400 || /text\/html/i.test(response.headers.get("Content-Type") ?? "")) return response;
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  const retryAfterHeader = response.headers.get("Retry-After");
  if (retryAfterHeader) headers.set("Retry-After", retryAfterHeader);
  const { reason, retryAfter } = await detailsOf(response);
  return errorDocumentResponse(response.status, {
    headers,
    key: errorTextKey(response.status, reason),
    note: response.status === 429 && typeof retryAfter === "number" ? retryInText(retryAfter) : undefined,
    folio,
  });
}

async function failureAnswer(error: unknown, resource: boolean, { request, context }: Args): Promise<unknown> {
  const expired = partnerSessionRedirect(error);
  if (expired) return expired;
  const log = context?.log ?? logger;
  if (isUpstreamError(error)) {
    const status = upstreamFailureStatus(error);
    warnUpstreamFailure(
      log,
      error,
      {
        event: "upstream_failure_answered",
        service: error.service,
        failure: error.failure,
        upstreamStatus: error.status,
        reason: error.details.reason,
        status,
      },
      "an upstream failure answered the Spanish error page",
    );
    return resource ? errorDocumentResponse(status, { folio: context?.folio }) : new Response("Servicio no disponible", { status });
  }
  if (!resource) return error;
  if (error instanceof Response) return resourceErrorPage(error, context?.folio);
  // A bug in a resource route: logged here, because Remix's handleError never sees it once answered.
  if (!request?.signal.aborted) {
    log.error({ err: error, path: request ? new URL(request.url).pathname : undefined }, "unhandled error in a resource route");
  }
  return errorDocumentResponse(500, { folio: context?.folio });
}

function served<T extends Handler>(handler: T | undefined, resource: boolean): T | undefined {
  if (!handler) return handler;
  const wrapped = async (args: Args) => {
    try {
      return await handler(args as never);
    } catch (error) {
      throw await failureAnswer(error, resource, args ?? {});
    }
  };
  return wrapped as unknown as T;
}

/** One route module as the HTTP server runs it; route tests that call a loader directly take it from here. */
export function servedRoute<M extends { loader?: Handler; action?: Handler; default?: unknown }>(module: M): M {
  const resource = module.default === undefined;
  return { ...module, loader: served(module.loader, resource), action: served(module.action, resource) };
}

export function servedBuild(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => [id, { ...route, module: servedRoute(route.module) }]),
  );
  return { ...build, routes };
}
