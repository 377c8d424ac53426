import { describe, expect, it } from "vitest";

import { mexicoDate } from "#core/domain/dates";
import { addDays } from "#core/domain/schedule-dates";
import { sendMoneyHref } from "#core/domain/send-money";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { answerOf, formPost, routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import { requestCount } from "../../tests/support/sandbox";
import { action, loader } from "./_index";
import { loader as detailLoader } from "./historial-operaciones.$id._index";

/** Decision 097: a recipient loaded in bulk (the back office's 9001, Comercializadora Hidalgo, MXN) is paid like any other. */
const world = sandboxedApp("destinatario-carga");

interface Calculator {
  idempotencyKey: string;
  accounts: Array<{ idAccount: string; currency: string }>;
  recipients: Array<{ id: string; name: string; bankName: string; last4: string; currency: string }>;
  reasons: Array<{ id: number }>;
  prefill: { destination?: string };
}

async function calculatorAt(path: string): Promise<Calculator> {
  const response = await loader({
    request: new Request(`${APP}${path}`, { headers: { cookie: world.browser.cookie } }),
    context,
    params: {},
  });
  return (await response.json()).calculator as Calculator;
}

async function transferTo(destination: string, currency = "MXN") {
  const calculator = await calculatorAt("/?operacion=transferencia");
  const origin = calculator.accounts.find((account) => account.currency === currency);
  if (!origin) throw new Error(`Ana has a ${currency} account in the sandbox`);
  return {
    csrf: world.browser.csrf,
    operation: "transfer",
    idempotencyKey: calculator.idempotencyKey,
    amount: "1,250.00",
    origin: origin.idAccount,
    destination,
    reason: String(calculator.reasons[0].id),
    concept: "Factura 88",
  };
}

const post = (fields: Record<string, string>) =>
  answerOf(() => action({ request: formPost("/", world.browser.cookie, fields), context, params: {} }));

/** A back-office recipient of Ana's company, loaded as a bulk upload loads one. */
function loadInBulk(record: { id: number; recipientType: "pmn" | "pme"; currency: string; alias: string }) {
  const [seeded] = world.sandbox.state.recipientRegistration.backoffice;
  world.sandbox.state.recipientRegistration.backoffice.push({ ...seeded!, ...record, companyName: `${record.alias} S.A.` });
}

describe("paying a recipient loaded in bulk from the calculator", () => {
  it("offers it in the transfer's destination list, by its alias, bank and last digits", async () => {
    const calculator = await calculatorAt("/?operacion=transferencia");
    expect(calculator.recipients).toContainEqual(
      expect.objectContaining({ id: "bo-9001", name: "Hidalgo", bankName: "Banorte", last4: "8769", currency: "MXN" }),
    );
    expect(JSON.stringify(calculator.recipients)).not.toContain("072180004512398769");
  });

  it("keeps it chosen when 'Enviar dinero' on its row opens the calculator", async () => {
    const calculator = await calculatorAt(sendMoneyHref("bo-9001"));
    expect(calculator.prefill.destination).toBe("r:bo-9001");
  });

  it("sends it to the bank's challenge, naming the back office's recipient, once for one key", async () => {
    const fields = await transferTo("r:bo-9001");
    const before = world.sandbox.state.operations.length;
    const [first, second] = await Promise.all([post(fields), post(fields)]);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toMatch(/\/challenge/);
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    expect(world.sandbox.state.operations.length).toBe(before + 1);
    expect(world.sandbox.state.operations.at(-1)).toMatchObject({ recipientId: 9001, recipientSource: "BO", amount: 1250 });
  });

  it("refuses it from an account in another currency before the bank hears of it", async () => {
    const calls = await requestCount(world.sandbox, "/api/setoperation");
    const answer = await post(await transferTo("r:bo-9001", "USD"));
    expect(answer.status).toBe(400);
    expect((await answer.json()).result.error.destination).toEqual(["Selecciona una cuenta válida para esta operación."]);
    expect(await requestCount(world.sandbox, "/api/setoperation")).toBe(calls);
  });

  it("keeps an international one for Pro members (decision 066)", async () => {
    loadInBulk({ id: 9101, recipientType: "pme", currency: "USD", alias: "Hamburg" });
    expect((await calculatorAt("/?operacion=transferencia")).recipients.map((recipient) => recipient.id)).toContain("bo-9101");
    const ana = world.sandbox.state.members.find((member) => member.userName === "ana.admin");
    ana!.membership!.membershipId = 1;
    expect((await calculatorAt("/?operacion=transferencia")).recipients.map((recipient) => recipient.id)).not.toContain("bo-9101");
    const calls = await requestCount(world.sandbox, "/api/setoperation");
    const answer = await post(await transferTo("r:bo-9101", "USD"));
    expect(answer.status).toBe(400);
    expect(await requestCount(world.sandbox, "/api/setoperation")).toBe(calls);
  });

  it("says plainly that a recurring payment waits until the bank registers it, and schedules nothing", async () => {
    const calls = await requestCount(world.sandbox, "/api/scheduledpayments");
    const answer = await post({
      ...(await transferTo("r:bo-9001")),
      intent: "programar",
      frequency: "monthly",
      firstDate: addDays(mexicoDate(), 1),
      ends: "count",
      count: "3",
    });
    expect(answer.status).toBe(400);
    expect((await answer.json()).result.error.destination).toEqual([
      "Este destinatario llegó por carga múltiple: puedes enviarle dinero ahora y programar pagos recurrentes cuando tu banco lo registre.",
    ]);
    expect(await requestCount(world.sandbox, "/api/scheduledpayments")).toBe(calls);
  });
});

describe("the operation's detail", () => {
  it("names the recipient loaded in bulk, its bank and its masked account", async () => {
    await post(await transferTo("r:bo-9001"));
    const id = String(world.sandbox.state.operations.at(-1)!.id);
    const response = await detailLoader({
      request: new Request(`${APP}/historial-operaciones/${id}`, { headers: { cookie: world.browser.cookie } }),
      context,
      params: { id },
    });
    const { detail } = await response.json();
    expect(detail.destination).toMatchObject({ name: "Comercializadora Hidalgo S.A. de C.V.", bank: "Banorte", masked: "•••• 8769" });
  });
});
