import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { errorTextKey } from "#core/error-texts";
import errors from "#core/locales/es-MX/errors.json";
import { servedRoute } from "#server/http/served-route.server";
import { resetForTests } from "#server/lifecycle.server";
import { breakerFor } from "#server/upstream/breakers.server";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { answerOf, routeContext, sandboxedApp } from "../../tests/support/route-session";
import { control, requestCount } from "../../tests/support/sandbox";
import * as root from "../root";
import * as dashboard from "./_index";
import * as market from "./comportamiento-de-mercado";
import * as accounts from "./cuentas";
import * as account from "./cuentas_.$id";
import * as exportMovements from "./cuentas_.$id_.exportar";
import * as recipients from "./destinatarios";
import * as history from "./historial-operaciones";
import * as operation from "./historial-operaciones.$id._index";
import * as receipt from "./historial-operaciones.$id.comprobante";
import * as invoice from "./historial-operaciones.$id.factura";
import * as recurring from "./pagos-recurrentes";
import * as planner from "./planner";

/**
 * Every main page while the bank fails (docs/decisions/027): each answers within its budget, with
 * what it has or the Spanish error page, and never sends more calls under 429 than without faults.
 * The budgets are made small here (1 s a page, 1.5 s a download) so a timeout costs a second, not
 * ten; the limits asserted are those budgets with a generous margin, not performance figures.
 */
const PAGE_BUDGET_MS = 1_000;
const DOWNLOAD_BUDGET_MS = 1_500;
/** Room for a busy test machine; without budgets a timeout alone costs 10 s and 5xx retries 14 s. */
const MARGIN_MS = 3_000;

// Ana is a Pro member in the sandbox, so the market screen is hers to open (§6).
const world = sandboxedApp(
  "fallas",
  {},
  { UPSTREAM_BUDGET_MS: String(PAGE_BUDGET_MS), UPSTREAM_DOWNLOAD_BUDGET_MS: String(DOWNLOAD_BUDGET_MS) },
);

type Loader = (args: LoaderFunctionArgs) => Promise<Response> | Response;
type RouteModule = { loader?: unknown; default?: unknown };
const loaderOf = (module: RouteModule) => servedRoute(module as { loader: Loader; default?: unknown }).loader;

interface PageSpec {
  name: string;
  path: string;
  /** The route loaders Remix runs for this URL, below the root's. */
  routes: Array<[RouteModule, Record<string, string>]>;
}

const PAGES: PageSpec[] = [
  { name: "/", path: "/", routes: [[dashboard, {}]] },
  { name: "/cuentas", path: "/cuentas", routes: [[accounts, {}]] },
  { name: "/cuentas/:id", path: "/cuentas/A-100234-01", routes: [[account, { id: "A-100234-01" }]] },
  { name: "/historial-operaciones", path: "/historial-operaciones", routes: [[history, {}]] },
  {
    name: "/historial-operaciones/:id",
    path: "/historial-operaciones/1001",
    routes: [
      [history, {}],
      [operation, { id: "1001" }],
    ],
  },
  { name: "/destinatarios", path: "/destinatarios", routes: [[recipients, {}]] },
  { name: "/comportamiento-de-mercado", path: "/comportamiento-de-mercado", routes: [[market, {}]] },
  // The notification centre is the drawer of any page (§2); /notificaciones only takes its posts.
  { name: "centro de notificaciones", path: "/?drawer=notificaciones", routes: [[dashboard, {}]] },
  { name: "/pagos-recurrentes", path: "/pagos-recurrentes", routes: [[recurring, {}]] },
  { name: "/planner", path: "/planner?dia=2026-11-25", routes: [[planner, {}]] },
];

const DOWNLOADS: PageSpec[] = [
  { name: "exportar movimientos", path: "/cuentas/A-100234-01/exportar?formato=xlsx", routes: [[exportMovements, { id: "A-100234-01" }]] },
  { name: "comprobante", path: "/historial-operaciones/1021/comprobante", routes: [[receipt, { id: "1021" }]] },
  { name: "factura", path: "/historial-operaciones/1019/factura", routes: [[invoice, { id: "1019" }]] },
];

const UPSTREAMS = ["/api", "/graphql", "/partner", "/notifications-api", "/middleware"];

const FAULTS: Record<string, Record<string, unknown>> = {
  "500": { kind: "status", status: 500 },
  "429 with Retry-After: 1": { kind: "status", status: 429, retryAfter: 1 },
  "429 with Retry-After: 3600": { kind: "status", status: 429, retryAfter: 3600 },
  timeout: { kind: "timeout" },
  "malformed body": { kind: "malformed" },
  "dropped connection": { kind: "drop" },
};

async function failEveryUpstream(fault: Record<string, unknown>) {
  for (const path of UPSTREAMS) await control(world.sandbox, "/__faults", { path, ...fault, times: -1 });
}

/** What one process remembers between pages: catalogues, breakers, the last status checks, rate limits. */
function forgetProcessState() {
  resetForTests("upstream.cache", "upstream.breakers", "rateLimiters", "history-status-checks");
}

async function upstreamCalls(): Promise<number> {
  let total = 0;
  for (const path of UPSTREAMS) total += await requestCount(world.sandbox, path);
  return total;
}

/**
 * One document request the way Remix serves it: the root's loader and the route's loaders in
 * parallel, sharing one load context, so one budget from the request's arrival.
 */
async function open(page: PageSpec, withRoot = true) {
  const context = { ...routeContext, receivedAt: performance.now() } as AppLoadContext;
  const request = () => new Request(`${APP}${page.path}`, { headers: { cookie: world.browser.cookie } });
  const loaders: Array<[RouteModule, Record<string, string>]> = withRoot ? [[root, {}], ...page.routes] : page.routes;
  await control(world.sandbox, "/__requests", undefined, "DELETE");
  const started = performance.now();
  const answers = await Promise.all(
    loaders.map(([module, params]) => answerOf(() => loaderOf(module)({ request: request(), context, params }) as Promise<Response>)),
  );
  return { ms: performance.now() - started, answers, calls: await upstreamCalls() };
}

/** The page a person sees: every loader answered, or an error status whose boundary text is Spanish. */
function expectSpanishPage(answers: Response[]) {
  for (const answer of answers) {
    if (answer.status === 200) continue;
    expect([502, 503, 504]).toContain(answer.status);
    const key = errorTextKey(answer.status);
    expect(key).toBe("upstream");
    expect(errors[key].description).toBe("Ha ocurrido un error, favor de intentarlo más tarde");
  }
}

beforeEach(() => forgetProcessState());

describe.each(Object.entries(FAULTS))("every main page with every upstream failing: %s", (_name, fault) => {
  it.each(PAGES.map((page) => [page.name, page] as const))("%s answers within its budget, in Spanish", async (_page, page) => {
    await failEveryUpstream(fault);
    const { ms, answers } = await open(page);
    expectSpanishPage(answers);
    expect(ms).toBeLessThan(PAGE_BUDGET_MS + MARGIN_MS);
  });

  it.each(DOWNLOADS.map((download) => [download.name, download] as const))(
    "the %s download goes back with the toast or answers the Spanish page",
    async (_download, download) => {
      await failEveryUpstream(fault);
      const { ms, answers } = await open(download, false);
      const [answer] = answers;
      expect(ms).toBeLessThan(DOWNLOAD_BUDGET_MS + MARGIN_MS);
      if (answer.status === 302) {
        // Back where the link was, with 'No se pudo descargar' waiting in the session.
        expect(answer.headers.get("location")).toMatch(/^\/(cuentas|historial-operaciones)\//);
        expect(answer.headers.get("set-cookie")).toBeTruthy();
        return;
      }
      expect(answer.status).toBeGreaterThanOrEqual(500);
      expect(answer.headers.get("content-type")).toMatch(/text\/html/);
      const html = await answer.text();
      expect(html).toContain('<html lang="es-MX">');
      expect(html).toContain("Ha ocurrido un error, favor de intentarlo más tarde");
      expect(html).not.toMatch(/Unexpected Server Error|at .+\.ts:\d+/);
    },
  );
});

describe("under 429 the app sends no more calls than without faults", () => {
  it.each(PAGES.map((page) => [page.name, page] as const))("%s", async (_page, page) => {
    const healthy = await open(page);
    expect(healthy.answers.map((answer) => answer.status)).toEqual(healthy.answers.map(() => 200));

    for (const retryAfter of [1, 3600]) {
      forgetProcessState();
      await control(world.sandbox, "/__faults", undefined, "DELETE");
      await failEveryUpstream({ kind: "status", status: 429, retryAfter });
      const limited = await open(page);
      expect(limited.calls).toBeGreaterThan(0);
      expect(limited.calls).toBeLessThanOrEqual(healthy.calls);
    }
  });

  it("across a walk through every page, a service that answered 429 is not called again", async () => {
    let healthy = 0;
    for (const page of PAGES) healthy += (await open(page)).calls;
    forgetProcessState();
    await failEveryUpstream({ kind: "status", status: 429, retryAfter: 3600 });
    let limited = 0;
    const heardFrom = new Set<string>();
    for (const page of PAGES) {
      limited += (await open(page)).calls;
      for (const service of heardFrom) expect(await requestCount(world.sandbox, service)).toBe(0);
      for (const service of UPSTREAMS) if ((await requestCount(world.sandbox, service)) > 0) heardFrom.add(service);
    }
    // Each service's first 429 holds it (at most 30 s, the breaker's open time) for the rest of the walk.
    expect(heardFrom.size).toBeGreaterThan(0);
    expect(limited).toBeLessThan(healthy);
  });
});

describe("a service's breaker across pages", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("opens after repeated failures, answers fast without calling, then one probe closes it", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    await control(world.sandbox, "/__faults", { path: "/partner", kind: "status", status: 500, times: -1 });
    const accountsPage = PAGES[1];
    for (let tries = 0; tries < 10 && breakerFor("partner").state !== "open"; tries += 1) await open(accountsPage);
    expect(breakerFor("partner").state).toBe("open");

    // Open: the page answers without a single call to the partner bank.
    const refused = await open(accountsPage);
    expect(await requestCount(world.sandbox, "/partner")).toBe(0);
    expectSpanishPage(refused.answers);

    // 30 s later the bank is back: the first call is the probe, and it closes the breaker.
    await control(world.sandbox, "/__faults", undefined, "DELETE");
    vi.setSystemTime(Date.now() + 30_000);
    expect(breakerFor("partner").state).toBe("halfOpen");
    const recovered = await open(accountsPage);
    expect(recovered.answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(breakerFor("partner").state).toBe("closed");
  });
});

describe("after the faults", () => {
  it("every page loads again in the same process", async () => {
    await failEveryUpstream({ kind: "status", status: 500 });
    for (const page of PAGES) await open(page);
    await control(world.sandbox, "/__faults", undefined, "DELETE");
    forgetProcessState();
    for (const page of PAGES) {
      const { answers } = await open(page);
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    }
  });
});
