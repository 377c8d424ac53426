import type { ServerBuild } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { isPartnerSessionEnded } from "../upstream/errors";

/** Where a person lands when the partner bank ended the session (SPEC §4). */
export const EXPIRED_PATH = "/sesion-expirada";

type Handler = (args: never) => unknown;

function redirectWhenPartnerSessionEnds<T extends Handler>(handler: T | undefined): T | undefined {
  if (!handler) return handler;
  const wrapped = async (args: never) => {
    try {
      return await handler(args);
    } catch (error) {
      if (isPartnerSessionEnded(error)) throw redirect(EXPIRED_PATH);
      throw error;
    }
  };
  return wrapped as T;
}

/**
 * One route module as the HTTP server runs it: its loader and action answer a partner-session end
 * with the expired-session redirect. Route tests that call a loader directly take it from here.
 */
export function servedRoute<M extends { loader?: Handler; action?: Handler }>(module: M): M {
  return { ...module, loader: redirectWhenPartnerSessionEnds(module.loader), action: redirectWhenPartnerSessionEnds(module.action) };
}

/**
 * The one place a partner-session end becomes the expired-session redirect: every route's loader
 * and action, pages and resource routes alike, wrapped once when the build is handed to the HTTP
 * server. A new route cannot forget it, and no catch block has to re-throw it. (A `route()` helper
 * each loader is written with could be forgotten.)
 */
export function withPartnerSessionRedirects(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => [id, { ...route, module: servedRoute(route.module) }]),
  );
  return { ...build, routes };
}
