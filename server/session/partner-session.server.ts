import { redirect } from "@remix-run/node";

import { isPartnerSessionEnded } from "../upstream/errors";

/** Where a person lands when the partner bank ended the session (SPEC §4). */
export const EXPIRED_PATH = "/sesion-expirada";

/**
 * The expired-session redirect for a partner-session end, or null for anything else. Every route's
 * loader and action goes through it, pages and resource routes alike, once, when the build is
 * handed to the HTTP server (server/http/served-route.server.ts): a new route cannot forget it,
 * and no catch block has to re-throw it. (A `route()` helper each loader is written with could be
 * forgotten.)
 */
export function partnerSessionRedirect(error: unknown): Response | null {
  return isPartnerSessionEnded(error) ? redirect(EXPIRED_PATH) : null;
}
