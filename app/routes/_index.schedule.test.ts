import { describe, expect, it } from "vitest";

import { mexicoDate } from "#core/domain/dates";
import { addDays } from "#core/domain/schedule-dates";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { answerOf, formPost, routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import { control, requestCount } from "../../tests/support/sandbox";
import { action, loader } from "./_index";
import { loader as recurringLoader } from "./pagos-recurrentes";
import { loader as plannerLoader } from "./planner";
import { loader as transactionLoader } from "./transaction";

const world = sandboxedApp("programar");

/** The transfer tab's form with a monthly plan of three payments from tomorrow. */
async function scheduleForm() {
  const response = await loader({
    request: new Request(`${APP}/?operacion=transferencia`, { headers: { cookie: world.browser.cookie } }),
    context,
    params: {},
  });
  const { calculator } = await response.json();
  const origin = calculator.accounts.find((account: { currency: string }) => account.currency === "MXN");
  const destination = calculator.recipients.find((recipient: { currency: string }) => recipient.currency === "MXN");
  if (!origin || !destination) throw new Error("Ana has an MXN account and an authorized MXN recipient in the sandbox");
  return {
    csrf: world.browser.csrf,
    operation: "transfer",
    intent: "programar",
    idempotencyKey: calculator.idempotencyKey,
    amount: "3,210.50",
    origin: origin.idAccount,
    destination: `r:${destination.id}`,
    reason: String(calculator.reasons[0].id),
    frequency: "monthly",
    firstDate: addDays(mexicoDate(), 1),
    ends: "count",
    count: "3",
  };
}

const post = (fields: Record<string, string>) =>
  answerOf(() => action({ request: formPost("/", world.browser.cookie, fields), context, params: {} }));

describe("'Programar pago recurrente' (the calculator's action)", () => {
  it("makes one schedule per form key however often it is submitted, and no operation", async () => {
    const fields = await scheduleForm();
    const schedulesBefore = await requestCount(world.sandbox, "/api/scheduledpayments");
    const operationsBefore = world.sandbox.state.operations.length;
    const [first, second] = await Promise.all([post(fields), post(fields)]);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/pagos-recurrentes");
    expect(second.headers.get("location")).toBe("/pagos-recurrentes");
    expect(await requestCount(world.sandbox, "/api/scheduledpayments")).toBe(schedulesBefore + 1);
    expect(world.sandbox.state.operations.length).toBe(operationsBefore);
    const created = world.sandbox.state.scheduledPayments.schedules.filter((schedule) => schedule.transfer.amount === 3210.5);
    expect(created).toHaveLength(1);
  });

  it("keeps what was typed with the plan's message when the plan is refused, and sends nothing", async () => {
    const fields = { ...(await scheduleForm()), ends: "date", endDate: addDays(mexicoDate(), -1) };
    const callsBefore = await requestCount(world.sandbox, "/api/scheduledpayments");
    const answer = await post(fields);
    expect(answer.status).toBe(400);
    const body = await answer.json();
    expect(body.result.error.endDate).toEqual(["La fecha final no puede ser anterior a la primera fecha de pago."]);
    expect(body.result.initialValue.amount).toBe("3,210.50");
    expect(await requestCount(world.sandbox, "/api/scheduledpayments")).toBe(callsBefore);
  });

  it("says §8's 'Ocurrió un error al programar pago.' when the product refuses it", async () => {
    const fields = await scheduleForm();
    await control(world.sandbox, "/__faults", { path: "/api/scheduledpayments", method: "POST", kind: "status", status: 500, times: -1 });
    const answer = await post(fields).finally(() => control(world.sandbox, "/__faults", undefined, "DELETE"));
    expect(answer.status).toBe(502);
    expect((await answer.json()).result.error[""]).toEqual(["Ocurrió un error al programar pago."]);
  });
});

describe("'Pagar ahora' (the calculator linked to a scheduled payment)", () => {
  async function payNowForm(eventId: number) {
    const response = await loader({
      request: new Request(`${APP}/?operacion=transferencia&pagoProgramado=${eventId}`, { headers: { cookie: world.browser.cookie } }),
      context,
      params: {},
    });
    const { calculator } = await response.json();
    return { calculator, fields: { csrf: world.browser.csrf, operation: "transfer", idempotencyKey: calculator.idempotencyKey } };
  }
  /** The fields the loader prefilled, as the form posts them. */
  const prefilled = (prefill: Partial<Record<"amount" | "origin" | "destination" | "reason" | "concept", string>>) => ({
    amount: prefill.amount ?? "",
    origin: prefill.origin ?? "",
    destination: prefill.destination ?? "",
    reason: prefill.reason ?? "",
    concept: prefill.concept ?? "",
  });
  const company = () => world.sandbox.state.scheduledPayments.events.filter((event) => event.clientId === "100234");

  it("prefills the transfer from the payment and sends its link to the bank with the operation", async () => {
    const unpaid = company().find((event) => event.status !== "paid")!;
    const { calculator, fields } = await payNowForm(unpaid.id);
    expect(calculator.payNow).toMatchObject({ kind: "payable", eventId: String(unpaid.id) });
    const answer = await post({ ...fields, ...prefilled(calculator.prefill), scheduledPaymentEvent: String(unpaid.id) });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toMatch(/\/challenge/);
    expect(world.sandbox.state.operations.at(-1)?.scheduledPaymentEventId).toBe(unpaid.id);
  });

  /** Ana's weekly 12,500 MXN to Aceros y Perfiles: its earliest unpaid payment (the issue's `pagoProgramado=6`). */
  const acerosPayment = () => {
    const schedules = world.sandbox.state.scheduledPayments.schedules;
    const unpaid = company()
      .filter((event) => event.status !== "paid")
      .filter((event) => schedules.find((schedule) => schedule.id === event.scheduleId)?.transfer.recipientId === 502)
      .sort((a, b) => a.dateToPay.localeCompare(b.dateToPay));
    return unpaid[0]!;
  };
  const operationsFor = (eventId: number) =>
    world.sandbox.state.operations.filter((operation) => operation.scheduledPaymentEventId === eventId);

  it("pays once from two tabs submitted at the same moment (two keys): the second reads 'Este pago ya se está procesando'", async () => {
    const event = acerosPayment();
    const tabs = await Promise.all([payNowForm(event.id), payNowForm(event.id)]);
    expect(tabs[0].fields.idempotencyKey).not.toBe(tabs[1].fields.idempotencyKey);
    const sent = await requestCount(world.sandbox, "/api/setoperation");
    const answers = await Promise.all(
      tabs.map(({ calculator, fields }) => post({ ...fields, ...prefilled(calculator.prefill), scheduledPaymentEvent: String(event.id) })),
    );
    const toChallenge = answers.filter((answer) => answer.status === 302);
    const refused = answers.filter((answer) => answer.status === 400);
    expect([toChallenge.length, refused.length]).toEqual([1, 1]);
    expect(toChallenge[0]!.headers.get("location")).toMatch(/\/challenge/);
    expect((await refused[0]!.json()).result.error[""]).toEqual([
      "Este pago ya se está procesando. Revisa su operación en tu historial antes de intentarlo de nuevo: no lo enviamos dos veces.",
    ]);
    expect(operationsFor(event.id)).toHaveLength(1);
    // The second never reached the bank.
    expect(await requestCount(world.sandbox, "/api/setoperation")).toBe(sent + 1);
  });

  it("shows a third tab, and every 'Pagar ahora', that the payment is being paid, with its operation", async () => {
    const event = acerosPayment();
    const first = await payNowForm(event.id);
    await post({ ...first.fields, ...prefilled(first.calculator.prefill), scheduledPaymentEvent: String(event.id) });
    const [operation] = operationsFor(event.id);
    const { calculator } = await payNowForm(event.id);
    expect(calculator.payNow).toMatchObject({ kind: "inProgress", operationId: String(operation!.id) });
    // The notice names the payment it is about.
    expect(calculator.payNow).toMatchObject({
      payment: { payee: expect.any(String), amount: expect.stringMatching(/ MXN$/), dateToPay: event.dateToPay },
    });

    const inProgress = {
      operationId: String(operation!.id),
      message: "Este pago ya se está procesando.",
      href: `/historial-operaciones/${operation!.id}`,
      // Which payment it is: every screen names its day.
      date: event.dateToPay,
    };
    // The dashboard's notice of payments due (the payment is due today or overdue in the seed).
    const dashboard = await (
      await loader({ request: new Request(`${APP}/`, { headers: { cookie: world.browser.cookie } }), context, params: {} })
    ).json();
    const noticed = dashboard.duePayments?.items.find((item: { id: string }) => item.id === String(event.id));
    expect(noticed).toMatchObject({ payHref: null, inProgress });
    // 'Mis pagos recurrentes'.
    const recurring = await (
      await recurringLoader({
        request: new Request(`${APP}/pagos-recurrentes`, { headers: { cookie: world.browser.cookie } }),
        context,
        params: {},
      })
    ).json();
    const row = recurring.rows?.find((candidate) => candidate.inProgress?.operationId === String(operation!.id));
    expect(row).toMatchObject({ payHref: null, inProgress });
    // The planner's day.
    const planner = await (
      await plannerLoader({
        request: new Request(
          `${APP}/planner?mes=${Number(event.dateToPay.slice(5, 7))}&anio=${event.dateToPay.slice(0, 4)}&dia=${event.dateToPay}`,
          {
            headers: { cookie: world.browser.cookie },
          },
        ),
        context,
        params: {},
      })
    ).json();
    const planned = planner.day?.payments.find((payment: { id: string }) => payment.id === String(event.id));
    expect(planned).toMatchObject({ payHref: null, inProgress });
  });

  it("offers 'Pagar ahora' again once the operation paying it ended without the money", async () => {
    const event = acerosPayment();
    const first = await payNowForm(event.id);
    const answer = await post({ ...first.fields, ...prefilled(first.calculator.prefill), scheduledPaymentEvent: String(event.id) });
    const trk = new URL(answer.headers.get("location") ?? "").searchParams.get("trk") ?? "";
    // 'Cancelar' at the bank, and the app records it.
    const cancelled = await fetch(`${world.sandbox.url}/challenge/`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ trk, clave: "", action: "cancelar" }),
      redirect: "manual",
    });
    const back = new URL(cancelled.headers.get("location") ?? "");
    await transactionLoader({
      request: new Request(`${APP}/transaction${back.search}`, { headers: { cookie: world.browser.cookie } }),
      context,
      params: {},
    });
    const { calculator } = await payNowForm(event.id);
    expect(calculator.payNow).toMatchObject({ kind: "payable", eventId: String(event.id) });
  });

  it("does not offer nor send a payment already paid", async () => {
    const paid = company().find((event) => event.status === "paid")!;
    const { calculator, fields } = await payNowForm(paid.id);
    expect(calculator.payNow).toMatchObject({ kind: "paid", payment: { dateToPay: paid.dateToPay } });
    const unpaid = company().find((event) => event.status !== "paid")!;
    const { calculator: other } = await payNowForm(unpaid.id);
    const operationsBefore = world.sandbox.state.operations.length;
    const answer = await post({ ...fields, ...prefilled(other.prefill), scheduledPaymentEvent: String(paid.id) });
    expect(answer.status).toBe(400);
    expect((await answer.json()).result.error[""]).toEqual(["Este pago programado ya está pagado. No es necesario pagarlo de nuevo."]);
    expect(world.sandbox.state.operations.length).toBe(operationsBefore);
  });
});
