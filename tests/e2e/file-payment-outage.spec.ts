import type { Browser, Page } from "@playwright/test";
import { Redis } from "ioredis";

import type { AppInstance, Cluster, RoundRobin } from "../support/instances";
import { startCluster } from "../support/instances";
import { redisHop, startRedis } from "../support/redis";
import { expect, test } from "./fixtures";
import { APP_PORT, SANDBOX_PORT } from "./ports";
import { resetSandbox, SANDBOX_URL, sandboxControl, signInThroughFront } from "./support";

/**
 * Redis going away (decision 111): a file payment (§2 /pago-multiple, decisions 062, 093)
 * is being registered by two instances' job workers on one Redis when the instance running it is
 * killed (SIGKILL), or when Redis goes away for a few seconds. The job is taken over or resumes by
 * itself, every row becomes exactly one operation at the bank (one Idempotency-Key per file and
 * row), the one token of the file sends each of them once, and the person sees it. Figures are
 * printed. Ports: its worker's APP_PORT (ports.ts) + 1…5.
 */
const [REDIS_PORT, HOP_PORT, PORT_A, PORT_B, FRONT_PORT] = [1, 2, 3, 4, 5].map((offset) => APP_PORT + offset);
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const ROWS = 32;
/** Ana's company (100234) as the sandbox seeds it. */
const MXN_ACCOUNT = "062225001002340014";
const TEXTIL = "012580019283746509";
const ACEROS = "072680004588127341";

let redis: { url: string; stop: () => void };
let hop: Awaited<ReturnType<typeof redisHop>>;
let cluster: Cluster;
let instances: AppInstance[] = [];
let front: RoundRobin;
let client: Redis;

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
  ({ instances, front } = cluster);
  client = new Redis(redis.url);
});

test.afterAll(async () => {
  await client?.quit();
  await cluster?.close();
  await hop?.close();
  await redis?.stop();
});

test.beforeEach(async () => {
  await resetSandbox();
});

const signIn = (browser: Browser, userName: string) => signInThroughFront(browser, front.url, userName);

type BankOperation = { id: number; idempotencyKey: string; status: string };
const bankOperations = async () => (await (await fetch(`${SANDBOX_URL}/__operations`)).json()) as BankOperation[];

/**
 * Uploads a file of ROWS payments and starts its registration with slow bank calls, so that it is
 * still under way when the test breaks something. Returns the upload's id.
 */
async function startFilePayment(page: Page): Promise<string> {
  await page.goto(`${front.url}/pago-multiple`);
  const lines = ["Origen,Cuenta origen,Destinatario,Cuenta destino,Divisa,Monto,Id motivo de pago,Motivo de pago,Detalle"];
  for (let i = 1; i <= ROWS; i++)
    lines.push(`Operativa MXN,${MXN_ACCOUNT},Proveedor,${i % 2 ? TEXTIL : ACEROS},MXN,${300 + i}.00,1,,Factura ${i}`);
  await page
    .getByLabel("Archivo de pagos")
    .setInputFiles({ name: "pagos.csv", mimeType: "text/csv", buffer: Buffer.from(lines.join("\r\n")) });
  await page.getByRole("button", { name: "Revisar archivo" }).click();
  await expect(page.getByText(`${ROWS} de ${ROWS} pagos están listos para registrarse.`)).toBeVisible();
  await sandboxControl("/__latency", { ms: 500 });
  await page.getByRole("button", { name: `Registrar solo los ${ROWS} pagos válidos` }).click();
  const upload = new URL(page.url()).searchParams.get("carga");
  expect(upload).toBeTruthy();
  return upload ?? "";
}

/** The job's counters as its records keep them in Redis (server/jobs/batch-jobs.server.ts). */
const counters = async (upload: string) => client.hgetall(`portal:payments:${upload}:job`);
const done = async (upload: string) => Number((await counters(upload)).done ?? 0);
const jobKey = (upload: string) => `portal:jobs:batch:multiple-payment-${upload}`;

/** Polls until the job has recorded every row by itself (nobody looks at its page meanwhile); its time. */
async function finishedWithin(upload: string, since: number, timeout: number): Promise<number> {
  await expect.poll(async () => (await counters(upload)).finished, { timeout, intervals: [200] }).toBe("1");
  return Date.now() - since;
}

/**
 * Every row one operation with its own key, nothing else created; then the person sees the file
 * registered, signs it once with the token, and every operation is sent (applied) once.
 */
async function expectEveryRowOnce(page: Page, upload: string) {
  const registered = await bankOperations();
  expect(registered).toHaveLength(ROWS);
  expect(new Set(registered.map((operation) => operation.idempotencyKey)).size).toBe(ROWS);
  const job = await counters(upload);
  expect({ done: job.done, registered: job.registered, unknown: job.unknown, failed: job.failed }).toEqual({
    done: String(ROWS),
    registered: String(ROWS),
    unknown: "0",
    failed: "0",
  });

  await page.goto(`${front.url}/pago-multiple?carga=${upload}`);
  await expect(page.getByRole("region", { name: `Falta autorizar con tu token: ${ROWS} pagos` })).toBeVisible();
  await expect(
    page.getByText(`Al registrar: ${ROWS} quedaron por autorizar con token, 0 por aprobar, 0 con error y 0 sin confirmar.`),
  ).toBeVisible();
  // The bank sends the signer back to the app it knows (the suite's own); here that is the front.
  await page.context().route(`${SANDBOX_URL}/challenge/**`, async (route) => {
    const answer = await route.fetch({ maxRedirects: 0 });
    const location = answer.headers().location;
    if (!location) return route.fulfill({ response: answer });
    const back = new URL(location);
    await route.fulfill({ response: answer, headers: { ...answer.headers(), location: `${front.url}${back.pathname}${back.search}` } });
  });
  await page.getByRole("button", { name: new RegExp(`^Autorizar ${ROWS} pagos`) }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Autoriza ${ROWS} pagos` })).toBeVisible();
  await page.getByLabel("Clave de operación").fill("123456");
  await page.getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByRole("region", { name: `Pagos enviados: ${ROWS}` })).toBeVisible();
  await expect(page.getByRole("table", { name: "Pagos registrados" }).getByRole("row").filter({ hasText: "Enviado" })).toHaveCount(ROWS);

  const sent = await bankOperations();
  expect(sent).toHaveLength(ROWS);
  expect(sent.filter((operation) => operation.status === "applied")).toHaveLength(ROWS);
  const batches = (await (await fetch(`${SANDBOX_URL}/__operation-batches`)).json()) as Array<{ operationIds: number[] }>;
  expect(batches).toHaveLength(1);
  expect(new Set(batches[0].operationIds).size).toBe(ROWS);
  // Calls beyond ROWS are rows sent again after the break, each answered with its first operation.
  const calls = (await (await fetch(`${SANDBOX_URL}/__requests?path=/api/setoperation`)).json()) as unknown[];
  return { rowsExpected: ROWS, setoperationCalls: calls.length, operationsCreated: registered.length, operationsSent: sent.length };
}

function report(name: string, figures: Record<string, unknown>) {
  console.log(`${name}: ${JSON.stringify(figures)}`);
  test.info().annotations.push({ type: name, description: JSON.stringify(figures) });
}

test("a file payment whose instance is killed mid-file is taken over by the other, no row sent twice", async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page } = await signIn(browser, "ana.admin");
  const upload = await startFilePayment(page);

  // Which instance's worker runs it (BullMQ writes host:pid on the job, decision 067), killed with rows under way.
  let runner: AppInstance | undefined;
  await expect
    .poll(async () => {
      const processedBy = (await client.hget(jobKey(upload), "pb")) ?? "";
      runner = instances.find((instance) => processedBy.endsWith(`:${instance.pid}`));
      return Boolean(runner) && (await done(upload)) >= 4;
    })
    .toBe(true);
  const survivor = instances.find((instance) => instance !== runner)!;
  await runner!.kill();
  const killedAt = Date.now();
  const doneAtKill = await done(upload);
  await sandboxControl("/__latency", { ms: 0 });

  await expect
    .poll(async () => (await client.hget(jobKey(upload), "pb")) ?? "", { timeout: 40_000, intervals: [200] })
    .toMatch(new RegExp(`:${survivor.pid}$`));
  const takeoverMs = Date.now() - killedAt;
  const finishedMs = await finishedWithin(upload, killedAt, 30_000);
  // The front sends the browser's next pages to the survivor only (it reads this very list).
  const slot = instances.indexOf(runner!);
  instances.splice(slot, 1);
  const figures = await expectEveryRowOnce(page, upload);
  report("Instancia terminada (SIGKILL) a media carga", { ...figures, rowsDoneAtKill: doneAtKill, takeoverMs, finishedMs });
  await context.close();

  // The cluster is two instances again for the next test.
  instances.splice(slot, 0, await cluster.startInstance(runner!.name, runner!.port));
});

test("Redis goes away mid-file and returns: the job resumes by itself, no row sent twice", async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page } = await signIn(browser, "ana.admin");
  const upload = await startFilePayment(page);
  await expect.poll(async () => done(upload), { intervals: [100] }).toBeGreaterThanOrEqual(4);

  await hop.set("down");
  const doneAtOutage = await done(upload);
  const outageStarted = Date.now();
  // The outage lasts until every instance tells its operator so: /readiness 503.
  for (const instance of instances) {
    await expect.poll(async () => (await fetch(`${instance.url}/readiness`)).status, { timeout: 20_000, intervals: [200] }).toBe(503);
  }
  const operationsDuringOutage = (await bankOperations()).length;
  const outageMs = Date.now() - outageStarted;
  await sandboxControl("/__latency", { ms: 0 });
  await hop.set("open");
  const returnedAt = Date.now();

  // Nobody looks at the file meanwhile: the job carries on by itself.
  await expect.poll(async () => done(upload), { timeout: 40_000, intervals: [200] }).toBeGreaterThan(doneAtOutage);
  const recoveryMs = Date.now() - returnedAt;
  const finishedMs = await finishedWithin(upload, returnedAt, 40_000);
  const figures = await expectEveryRowOnce(page, upload);
  report("Redis fuera a media carga", {
    ...figures,
    outageMs,
    rowsDoneAtOutage: doneAtOutage,
    operationsDuringOutage,
    recoveryMs,
    finishedMs,
  });
  await context.close();
});
