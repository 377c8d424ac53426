import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

import type { BatchContext, PaymentRow } from "#core/domain/multiple-payment";
import { readPaymentRows } from "#core/domain/multiple-payment";

import { sandboxEnv } from "../../scripts/sandbox-env.mjs";
import { storedAccess } from "../../tests/support/job-session";
import type { TestSandbox } from "../../tests/support/sandbox";
import { loginAs, setCollaboratorPermissions, startTestSandbox } from "../../tests/support/sandbox";
import { MemoryBatchRecords } from "../jobs/batch-jobs.server";
import type { AccessContext } from "../session/auth.server";
import type { PaymentOutcome } from "./multiple.server";
import { paymentPage, paymentStore, rowIdempotencyKey, rowOperationBody } from "./multiple.server";
import { paymentResultCsv } from "./multiple-files.server";

let sandbox: TestSandbox;
const saved = { ...process.env };

beforeAll(async () => {
  sandbox = await startTestSandbox();
  Object.assign(
    process.env,
    sandboxEnv({
      appPort: 3998,
      sandboxPort: sandbox.port,
      sessionSecret: "pay-test-secret-pay-test-secret-!!!!",
      sessionDir: ".cache/pay-test",
    }),
  );
});
afterAll(async () => {
  process.env = saved;
  await sandbox.close();
});

/** A member with a stored session: the job reads the tokens from it before each call (decision 067). */
async function accessFor(userName: string): Promise<AccessContext> {
  return storedAccess(userName, await loginAs(sandbox, userName));
}

const records = () => new MemoryBatchRecords<PaymentRow, PaymentOutcome>(["registered", "approval", "failed", "unknown", "notSent"]);

async function until(check: () => Promise<boolean>, timeoutMs = 5000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Company 100234 as the sandbox seeds it: the accounts and recipients the rows name. */
const context: BatchContext = {
  accounts: [{ idAccount: "A-100234-01", clabe: "062225001002340014", currency: "MXN", balance: 2458930.55, alias: "Operativa MXN" }],
  recipients: [
    { id: "501", account: "012580019283746509", currency: "MXN", status: 2, name: "Textil del Norte", national: true },
    { id: "502", account: "072680004588127341", currency: "MXN", status: 2, name: "Aceros Querétaro", national: true },
  ],
  reasons: [{ id: 1, label: "Pago a proveedores" }],
  mayPayRecipients: true,
  mayPayInternational: true,
};
const header = ["Cuenta origen", "Destinatario", "Cuenta destino", "Divisa", "Monto", "Id motivo de pago", "Detalle"];
function rows(amounts: string[]): PaymentRow[] {
  const read = readPaymentRows(
    [
      { line: 1, cells: header },
      ...amounts.map((amount, index) => ({
        line: index + 2,
        cells: [
          "062225001002340014",
          '=HYPERLINK("x")',
          index % 2 ? "072680004588127341" : "012580019283746509",
          "MXN",
          amount,
          "1",
          `Factura ${index}`,
        ],
      })),
    ],
    context,
  );
  if (!read.ok) throw new Error(read.error);
  return read.rows;
}

const created = () => sandbox.state.operations.filter((operation) => !operation.seeded).length;

describe("rowIdempotencyKey", () => {
  it("is a UUID, the same for one upload and row on every call, different for another row or upload", () => {
    const key = rowIdempotencyKey("7f1c0a4e-2b7e-4f51-9d0c-3a1a2b3c4d5e", 2);
    expect(z.string().uuid().safeParse(key).success).toBe(true);
    expect(rowIdempotencyKey("7f1c0a4e-2b7e-4f51-9d0c-3a1a2b3c4d5e", 2)).toBe(key);
    expect(rowIdempotencyKey("7f1c0a4e-2b7e-4f51-9d0c-3a1a2b3c4d5e", 3)).not.toBe(key);
    expect(rowIdempotencyKey("00000000-2b7e-4f51-9d0c-3a1a2b3c4d5e", 2)).not.toBe(key);
    const many = new Set(Array.from({ length: 1000 }, (_, line) => rowIdempotencyKey("u", line)));
    expect(many.size).toBe(1000);
  });
});

describe("the multiple payment's job", () => {
  it("registers each valid row once, however often it is started, and reports each row", async () => {
    const store = paymentStore(records());
    const access = await accessFor("ana.admin");
    const checked = [...rows(["10.00", "20.50", "0"]), ...rows(["5"]).map((row) => ({ ...row, line: 9 }))];
    const upload = await store.add(access, "pagos.xlsx", checked);
    const before = created();

    await Promise.all([store.start(access, upload), store.start(access, upload)]);
    await until(async () => Boolean((await store.get(access, upload.id))?.job?.finished));
    await store.start(access, (await store.get(access, upload.id))!);
    const done = (await store.get(access, upload.id))!;
    expect(done.job).toMatchObject({ total: 3, done: 3, registered: 3, approval: 0, failed: 0, unknown: 0 });
    expect(created() - before).toBe(3);
    const outcome = done.job!.outcomes.get(2)!;
    expect(outcome).toMatchObject({ state: "registered", operationId: expect.stringMatching(/^\d+$/) });
    const operation = sandbox.state.operations.find(
      (candidate) => String(candidate.id) === (outcome as { operationId: string }).operationId,
    )!;
    expect(operation).toMatchObject({ idempotencyKey: rowIdempotencyKey(upload.id, 2), amount: 10, recipientId: 501, status: "sent" });
    // Decision 095: the reason's catalogue text and the row's own detail, each in its field.
    expect(operation).toMatchObject({ concept: 1, conceptString: "Pago a proveedores", aditionalInformation: "Factura 0" });

    const csv = paymentResultCsv(done).split("\r\n");
    expect(csv[0]).toBe("\uFEFFFila,Destinatario,Cuenta destino,Divisa,Monto,Id de operación,Estado,Error");
    // A recipient cell that looks like a formula is written as text.
    expect(csv[1]).toBe(`2,"'=HYPERLINK(""x"")",•••• 6509,MXN,10,${operation.id},Falta autorizar con token,`);
    expect(csv[3]).toBe(`4,"'=HYPERLINK(""x"")",•••• 6509,MXN,0,,Con errores,Monto: Este monto no es válido`);
  });

  it("resumes a job whose runner died: a row it had already sent is answered by the bank's key, not paid twice", async () => {
    const shared = records();
    const access = await accessFor("ana.admin");
    const upload = await paymentStore(shared).add(access, "relevo.csv", rows(["1.00", "2.00", "3.00"]));
    expect(await shared.createJob(upload.id, 3)).toBe(true);
    // The dead runner had sent row 2 and crashed before writing its outcome.
    const response = await fetch(`${sandbox.url}/api/setoperation`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${access.data.productJwt}`,
        "content-type": "application/json",
        "idempotency-key": rowIdempotencyKey(upload.id, 2),
      },
      body: JSON.stringify(rowOperationBody(upload.rows[0])),
    });
    const sent = (await response.json()) as { id: number };
    const before = created();

    const store = paymentStore(shared);
    await store.get(access, upload.id);
    await until(async () => Boolean((await store.get(access, upload.id))?.job?.finished));
    const job = (await store.get(access, upload.id))!.job!;
    expect(job).toMatchObject({ done: 3, registered: 3 });
    expect(job.outcomes.get(2)).toMatchObject({ operationId: String(sent.id) });
    expect(created() - before).toBe(2);
  });

  it("sends the rows of a collaborator who may only create operations to approval", async () => {
    await setCollaboratorPermissions(sandbox, ["send_money_to_third_accounts", "can_create_operations"]);
    const store = paymentStore(records());
    const access = await accessFor("carlos.colaborador");
    const upload = await store.add(access, "carlos.xlsx", rows(["7.00", "8.00"]));
    await store.start(access, upload);
    await until(async () => Boolean((await store.get(access, upload.id))?.job?.finished));
    const job = (await store.get(access, upload.id))!.job!;
    expect(job).toMatchObject({ total: 2, approval: 2, registered: 0 });
    expect(paymentResultCsv((await store.get(access, upload.id))!)).toContain("Por aprobar");
    // The file goes to the administrators as one batch to approve and sign with one token (decision 093), once the job ends.
    const batches = () => sandbox.state.operationBatches.batches.filter((batch) => batch.reference === upload.id);
    await until(async () => batches().length > 0);
    expect(batches()).toMatchObject([{ status: "awaitingApproval", fileName: "carlos.xlsx", operationIds: expect.any(Array) }]);
    expect(batches()[0].operationIds.map(String).sort()).toEqual(
      [...job.outcomes.values()].map((outcome) => (outcome as { operationId: string }).operationId).sort(),
    );
  });

  it("keeps an upload to the member and company that made it", async () => {
    const store = paymentStore(records());
    const ana = await accessFor("ana.admin");
    const upload = await store.add(ana, "y.xlsx", []);
    expect(await store.get(ana, upload.id)).toMatchObject({ id: upload.id, job: null });
    expect(await store.get(await accessFor("carlos.colaborador"), upload.id)).toBeNull();
  });
});

describe("the multiple payment's preview", () => {
  it("shows each valid row's reason as the bank will be told it: the catalogue's text, not the file's words", async () => {
    const access = await accessFor("ana.admin");
    const read = readPaymentRows(
      [
        { line: 1, cells: ["Cuenta origen", "Cuenta destino", "Divisa", "Monto", "Id motivo de pago", "Motivo de pago", "Detalle"] },
        { line: 2, cells: ["062225001002340014", "012580019283746509", "MXN", "10", "1", "Pago de renta", "Factura 9"] },
        { line: 3, cells: ["062225001002340014", "012580019283746509", "MXN", "10", "99", "Inventado", "Factura 10"] },
      ],
      context,
    );
    if (!read.ok) throw new Error(read.error);
    const upload = await paymentStore().add(access, "motivos.csv", read.rows);
    const page = await paymentPage(access, new URL(`http://portal.test/pago-multiple?carga=${upload.id}`));
    expect(page.upload?.rows.map((row) => row.reason)).toEqual(["Pago a proveedores", "Inventado"]);
  });
});
