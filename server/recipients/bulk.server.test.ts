import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { readRecipientRows } from "#core/domain/recipient-rows";

import { sandboxEnv } from "../../scripts/sandbox-env.mjs";
import { goodRow, recipientsWorkbook, sampleRows } from "../../tests/support/sample-files";
import type { TestSandbox } from "../../tests/support/sandbox";
import { loginAs, startTestSandbox } from "../../tests/support/sandbox";
import type { AccessContext } from "../session/auth.server";
import { startRegistration, uploadStore } from "./bulk.server";
import { readSpreadsheet } from "./excel.server";
import { resultCsv } from "./files.server";

let sandbox: TestSandbox;
const saved = { ...process.env };

beforeAll(async () => {
  sandbox = await startTestSandbox();
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
  await sandbox.close();
});

async function accessFor(userName: string): Promise<AccessContext> {
  const tokens = await loginAs(sandbox, userName);
  return {
    data: { memberId: tokens.memberId, bankToken: tokens.bankToken, productJwt: tokens.productJwt },
    company: { clientId: userName === "ana.admin" ? "100234" : "200115" },
    log: pino({ level: "silent" }),
  } as unknown as AccessContext;
}

async function until(check: () => boolean, timeoutMs = 5000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("bulk registration", () => {
  it("registers the valid rows in the background, once, and reports each row", async () => {
    const access = await accessFor("ana.admin");
    const rows = [...sampleRows(12, [4]), { ...goodRow(99), alias: "Hidalgo" }];
    const sheet = await readSpreadsheet({ name: "x.xlsx", bytes: new Uint8Array(await recipientsWorkbook(rows)) });
    if (!sheet.ok) throw new Error(sheet.error);
    const read = readRecipientRows(sheet.rows);
    if (!read.ok) throw new Error(read.error);
    const upload = uploadStore().add(access, "x.xlsx", read.rows);

    const job = startRegistration(access, upload);
    expect(startRegistration(access, upload)).toBe(job);
    expect(job.total).toBe(12);
    await until(() => job.finished);
    // 'Hidalgo' is already a back-office recipient's alias: the product refuses that row.
    expect(job).toMatchObject({ done: 12, registered: 11, failed: 1 });
    expect(job.outcomes.get(14)).toEqual({ state: "failed", reason: "duplicateAlias" });
    const pending = sandbox.state.recipientRegistration.backoffice.filter(
      (record) => record.clientId === "100234" && record.status === "pending",
    );
    expect(pending).toHaveLength(2 + 11);

    const csv = resultCsv(upload).split("\r\n");
    expect(csv[0]).toBe("\uFEFFFila,Alias,Destinatario,Cuenta,Resultado,Detalle");
    expect(csv[1]).toMatch(/^2,Proveedor 0001,María López Pérez,•••• \d{4},Registrado,$/);
    expect(csv[5]).toBe(
      "6,Proveedor 0005,María López Pérez,•••• " + String(rows[4].clabe).slice(-4) + ",Con errores,CLABE: Ingresa una CLABE válida",
    );
    expect(csv[13]).toContain(`No registrado,"Ya creaste un destinatario con el mismo alias. Por favor,`);
  });

  it("keeps an upload to the member and company that made it", async () => {
    const ana = await accessFor("ana.admin");
    const upload = uploadStore().add(ana, "y.xlsx", []);
    expect(uploadStore().get(ana, upload.id)).toBe(upload);
    expect(uploadStore().get(await accessFor("beatriz.basica"), upload.id)).toBeNull();
    expect(uploadStore().get(ana, "otro")).toBeNull();
  });
});
