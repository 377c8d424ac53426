import crypto from "node:crypto";

import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { readRecipientRows } from "#core/domain/recipient-rows";

import { sandboxEnv } from "../../scripts/sandbox-env.mjs";
import { storedAccess } from "../../tests/support/job-session";
import { startRedis } from "../../tests/support/redis";
import type { SampleRow } from "../../tests/support/sample-files";
import { goodRow, recipientsWorkbook, sampleRows } from "../../tests/support/sample-files";
import type { TestSandbox } from "../../tests/support/sandbox";
import { loginAs, startTestSandbox } from "../../tests/support/sandbox";
import type { AccessContext } from "../session/auth.server";
import { readSpreadsheet } from "../uploads/spreadsheet.server";
import type { UploadRecords } from "./bulk.server";
import { MemoryUploadRecords, RedisUploadRecords, uploadStore } from "./bulk.server";
import { resultCsv } from "./files.server";

let sandbox: TestSandbox;
let redisServer: { url: string; stop: () => void };
const clients: Redis[] = [];
const saved = { ...process.env };
const SECRET = "bulk-test-secret-bulk-test-secret-!!";

/** Two instances' views of one Redis: what one writes the other reads. */
function redisRecords(prefix: string): UploadRecords {
  const client = new Redis(redisServer.url);
  clients.push(client);
  return new RedisUploadRecords(client, SECRET, prefix);
}

beforeAll(async () => {
  [sandbox, redisServer] = await Promise.all([startTestSandbox(), startRedis()]);
  Object.assign(
    process.env,
    sandboxEnv({
      appPort: 3999,
      sandboxPort: sandbox.port,
      sessionSecret: "bulk-test-secret-bulk-test-secret-!!",
      sessionDir: ".cache/bulk-test",
    }),
  );
});
afterAll(async () => {
  process.env = saved;
  await Promise.all(clients.map((client) => client.quit()));
  redisServer.stop();
  await sandbox.close();
});

/** A member with a stored session: the job reads the tokens from it before each call (decision 067). */
async function accessFor(userName: string): Promise<AccessContext> {
  return storedAccess(userName, await loginAs(sandbox, userName));
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function checkedUpload(rows: Array<Record<string, unknown>>) {
  const sheet = await readSpreadsheet({ name: "x.xlsx", bytes: new Uint8Array(await recipientsWorkbook(rows)) });
  if (!sheet.ok) throw new Error(sheet.error);
  const read = readRecipientRows(sheet.rows);
  if (!read.ok) throw new Error(read.error);
  return read.rows;
}

/** Rows with aliases of their own: every test registers into the same sandbox company. */
const named = (rows: SampleRow[], alias: string) => rows.map((row) => ({ ...row, alias: String(row.alias).replace("Proveedor", alias) }));

describe.each([
  { medium: "memory", alias: "Memoria", records: () => new MemoryUploadRecords() },
  { medium: "Redis", alias: "Compartido", records: () => redisRecords(`test:${crypto.randomUUID()}`) },
])("bulk registration kept in $medium", ({ alias, records }) => {
  it("registers the valid rows in the background, once, and reports each row", async () => {
    const store = uploadStore(records());
    const access = await accessFor("ana.admin");
    const rows = [...named(sampleRows(12, [4]), alias), { ...goodRow(99), alias: "Hidalgo" }];
    const added = await store.add(access, "x.xlsx", await checkedUpload(rows));
    const before = sandbox.state.recipientRegistration.backoffice.length;

    await store.startRegistration(access, added);
    await store.startRegistration(access, added);
    await until(async () => Boolean((await store.get(access, added.id))?.job?.finished));
    const upload = (await store.get(access, added.id))!;
    const job = upload.job!;
    // 'Hidalgo' is already a back-office recipient's alias: the product refuses that row.
    expect(job).toMatchObject({ total: 12, done: 12, registered: 11, failed: 1 });
    expect(job.outcomes.get(14)).toEqual({ state: "failed", reason: "duplicateAlias" });
    expect(sandbox.state.recipientRegistration.backoffice.length - before).toBe(11);

    const csv = resultCsv(upload).split("\r\n");
    expect(csv[0]).toBe("\uFEFFFila,Alias,Destinatario,Cuenta,Resultado,Detalle");
    expect(csv[1]).toMatch(new RegExp(`^2,${alias} 0001,María López Pérez,•••• \\d{4},Registrado,$`));
    expect(csv[5]).toBe(
      `6,${alias} 0005,María López Pérez,•••• ${String(rows[4].clabe).slice(-4)},Con errores,CLABE: Ingresa una CLABE válida`,
    );
    expect(csv[13]).toContain(`No registrado,"Ya creaste un destinatario con el mismo alias. Por favor,`);
  });

  it("keeps an upload to the member and company that made it", async () => {
    const store = uploadStore(records());
    const ana = await accessFor("ana.admin");
    const upload = await store.add(ana, "y.xlsx", []);
    expect(await store.get(ana, upload.id)).toMatchObject({ id: upload.id, fileName: "y.xlsx", job: null });
    expect(await store.get(await accessFor("beatriz.basica"), upload.id)).toBeNull();
    expect(await store.get(ana, "otro")).toBeNull();
  });
});

describe("bulk registration across instances (Redis)", () => {
  it("shows one instance's job on another, and its owner's look puts back a job no queue holds", async () => {
    const prefix = `test:${crypto.randomUUID()}`;
    const first = redisRecords(prefix);
    const second = uploadStore(redisRecords(prefix));
    const access = await accessFor("ana.admin");
    const rows = await checkedUpload(named(sampleRows(6, []), "Relevo"));
    const upload = await uploadStore(first).add(access, "z.xlsx", rows);

    // The first instance created the job, registered two rows and died before any queue held it.
    expect(await first.createJob(upload.id, 6)).toBe(true);
    await first.record(upload.id, 2, { state: "registered" });
    await first.record(upload.id, 3, { state: "registered" });
    const created = sandbox.state.recipientRegistration.backoffice.length;
    const seen = await second.get(access, upload.id);
    expect(seen?.job).toMatchObject({ total: 6, done: 2, registered: 2, finished: false });
    await until(async () => Boolean((await second.get(access, upload.id))?.job?.finished));
    expect((await second.get(access, upload.id))?.job).toMatchObject({ total: 6, done: 6, registered: 6, failed: 0 });
    // Only the four rows without an outcome went to the back office.
    expect(sandbox.state.recipientRegistration.backoffice.length - created).toBe(4);
  });

  it("keeps the rows sealed at rest", async () => {
    const prefix = `test:${crypto.randomUUID()}`;
    const records = redisRecords(prefix);
    const access = await accessFor("ana.admin");
    const upload = await uploadStore(records).add(access, "s.xlsx", await checkedUpload(sampleRows(1, [])));
    const raw = await clients.at(-1)!.get(`${prefix}:${upload.id}`);
    expect(raw).toMatch(/^v1\./);
    expect(raw).not.toContain("María");
  });
});
