import { describe, expect, it } from "vitest";

import { readPaymentRows } from "#core/domain/multiple-payment";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import { requireAccess } from "../session/auth.server";
import { batchContext, rowIdempotencyKey, rowOperationBody } from "./multiple.server";

/** Decision 097: a payment file may pay a recipient loaded in bulk (the back office's 9001, Hidalgo, CLABE …8769). */
const world = sandboxedApp("pago-multiple-carga");

const header = ["Cuenta origen", "Destinatario", "Cuenta destino", "Divisa", "Monto", "Id motivo de pago", "Detalle"];

const anaAccess = () => requireAccess(new Request(`${APP}/pago-multiple`, { headers: { cookie: world.browser.cookie } }), context);

async function readRows(destinyAccount: string, origin = { clabe: "062225001002340014", currency: "MXN" }) {
  const access = await anaAccess();
  const read = readPaymentRows(
    [
      { line: 1, cells: header },
      { line: 2, cells: [origin.clabe, "Hidalgo", destinyAccount, origin.currency, "1,500.00", "1", "Factura 12"] },
    ],
    await batchContext(access),
  );
  if (!read.ok) throw new Error(read.error);
  return read.rows;
}

describe("a payment file's row to a recipient loaded in bulk", () => {
  it("is valid and is registered naming the back office's recipient", async () => {
    const [row] = await readRows("072180004512398769");
    expect(row!.errors).toEqual([]);
    expect(row!.input).toMatchObject({ recipientId: "bo-9001", amount: "1500.00" });
    expect(rowOperationBody(row!).recipient).toEqual({ idRecipient: "9001", receiverTypeData: "BO" });
    const created = await (await anaAccess()).api.trading.setOperation(rowOperationBody(row!), rowIdempotencyKey("carga", 2));
    expect(world.sandbox.state.operations.find((operation) => String(operation.id) === created.id)).toMatchObject({
      recipientId: 9001,
      recipientSource: "BO",
      amount: 1500,
    });
  });

  it("says the currency it takes, as for any recipient", async () => {
    const usd = world.sandbox.state.accounts.find((account) => account.clientId === "100234" && account.currency === "USD")!;
    const [row] = await readRows("072180004512398769", usd);
    expect(row!.input).toBeNull();
    expect(row!.errors).toContainEqual({ column: "destiny_account", message: "El destinatario recibe MXN" });
  });

  it("reads one the back office deleted as an account of nobody registered", async () => {
    world.sandbox.state.recipientRegistration.backoffice.find((record) => record.id === 9001)!.status = "deleted";
    const [row] = await readRows("072180004512398769");
    expect(row!.input).toBeNull();
    expect(row!.errors).toContainEqual({ column: "destiny_account", message: "La cuenta destino no es de un destinatario registrado" });
  });
});
