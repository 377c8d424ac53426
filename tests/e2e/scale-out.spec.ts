import type { Browser } from "@playwright/test";
import { Redis } from "ioredis";

import type { AppInstance, Cluster, RoundRobin } from "../support/instances";
import { startCluster } from "../support/instances";
import { freePort, startRedis } from "../support/redis";
import { expect, test } from "./fixtures";
import { SANDBOX_PORT } from "./ports";
import { quotedBuy, resetSandbox, SANDBOX_URL, sandboxControl, signInThroughFront, startRecipientsUpload } from "./support";

/**
 * Two instances of the app on one Redis behind a round-robin front (decisions 040 and 041, ARCHITECTURE
 * "Sessions", docs/decisions/041, 067): whatever one instance knows, the other does too, and a
 * job one instance was running when it died is finished by the other. The browser
 * reaches the instances through the front, and each one directly where a test needs to know which
 * instance holds a live stream (a cookie is the same for every port of a host).
 */
const BUILD_DIR = process.env.BUILD_DIR ?? "build";

let redis: { url: string; stop: () => void };
let cluster: Cluster;
let instances: AppInstance[] = [];
let front: RoundRobin;

test.describe.configure({ mode: "serial" });
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the cluster is started once, in the project with JavaScript");

test.beforeAll(async () => {
  test.setTimeout(90_000);
  redis = await startRedis();
  cluster = await startCluster({
    redisUrl: redis.url,
    sandboxPort: SANDBOX_PORT,
    buildDir: BUILD_DIR,
    ports: [await freePort(), await freePort()],
    frontPort: await freePort(),
    // The export limit is low here so both instances together reach it; the rest stay out of the way.
    rateLimits: "login=100000/60,money=100000/60,email=100000/60,upload=100000/60,export=3/60",
  });
  ({ instances, front } = cluster);
});

test.afterAll(async () => {
  await cluster?.close();
  await redis?.stop();
});

test.beforeEach(async () => {
  await resetSandbox();
});

/** Signs in through this file's front. */
const signIn = (browser: Browser, userName: string) => signInThroughFront(browser, front.url, userName);

test("a session made on one instance is valid on the other", async ({ browser }) => {
  const { context, page } = await signIn(browser, "ana.admin");
  // Page after page through the front, on one instance then the other: all signed in.
  const before = front.served.length;
  for (const instance of ["a", "b", "a", "b"]) {
    const answer = await context.request.get(`${front.url}/historial-operaciones`, {
      maxRedirects: 0,
      headers: { "X-Instance": instance },
    });
    expect(answer.status()).toBe(200);
    expect(answer.headers()["x-served-by"]).toBe(instance);
    expect(await answer.text()).toContain("Historial de operaciones");
  }
  expect(front.served.slice(before).filter((line) => line.endsWith(" /historial-operaciones"))).toHaveLength(4);
  // And straight on each instance, with the same cookie.
  for (const instance of instances) {
    await page.goto(`${instance.url}/cuentas`);
    await expect(page.getByRole("heading", { level: 1, name: "Mis cuentas" })).toBeVisible();
  }
  await context.close();
});

test("a price tick and a notification reach browsers on both instances", async ({ browser }) => {
  const { context } = await signIn(browser, "beatriz.basica");
  const tabs = await Promise.all(
    instances.map(async (instance) => {
      const tab = await context.newPage();
      await tab.goto(`${instance.url}/`);
      await expect(tab.locator("html[data-live='online']")).toHaveCount(1);
      return tab;
    }),
  );
  // Prices: the sandbox ticks every 250 ms and only one instance holds the provider's socket.
  for (const tab of tabs) {
    const price = tab.getByRole("region", { name: "Precios en tiempo real" }).getByRole("definition").first();
    await expect(price).toHaveText(/\d/);
    const first = await price.textContent();
    await expect(price).not.toHaveText(first ?? "", { timeout: 10_000 });
  }
  // A notification: only one instance holds the member's socket; both tabs hear it.
  await sandboxControl("/__notifications", {
    userName: "beatriz.basica",
    module: "receiver",
    type: "info",
    status: "authorized",
    title: "Destinatario activo",
    copy: "Fletes Ramírez ya está autorizado. Ya puedes enviarle dinero.",
  });
  for (const tab of tabs) await expect(tab.getByRole("link", { name: "Notificaciones, 2 sin leer" })).toBeVisible();
  await context.close();
});

test("rate limits count requests on both instances together", async ({ browser }) => {
  const { context, page } = await signIn(browser, "ana.admin");
  await page.goto(`${front.url}/cuentas`);
  await page.getByRole("link", { name: "Ver movimientos de Concentradora Bajío" }).click();
  const href = await page.getByRole("link", { name: "Descargar CSV" }).getAttribute("href");
  const statuses: number[] = [];
  for (const instance of ["a", "b", "a", "b"]) {
    const answer = await context.request.get(`${front.url}${href}`, { maxRedirects: 0, headers: { "X-Instance": instance } });
    expect(answer.headers()["x-served-by"]).toBe(instance);
    statuses.push(answer.status());
  }
  // Three exports are allowed per minute: the fourth is refused although each instance saw two.
  expect(statuses).toEqual([200, 200, 200, 429]);
  await context.close();
});

test("the same form sent to both instances creates one operation", async ({ browser }) => {
  const { context, page } = await signIn(browser, "ana.admin");
  // What 'Confirmar' sends, sent twice: a double submit, each copy landing on another instance.
  const { action, fields } = await quotedBuy(page);
  const operationsBefore = ((await (await fetch(`${SANDBOX_URL}/__operations`)).json()) as unknown[]).length;
  const send = (instance: string) =>
    context.request.post(`${front.url}${action}`, {
      form: fields,
      headers: { Origin: front.url, "Sec-Fetch-Site": "same-origin", "X-Instance": instance },
      maxRedirects: 0,
    });
  const [first, second] = await Promise.all([send("a"), send("b")]);
  expect([first.headers()["x-served-by"], second.headers()["x-served-by"]]).toEqual(["a", "b"]);
  expect(first.status()).toBe(second.status());
  expect(first.headers().location).toBe(second.headers().location);
  const operations = (await (await fetch(`${SANDBOX_URL}/__operations`)).json()) as unknown[];
  expect(operations).toHaveLength(operationsBefore + 1);
  await context.close();
});

test("a bulk registration started on one instance shows its progress on the other", async ({ browser }) => {
  const { context, page } = await signIn(browser, "ana.admin");
  // Slow enough that the job is still running when the other instance is asked.
  const upload = await startRecipientsUpload(page, front.url, 40, 150);

  for (const instance of instances) {
    const tab = await context.newPage();
    await tab.goto(`${instance.url}/destinatarios-alta-multiple?carga=${upload}`);
    await expect(tab.getByRole("progressbar", { name: "Avance del registro" })).toBeVisible();
    await expect(tab.getByText("La revisión de ese archivo ya no está disponible. Vuelve a cargarlo.")).toHaveCount(0);
    await tab.close();
  }
  await sandboxControl("/__latency", { ms: 0 });
  for (const instance of instances) {
    const tab = await context.newPage();
    await tab.goto(`${instance.url}/destinatarios-alta-multiple?carga=${upload}`);
    await expect(tab.getByText("Registro terminado")).toBeVisible({ timeout: 20_000 });
    await expect(tab.getByText("40 registrados, 0 con error.")).toBeVisible();
    await tab.close();
  }
  await context.close();
});

test("a bulk registration whose instance dies mid-job is run to the end by the other instance", async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page } = await signIn(browser, "ana.admin");
  // Every registration call takes 3 s (60 rows, 4 at a time: 45 s), so the job is still running
  // when its instance is killed, however loaded the machine is.
  await sandboxControl("/__faults", { path: "/api/backoffice-recipients", method: "POST", kind: "slow", delayMs: 3_000, times: -1 });
  const upload = await startRecipientsUpload(page, front.url, 60, 0);

  // Which instance's worker runs it: BullMQ writes the worker's name (host:pid) on the job (decision 067).
  const client = new Redis(redis.url);
  const jobKey = `portal:jobs:batch:recipient-upload-${upload}`;
  let runner: AppInstance | undefined;
  await expect
    .poll(async () => {
      const processedBy = (await client.hget(jobKey, "pb")) ?? "";
      runner = instances.find((instance) => processedBy.endsWith(`:${instance.pid}`));
      return Boolean(runner);
    })
    .toBe(true);
  const survivor = instances.find((instance) => instance !== runner)!;
  await runner!.kill();
  await fetch(`${SANDBOX_URL}/__faults`, { method: "DELETE" });

  // The survivor's worker finds the job stalled (its lock lapses in 10 s) and registers what is left.
  const tab = await context.newPage();
  await tab.goto(`${survivor.url}/destinatarios-alta-multiple?carga=${upload}`);
  await expect(tab.getByText("Registro terminado")).toBeVisible({ timeout: 60_000 });
  // Every row registered once: a row sent twice without its key would be refused as a repeated alias.
  await expect(tab.getByText("60 registrados, 0 con error.")).toBeVisible();
  expect(await client.hget(jobKey, "pb")).toMatch(new RegExp(`:${survivor.pid}$`));
  await client.quit();
  await context.close();
});
