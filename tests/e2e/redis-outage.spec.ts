import AxeBuilder from "@axe-core/playwright";
import type { Browser } from "@playwright/test";

import type { Cluster, RoundRobin } from "../support/instances";
import { startCluster } from "../support/instances";
import { redisHop, startRedis } from "../support/redis";
import { until } from "../support/wait";
import { expect, test } from "./fixtures";
import { APP_PORT, SANDBOX_PORT } from "./ports";
import { quotedBuy, resetSandbox, SANDBOX_URL, sandboxControl, signInThroughFront, startRecipientsUpload } from "./support";

/**
 * Redis going away (decision 102): two instances on one Redis behind a round-robin front; Redis goes
 * away while a person is signed in, has a quote ready to confirm and a file of recipients being
 * registered, then comes back. Every page answers within its budget with the Spanish 503 (never a
 * 500), /readiness 503 and /healthcheck 200; the money form sent during the outage is refused
 * before the bank, and sent again after it (twice at once) creates one operation; the session and
 * the file's job carry on with no restart. Figures are printed. Ports: its worker's APP_PORT (ports.ts) + 4…8.
 */
const [REDIS_PORT, HOP_PORT, PORT_A, PORT_B, FRONT_PORT] = [4, 5, 6, 7, 8].map((offset) => APP_PORT + offset);
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
/** A page's whole budget (decision 027: pages bounded at ~10.5 s under every upstream fault). */
const PAGE_BUDGET_MS = 10_500;
const OUTAGE_MS = 6_000;

let redis: { url: string; stop: () => void };
let hop: Awaited<ReturnType<typeof redisHop>>;
let cluster: Cluster;
let front: RoundRobin;

test.describe.configure({ mode: "serial" });
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the cluster is started once, in the project with JavaScript");

test.beforeAll(async () => {
  test.setTimeout(90_000);
  redis = await startRedis(REDIS_PORT);
  hop = await redisHop(HOP_PORT, redis.url);
  cluster = await startCluster({
    redisUrl: hop.url,
    sandboxPort: SANDBOX_PORT,
    buildDir: BUILD_DIR,
    ports: [PORT_A, PORT_B],
    frontPort: FRONT_PORT,
  });
  front = cluster.front;
});

test.afterAll(async () => {
  await cluster?.close();
  await hop?.close();
  await redis?.stop();
});

test.beforeEach(async () => {
  await resetSandbox();
});

/** Signs in through this file's front. */
const signIn = (browser: Browser, userName: string) => signInThroughFront(browser, front.url, userName);

const operationCount = async () => ((await (await fetch(`${SANDBOX_URL}/__operations`)).json()) as unknown[]).length;

test("Redis stops while a person is signed in, confirming a buy and registering a file, then returns", async ({ browser }) => {
  test.setTimeout(150_000);
  const { context, page } = await signIn(browser, "ana.admin");
  const buy = await quotedBuy(page);
  const operationsBefore = await operationCount();

  // A file of recipients under way when Redis goes.
  const upload = await startRecipientsUpload(page, front.url, 30, 150);

  const sendBuy = (instance: string) =>
    context.request.post(`${front.url}${buy.action}`, {
      form: buy.fields,
      headers: { Origin: front.url, "Sec-Fetch-Site": "same-origin", "X-Instance": instance },
      maxRedirects: 0,
      timeout: 30_000,
    });

  await hop.set("down");
  const outageStartedAt = Date.now();
  const answers: Array<{ what: string; status: number; ms: number; text: string }> = [];
  const ask = async (what: string, run: () => ReturnType<typeof sendBuy>) => {
    const startedAt = Date.now();
    const answer = await run();
    answers.push({ what, status: answer.status(), ms: Date.now() - startedAt, text: await answer.text() });
  };
  const pages = ["/", "/cuentas", "/historial-operaciones", `/destinatarios-alta-multiple?carga=${upload}`];
  while (Date.now() - outageStartedAt < OUTAGE_MS) {
    await Promise.all([
      ...pages.flatMap((path) =>
        ["a", "b"].map((instance) =>
          ask(`page ${path}`, () =>
            context.request.get(`${front.url}${path}`, { headers: { "X-Instance": instance }, maxRedirects: 0, timeout: 30_000 }),
          ),
        ),
      ),
      ask("readiness", () => context.request.get(`${front.url}/readiness`, { timeout: 30_000 })),
      ask("healthcheck", () => context.request.get(`${front.url}/healthcheck`, { timeout: 30_000 })),
    ]);
  }
  await ask("buy", () => sendBuy("a"));
  // The page a person sees meanwhile: Spanish, accessible, at both widths.
  const outagePage = await context.newPage();
  for (const width of [1440, 390]) {
    await outagePage.setViewportSize({ width, height: 900 });
    const shown = await outagePage.goto(`${front.url}/cuentas`);
    expect(shown?.status()).toBe(503);
    await expect(outagePage.getByRole("heading", { level: 1, name: "El portal no está disponible por un momento" })).toBeVisible();
    const axe = await new AxeBuilder({ page: outagePage }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    await outagePage.screenshot({ path: test.info().outputPath(`redis-caido-${width}.png`), fullPage: true });
  }
  await outagePage.close();
  const operationsDuringOutage = (await operationCount()) - operationsBefore;

  await hop.set("open");
  const returnedAt = Date.now();
  const recoveryMs = await until(
    async () =>
      (await context.request.get(`${front.url}/cuentas`, { maxRedirects: 0 })).status() === 200 && { ms: Date.now() - returnedAt },
    { timeoutMs: 15_000, everyMs: 100, what: "the accounts page once Redis is back" },
  ).then(
    ({ ms }) => ms,
    () => -1,
  );
  // The same form again, twice at once on both instances: one operation.
  const [first, second] = await Promise.all([sendBuy("a"), sendBuy("b")]);
  const operationsCreated = (await operationCount()) - operationsBefore;

  const tally = (filter: (what: string) => boolean) =>
    answers
      .filter((answer) => filter(answer.what))
      .reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});
  const figures = {
    requestsDuringOutage: answers.length,
    pageStatuses: tally((what) => what.startsWith("page")),
    readiness: tally((what) => what === "readiness"),
    healthcheck: tally((what) => what === "healthcheck"),
    buyDuringOutage: tally((what) => what === "buy"),
    slowestMs: Math.max(...answers.map((answer) => answer.ms)),
    operationsDuringOutage,
    operationsCreated,
    operationsExpected: 1,
    recoveryMs,
  };
  console.log(`Redis fuera ${OUTAGE_MS} ms: ${JSON.stringify(figures)}`);
  test.info().annotations.push({ type: "redis-outage", description: JSON.stringify(figures) });

  for (const answer of answers.filter(({ what }) => what.startsWith("page") || what === "buy")) {
    expect(answer.status, answer.what).toBe(503);
    expect(answer.text, answer.what).toContain("El portal no está disponible por un momento");
  }
  expect(Object.keys(figures.readiness)).toEqual(["503"]);
  expect(Object.keys(figures.healthcheck)).toEqual(["200"]);
  expect(figures.slowestMs).toBeLessThan(PAGE_BUDGET_MS);
  expect(operationsDuringOutage).toBe(0);
  expect(recoveryMs).toBeGreaterThanOrEqual(0);
  expect(first.status()).toBe(second.status());
  expect(operationsCreated).toBe(1);

  // The file's job carries on by itself: every row registered once.
  await sandboxControl("/__latency", { ms: 0 });
  await page.goto(`${front.url}/destinatarios-alta-multiple?carga=${upload}`);
  await expect(page.getByText("Registro terminado")).toBeVisible({ timeout: 40_000 });
  await expect(page.getByText("30 registrados, 0 con error.")).toBeVisible();
  await context.close();
});
