import type { Banner } from "#core/domain/announcements";
import { activeBanners, serviceIncidents } from "#core/domain/announcements";
import { mexicoCity } from "#core/domain/dates";

import { getConfig } from "../config.server";
import { singleton } from "../lifecycle.server";
import type { Logger } from "../logger.server";
import { UNBOUNDED } from "../upstream/budget";
import { cached } from "../upstream/cache.server";
import { type CallContext, type Upstreams, upstreams } from "../upstream/index.server";
import { optional } from "../upstream/optional.server";
import { NO_RETRY } from "../upstream/retry";

/**
 * What the shell tells everyone (§2 banners, §4 connectivity): the product's active announcements
 * as banners, and whether the bank's service answers. Neither may hold a page: announcements are
 * the same for everybody and read at most once a minute per instance (ANNOUNCEMENTS_CACHE_MS); the health check runs in the
 * background at most every HEALTH_CHECK_INTERVAL_MS (§9: 300 s) per instance, with the token of
 * whoever is browsing, and the page shows what the last check said.
 */
export interface ShellNotices {
  banners: Banner[];
  /** false: the bank's last health check failed (the page says so). */
  serviceOnline: boolean;
}

export async function shellNotices(
  ctx: CallContext,
  productJwt: string,
  dismissed: readonly string[],
  now = Date.now(),
): Promise<ShellNotices> {
  const product = upstreams(ctx, { productJwt }).product;
  // Nobody waits on the health check: its own time, one attempt of 5 s, not the page's budget. Its clients are
  // made only when a check is due (once a minute), not on every page (decision 076).
  checkHealthInBackground(
    () => upstreams({ log: ctx.log, budget: UNBOUNDED, retry: NO_RETRY, timeoutMs: 5_000 }, { productJwt }).product.healthcheck(),
    ctx.log,
    now,
  );
  const announcements = await readAnnouncements(product, ctx.log, now);
  return { banners: activeBanners(announcements, mexicoCity(now), dismissed), serviceOnline: serviceOnline() };
}

/** The announcements, the same for everybody: cached per instance, and none when the product does not answer. */
function readAnnouncements(product: Pick<Upstreams["product"], "announcements">, log: Logger, now: number) {
  return optional(
    cached("announcements", () => product.announcements(), getConfig().ANNOUNCEMENTS_CACHE_MS, now),
    [],
    {
      log,
      event: "announcements_unavailable",
    },
  );
}

/** The services with an incident now, for the market's hours table: the banners' own announcements. */
export async function serviceIncidentsNow(api: Pick<Upstreams, "product">, log: Logger, now = Date.now()) {
  return serviceIncidents(await readAnnouncements(api.product, log, now), mexicoCity(now));
}

interface Health {
  online: boolean;
  checkedAt: number;
  checking: boolean;
}

const health = () => singleton("serviceHealth", (): Health => ({ online: true, checkedAt: 0, checking: false }));

/** §4: a health check sets the online flag; one at a time, at most once per interval. */
export function checkHealthInBackground(
  check: () => Promise<unknown>,
  log: Logger,
  now = Date.now(),
  intervalMs = getConfig().HEALTH_CHECK_INTERVAL_MS,
): void {
  const state = health();
  if (state.checking || now - state.checkedAt < intervalMs) return;
  state.checking = true;
  state.checkedAt = now;
  check()
    .then(() => {
      if (!state.online) log.info({ event: "service_online" }, "bank service answers again");
      state.online = true;
    })
    .catch((error: unknown) => {
      if (state.online)
        log.warn({ event: "service_offline", err: error instanceof Error ? error.message : String(error) }, "bank health check failed");
      state.online = false;
    })
    .finally(() => {
      state.checking = false;
    });
}

/** What the last health check said (true until one fails). */
export function serviceOnline(): boolean {
  return health().online;
}
