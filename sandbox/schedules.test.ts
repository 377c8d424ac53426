import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { bankHolidaysBetween } from "./bank-holidays";
import { DEMO_KEYS } from "./challenge";
import { addDays } from "./dates";
import { isWorkingDay, nextWorkingDay } from "./schedule-dates";
import { seedScheduledPayments } from "./schedules";
import { type Sandbox, startSandbox } from "./server";
import { transferBody } from "./test-support";

/** Recurring payments (decision 056), over HTTP as the app calls them. 2026-11-25 is a Wednesday. */
const START = new Date("2026-11-25T18:00:00.000Z");
let clock = START;
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, appUrl: "http://app.test:3000", now: () => clock, applyDelayMs: 20 });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  clock = START;
  await fetch(`${sandbox.url}/__reset`, { method: "POST" });
});

type Json = Record<string, unknown>;
type Reply = { status: number; body: Json & Json[] };

async function productJwt(userName: string): Promise<string> {
  const portal = await fetch(`${sandbox.url}/banca/entrar?usuario=${userName}`, { redirect: "manual" });
  const externalToken = new URL(portal.headers.get("location") ?? "").searchParams.get("jwt");
  const res = await fetch(`${sandbox.url}/api/loginuser`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ externalToken }),
  });
  return ((await res.json()) as { jwt: string }).jwt;
}

async function call(jwt: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const res = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${jwt}`, "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json & Json[] };
}

const schedule = (overrides: Json = {}, recurrent: Json = {}): Json => ({
  ...transferBody({ amount: 15000, aditionalInformation: "Telas mensual" }),
  recurrent: { frequency: "monthly", firstDate: "2027-01-31", count: 3, ...recurrent },
  ...overrides,
});
const create = (jwt: string, body: unknown, key: string = crypto.randomUUID()) =>
  call(jwt, "POST", "/api/scheduledpayments", body, { "idempotency-key": key });
const eventsOn = async (jwt: string, date: string) => (await call(jwt, "GET", `/api/scheduledpaymentevents?date=${date}`)).body;
const plannerNotifications = (memberId: number) =>
  sandbox.state.notifications.filter((record) => record.memberId === memberId && record.module === "planner");

/** A transfer through /setoperation and the bank's challenge, as 'pay now' does. */
async function payThroughChallenge(jwt: string, body: Json, clave = "123456") {
  const created = await call(jwt, "POST", "/api/setoperation", body, { "idempotency-key": crypto.randomUUID() });
  expect(created.status).toBe(201);
  const trk = String(created.body.trk);
  await fetch(`${sandbox.url}/challenge/`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ trk, clave, action: "confirmar" }),
    redirect: "manual",
  });
  const res = DEMO_KEYS.find((entry) => entry.key === clave)?.outcome.res ?? "1";
  const result = await call(jwt, "POST", "/api/processchallenge", { res, msg: "Operación autorizada", trk });
  expect(result.status).toBe(200);
  return Number(created.body.id);
}

const transfer = (overrides: Json = {}): Json => {
  const { recurrent: _recurrent, ...body } = schedule({ recipient: { idRecipient: 502 }, amount: 12500, amountOrigin: 12500 });
  void _recurrent;
  return { ...body, amountDestiny: 12500, total: 12500, ...overrides };
};

describe("auth", () => {
  it("answers 401 without a valid product jwt on every call", async () => {
    for (const [method, path] of [
      ["GET", "/api/scheduledpayments"],
      ["POST", "/api/scheduledpayments"],
      ["GET", "/api/scheduledpayments/1"],
      ["PUT", "/api/scheduledpayments/1"],
      ["DELETE", "/api/scheduledpayments/1"],
      ["GET", "/api/scheduledpaymentevents?date=2026-11"],
      ["GET", "/api/scheduledpaymentevents/topten"],
      ["GET", "/api/scheduledpaymentevents/1"],
      ["PUT", "/api/scheduledpaymentevents/1"],
      ["DELETE", "/api/scheduledpaymentevents/1"],
    ]) {
      expect((await call("nope", method, path)).status, `${method} ${path}`).toBe(401);
    }
  });
});

describe("seeded schedules", () => {
  it("keep Importadora del Bajío's overdue payments, and one due today when the bank works, whatever day it is", () => {
    // The end-to-end tests rely on it; two days back was not enough on a Saturday, a Sunday or a Monday.
    const holidays = bankHolidaysBetween(2026, 2031);
    const holidaySet = new Set(holidays);
    for (let day = "2026-01-01"; day <= "2029-12-31"; day = addDays(day, 1)) {
      const events = seedScheduledPayments(new Date(`${day}T18:00:00.000Z`), holidays).events.filter(
        (event) => event.clientId === "100234",
      );
      const overdue = (scheduleId: number) =>
        events.filter((event) => event.scheduleId === scheduleId && event.status === "pending").length;
      expect([overdue(1), overdue(2), overdue(3)], `overdue weekly / monthly / fortnightly on ${day}`).toEqual([1, 2, 0]);
      const dueToday = events.some((event) => event.dateToPay === day && event.status === "scheduled");
      expect(dueToday, `a payment due on ${day}`).toBe(isWorkingDay(day, holidaySet));
    }
  });

  it("gives Importadora del Bajío weekly, monthly and fortnightly plans with paid, overdue and due-today payments", async () => {
    const ana = await productJwt("ana.admin");
    const list = (await call(ana, "GET", "/api/scheduledpayments")).body;
    expect(list.map((item) => (item.recurrent as Json).frequency)).toEqual(["weekly", "monthly", "fortnightly"]);
    expect(list.map((item) => item.status)).toEqual(["pending", "pending", "scheduled"]);
    expect(list[0]).toMatchObject({
      amount: 12500,
      currency: "MXN",
      recipient: { idRecipient: 502, nombreCompleto: "Aceros y Perfiles de Querétaro S.A. de C.V." },
      nextEvent: { dateToPay: "2026-11-18", status: "pending" },
      events: { paid: 5, pending: 1 },
    });
    const today = await eventsOn(ana, "2026-11-25");
    expect(today).toHaveLength(1);
    expect(today[0]).toMatchObject({ status: "scheduled", frequency: "weekly", amount: 12500, operation: null });
    const month = await eventsOn(ana, "2026-11");
    expect(new Set(month.map((event) => event.status))).toEqual(new Set(["paid", "pending", "scheduled"]));
    expect(month.every((event) => String(event.dateToPay).startsWith("2026-11-"))).toBe(true);
    // A monthly plan on the 20th: September's fell on a Sunday and is due on Monday.
    const september = await eventsOn(ana, "2026-09");
    expect(september[0]).toMatchObject({ scheduledDate: "2026-09-20", dateToPay: "2026-09-21", status: "paid" });
  });

  it("lists the ten most urgent unpaid payments, overdue first, and every company sees only its own", async () => {
    const ana = await productJwt("ana.admin");
    const top = (await call(ana, "GET", "/api/scheduledpaymentevents/topten")).body;
    expect(top).toHaveLength(10);
    expect(top.every((event) => event.status !== "paid")).toBe(true);
    expect(top.slice(0, 3).map((event) => event.status)).toEqual(["pending", "pending", "pending"]);
    expect(top.map((event) => String(event.dateToPay))).toEqual(top.map((event) => String(event.dateToPay)).sort());
    const beatriz = await productJwt("beatriz.basica");
    const hers = (await call(beatriz, "GET", "/api/scheduledpayments")).body;
    expect(hers).toHaveLength(1);
    expect((await call(beatriz, "GET", `/api/scheduledpaymentevents/${String(top[0].id)}`)).status).toBe(404);
    expect((await call(beatriz, "GET", `/api/scheduledpayments/${String((top[0] as Json).scheduledPaymentId)}`)).status).toBe(404);
  });

  it("tells nobody anything at start (the demo's notification counts stay as they were)", async () => {
    const ana = await productJwt("ana.admin");
    const before = sandbox.state.notifications.length;
    await call(ana, "GET", "/api/scheduledpaymentevents/topten");
    await fetch(`${sandbox.url}/__scheduledpayments`);
    expect(sandbox.state.notifications.length).toBe(before);
  });

  it("refuses a bad date query", async () => {
    const ana = await productJwt("ana.admin");
    for (const date of ["", "2026-02-30", "2026-13", "noviembre", "2026-11-5"]) {
      const answer = await call(ana, "GET", `/api/scheduledpaymentevents?date=${date}`);
      expect(answer.status, date).toBe(400);
      expect(answer.body.code).toBe("INVALID_QUERY");
    }
  });
});

describe("creating a schedule", () => {
  it("plans a monthly payment on month ends, moving weekends and holidays to the next working day", async () => {
    const ana = await productJwt("ana.admin");
    const created = await create(ana, schedule());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: "scheduled",
      amount: 15000,
      currency: "MXN",
      recipient: { idRecipient: 501, alias: "Telas Monterrey" },
      recurrent: { frequency: "monthly", firstDate: "2027-01-31", endDate: null, count: 3 },
      // 31 Jan 2027 is a Sunday and 1 Feb a bank holiday.
      nextEvent: { dateToPay: "2027-02-02", status: "scheduled" },
      events: { scheduled: 3, pending: 0, paid: 0 },
      createdBy: { memberId: 1, completeName: "Ana Martínez Ríos" },
    });
    const days = [...(await eventsOn(ana, "2027-02")), ...(await eventsOn(ana, "2027-03"))]
      .filter((event) => event.scheduledPaymentId === created.body.id)
      .map((event) => [event.scheduledDate, event.dateToPay]);
    expect(days).toEqual([
      ["2027-01-31", "2027-02-02"],
      ["2027-02-28", "2027-03-01"],
      ["2027-03-31", "2027-03-31"],
    ]);
    expect((await call(ana, "GET", `/api/scheduledpayments/${String(created.body.id)}`)).body).toEqual(created.body);
  });

  it("accepts an end date instead of a count; own accounts must be the company's and another one", async () => {
    const ana = await productJwt("ana.admin");
    const fortnightly = await create(
      ana,
      schedule({}, { frequency: "fortnightly", firstDate: "2026-11-25", count: null, endDate: "2026-12-31" }),
    );
    expect(fortnightly.status).toBe(201);
    expect(fortnightly.body).toMatchObject({ events: { scheduled: 3 }, nextEvent: { dateToPay: "2026-11-25" } });
    const foreign = await create(ana, schedule({ recipient: null, accountDestiny: { idCuenta: "A-100871-01", idDivisa: "MXN" } }));
    expect([foreign.status, foreign.body.code]).toEqual([404, "ACCOUNT_NOT_FOUND"]);
    const same = await create(ana, schedule({ recipient: null, accountDestiny: { idCuenta: "A-100234-01", idDivisa: "MXN" } }));
    expect([same.status, same.body.code]).toEqual([422, "SAME_ACCOUNT"]);
    const neither = await create(ana, schedule({ recipient: null }));
    expect([neither.status, neither.body.code]).toEqual([400, "INVALID_BODY"]);
  });

  it("needs an Idempotency-Key and answers a repeated key with the first schedule", async () => {
    const ana = await productJwt("ana.admin");
    const missing = await call(ana, "POST", "/api/scheduledpayments", schedule());
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    const key = crypto.randomUUID();
    const answers = await Promise.all([create(ana, schedule(), key), create(ana, schedule(), key), create(ana, schedule(), key)]);
    const statuses = answers.map((answer) => answer.status).sort();
    // Concurrent duplicates: one creates, the others get the first answer or are told it is in flight.
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.every((status) => status === 201 || status === 200 || status === 409)).toBe(true);
    const again = await create(ana, schedule(), key);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(answers.find((answer) => answer.status === 201)?.body.id);
    const reused = await create(ana, schedule({ amount: 16000 }), key);
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
    const control = (await (await fetch(`${sandbox.url}/__scheduledpayments`)).json()) as { schedules: Json[] };
    expect(control.schedules.filter((item) => item.idempotencyKey === key)).toHaveLength(1);
  });

  it("refuses what the bank would refuse, and keeps nothing", async () => {
    const ana = await productJwt("ana.admin");
    const cases: [Json, number, string][] = [
      [schedule({}, { firstDate: "2026-11-24" }), 422, "INVALID_RECURRENCE"],
      [schedule({}, { endDate: "2027-12-31" }), 422, "INVALID_RECURRENCE"],
      [schedule({}, { count: null }), 422, "INVALID_RECURRENCE"],
      [schedule({}, { count: null, endDate: "2029-02-28" }), 422, "INVALID_RECURRENCE"],
      [schedule({}, { frequency: "daily" }), 400, "INVALID_BODY"],
      [schedule({}, { firstDate: "2027-02-30" }), 400, "INVALID_BODY"],
      [schedule({ amount: 0, amountOrigin: 0 }), 400, "INVALID_BODY"],
      [schedule({ amount: 10.005 }), 400, "INVALID_BODY"],
      [schedule({ operation: "buy" }), 400, "INVALID_BODY"],
      [schedule({ accountDestiny: { idCuenta: "A-100234-03", idDivisa: "EUR" } }), 400, "INVALID_BODY"],
      [schedule({ concept: 999 }), 400, "INVALID_BODY"],
      [schedule({ concept: 21, aditionalInformation: "" }), 400, "INVALID_BODY"],
      [schedule({ aditionalInformation: "x".repeat(41) }), 400, "INVALID_BODY"],
      [schedule({ recipient: { idRecipient: 511 } }), 404, "RECIPIENT_NOT_FOUND"],
      [schedule({ accountOrigin: { idCuenta: "A-200115-01", idDivisa: "MXN" } }), 404, "ACCOUNT_NOT_FOUND"],
      [schedule({ recipient: { idRecipient: 504 } }), 422, "RECIPIENT_NOT_AUTHORIZED"],
      [schedule({ recipient: { idRecipient: 503 } }), 422, "CURRENCY_MISMATCH"],
    ];
    const before = sandbox.state.scheduledPayments.schedules.length;
    for (const [body, status, code] of cases) {
      const answer = await create(ana, body);
      expect([answer.status, answer.body.code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect(sandbox.state.scheduledPayments.schedules.length).toBe(before);
    const detailed = await create(ana, schedule({ concept: 21, aditionalInformation: "Honorarios" }));
    expect(detailed.status).toBe(201);
  });

  it("follows the member's permissions: a collaborator without third-party sending cannot schedule a recipient", async () => {
    const carlos = await productJwt("carlos.colaborador");
    const third = await create(carlos, schedule());
    expect([third.status, third.body.code]).toEqual([403, "FORBIDDEN"]);
    const own = await create(
      carlos,
      schedule({
        recipient: null,
        accountOrigin: { idCuenta: "A-100234-02", idDivisa: "USD" },
        accountDestiny: { idCuenta: "A-100234-02", idDivisa: "USD" },
      }),
    );
    expect(own.body.code).toBe("SAME_ACCOUNT");
    // Nor change or delete one that pays a recipient.
    const [weekly] = (await call(carlos, "GET", "/api/scheduledpayments")).body;
    expect((await call(carlos, "PUT", `/api/scheduledpayments/${String(weekly.id)}`, schedule())).status).toBe(403);
    expect((await call(carlos, "DELETE", `/api/scheduledpayments/${String(weekly.id)}`)).status).toBe(403);
    expect((await call(carlos, "DELETE", `/api/scheduledpaymentevents/${String((weekly.nextEvent as Json).id)}`)).status).toBe(403);
    expect((await call(carlos, "GET", "/api/scheduledpayments")).body).toHaveLength(3);
  });
});

describe("editing and deleting", () => {
  it("an edit re-plans the future, keeps the past and keeps a deleted day deleted", async () => {
    const ana = await productJwt("ana.admin");
    const weekly = (await call(ana, "GET", "/api/scheduledpayments")).body[0];
    const id = String(weekly.id);
    const before = sandbox.state.scheduledPayments.events.filter((event) => event.scheduleId === weekly.id);
    const past = before.filter((event) => event.dateToPay < "2026-11-25");
    const skipped = before.find((event) => event.dateToPay === "2026-12-09");
    expect((await call(ana, "DELETE", `/api/scheduledpaymentevents/${String(skipped?.id)}`)).body).toEqual({
      id: skipped?.id,
      deleted: true,
    });
    const edited = await call(ana, "PUT", `/api/scheduledpayments/${id}`, {
      ...schedule({ recipient: { idRecipient: 501 }, amount: 13000 }),
      recurrent: weekly.recurrent,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ amount: 13000, events: { paid: 5, pending: 1, scheduled: 9 } });
    const after = sandbox.state.scheduledPayments.events.filter((event) => event.scheduleId === weekly.id);
    expect(after.filter((event) => event.dateToPay < "2026-11-25")).toEqual(past);
    expect(after.some((event) => event.dateToPay === "2026-12-09")).toBe(false);
    // Paid payments keep what was paid and to whom; the rest show the new amount and recipient.
    const november = (await eventsOn(ana, "2026-11")).filter((event) => event.scheduledPaymentId === weekly.id);
    expect(november.map((event) => [event.status, event.amount, (event.recipient as Json).idRecipient])).toEqual([
      ["paid", 12500, 502],
      ["paid", 12500, 502],
      ["pending", 13000, 501],
      ["scheduled", 13000, 501],
    ]);
  });

  it("an edit may not move the first date into the past, and another company's schedule does not exist", async () => {
    const ana = await productJwt("ana.admin");
    const created = await create(ana, schedule());
    const moved = await call(ana, "PUT", `/api/scheduledpayments/${String(created.body.id)}`, schedule({}, { firstDate: "2026-11-01" }));
    expect([moved.status, moved.body.code]).toEqual([422, "INVALID_RECURRENCE"]);
    const weekly = await call(ana, "PUT", `/api/scheduledpayments/${String(created.body.id)}`, schedule({}, { frequency: "weekly" }));
    expect(weekly.body).toMatchObject({ recurrent: { frequency: "weekly" }, events: { scheduled: 3 } });
    const beatriz = await productJwt("beatriz.basica");
    expect((await call(beatriz, "PUT", `/api/scheduledpayments/${String(created.body.id)}`, schedule())).status).toBe(404);
    expect((await call(beatriz, "DELETE", `/api/scheduledpayments/${String(created.body.id)}`)).status).toBe(404);
  });

  it("deleting a schedule drops its unpaid payments and keeps the paid ones on the planner", async () => {
    const ana = await productJwt("ana.admin");
    const weekly = (await call(ana, "GET", "/api/scheduledpayments")).body[0];
    const deleted = await call(ana, "DELETE", `/api/scheduledpayments/${String(weekly.id)}`);
    expect(deleted.body).toEqual({ id: weekly.id, deleted: true });
    expect((await call(ana, "GET", `/api/scheduledpayments/${String(weekly.id)}`)).status).toBe(404);
    expect((await call(ana, "DELETE", `/api/scheduledpayments/${String(weekly.id)}`)).status).toBe(404);
    expect((await call(ana, "GET", "/api/scheduledpayments")).body).toHaveLength(2);
    const left = (await eventsOn(ana, "2026-11")).filter((event) => event.scheduledPaymentId === weekly.id);
    expect(left.map((event) => event.status)).toEqual(["paid", "paid"]);
    expect(left[0]).toMatchObject({ amount: 12500, recipient: { idRecipient: 502 } });
  });

  it("a paid payment cannot be deleted", async () => {
    const ana = await productJwt("ana.admin");
    const paid = (await eventsOn(ana, "2026-11")).find((event) => event.status === "paid");
    const answer = await call(ana, "DELETE", `/api/scheduledpaymentevents/${String(paid?.id)}`);
    expect([answer.status, answer.body.code]).toEqual([409, "SCHEDULED_PAYMENT_EVENT_PAID"]);
    expect((await call(ana, "DELETE", "/api/scheduledpaymentevents/99999")).status).toBe(404);
  });
});

describe("paying a scheduled payment", () => {
  it("a successful challenge of an operation created with scheduledPaymentEvent marks the event paid", async () => {
    const ana = await productJwt("ana.admin");
    const [due] = await eventsOn(ana, "2026-11-25");
    const operationId = await payThroughChallenge(ana, transfer({ scheduledPaymentEvent: { id: due.id } }));
    const paid = (await call(ana, "GET", `/api/scheduledpaymentevents/${String(due.id)}`)).body;
    expect(paid).toMatchObject({
      status: "paid",
      operation: { id: operationId, status: expect.stringMatching(/^(applying|applied)$/) as unknown },
      amount: 12500,
    });
    // The app's PUT with the same operation afterwards is harmless.
    const put = await call(ana, "PUT", `/api/scheduledpaymentevents/${String(due.id)}`, { operation: operationId, status: "paid" });
    expect(put.status).toBe(200);
    // The operation cannot pay a second event, nor can a second operation pay this one.
    const [pending] = (await eventsOn(ana, "2026-11-18")).filter((event) => event.status === "pending");
    const reused = await call(ana, "PUT", `/api/scheduledpaymentevents/${String(pending.id)}`, {
      operation: { id: operationId },
      status: "paid",
    });
    expect([reused.status, reused.body.code]).toEqual([409, "OPERATION_ALREADY_USED"]);
    const twice = await call(ana, "POST", "/api/setoperation", transfer({ scheduledPaymentEvent: { id: due.id } }), {
      "idempotency-key": crypto.randomUUID(),
    });
    expect([twice.status, twice.body.code]).toEqual([409, "SCHEDULED_PAYMENT_EVENT_PAID"]);
  });

  it("a failed challenge leaves the event unpaid", async () => {
    const ana = await productJwt("ana.admin");
    const [due] = await eventsOn(ana, "2026-11-25");
    await payThroughChallenge(ana, transfer({ scheduledPaymentEvent: { id: due.id } }), "111111");
    expect((await call(ana, "GET", `/api/scheduledpaymentevents/${String(due.id)}`)).body).toMatchObject({
      status: "scheduled",
      operation: null,
    });
  });

  it("an operation that ends without the money arriving makes its event unpaid again", async () => {
    const ana = await productJwt("ana.admin");
    const [due] = await eventsOn(ana, "2026-11-25");
    const operationId = await payThroughChallenge(ana, transfer({ scheduledPaymentEvent: { id: due.id } }));
    await fetch(`${sandbox.url}/__operations/${String(operationId)}/status`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ status: "returned" }),
    });
    expect((await call(ana, "GET", `/api/scheduledpaymentevents/${String(due.id)}`)).body).toMatchObject({
      status: "scheduled",
      operation: null,
    });
  });

  it("setoperation refuses an event of another payee, an unknown one, and binds the key to the event", async () => {
    const ana = await productJwt("ana.admin");
    const [due] = await eventsOn(ana, "2026-11-25");
    const key = crypto.randomUUID();
    const mismatch = await call(
      ana,
      "POST",
      "/api/setoperation",
      transfer({ recipient: { idRecipient: 501 }, scheduledPaymentEvent: { id: due.id } }),
      {
        "idempotency-key": key,
      },
    );
    expect([mismatch.status, mismatch.body.code]).toEqual([422, "SCHEDULED_PAYMENT_MISMATCH"]);
    const unknown = await call(ana, "POST", "/api/setoperation", transfer({ scheduledPaymentEvent: { id: 99999 } }), {
      "idempotency-key": key,
    });
    expect([unknown.status, unknown.body.code]).toEqual([404, "SCHEDULED_PAYMENT_EVENT_NOT_FOUND"]);
    const first = await call(ana, "POST", "/api/setoperation", transfer({ scheduledPaymentEvent: { id: due.id } }), {
      "idempotency-key": key,
    });
    expect(first.status).toBe(201);
    const other = await call(ana, "POST", "/api/setoperation", transfer(), { "idempotency-key": key });
    expect([other.status, other.body.code]).toEqual([422, "IDEMPOTENCY_KEY_REUSED"]);
  });

  it("PUT marks an event paid with a confirmed operation of the same payee only", async () => {
    const ana = await productJwt("ana.admin");
    const [due] = await eventsOn(ana, "2026-11-25");
    const sent = await call(ana, "POST", "/api/setoperation", transfer(), { "idempotency-key": crypto.randomUUID() });
    const early = await call(ana, "PUT", `/api/scheduledpaymentevents/${String(due.id)}`, { operation: sent.body.id, status: "paid" });
    expect([early.status, early.body.code]).toEqual([409, "OPERATION_NOT_CONFIRMED"]);
    const otherPayee = await payThroughChallenge(ana, transfer({ recipient: { idRecipient: 501 } }));
    const wrong = await call(ana, "PUT", `/api/scheduledpaymentevents/${String(due.id)}`, { operation: otherPayee, status: "paid" });
    expect([wrong.status, wrong.body.code]).toEqual([422, "SCHEDULED_PAYMENT_MISMATCH"]);
    const bad = await call(ana, "PUT", `/api/scheduledpaymentevents/${String(due.id)}`, { operation: otherPayee, status: "pending" });
    expect(bad.status).toBe(400);
    const unknown = await call(ana, "PUT", `/api/scheduledpaymentevents/${String(due.id)}`, { operation: 99999, status: "paid" });
    expect(unknown.status).toBe(404);
    const operationId = await payThroughChallenge(ana, transfer());
    const paid = await call(ana, "PUT", `/api/scheduledpaymentevents/${String(due.id)}`, { operation: operationId, status: "paid" });
    expect(paid.body).toMatchObject({ status: "paid", operation: { id: operationId } });
    const again = await call(ana, "PUT", `/api/scheduledpaymentevents/${String(due.id)}`, { operation: otherPayee, status: "paid" });
    expect([again.status, again.body.code]).toEqual([409, "SCHEDULED_PAYMENT_EVENT_PAID"]);
  });
});

describe("the planner's day change", () => {
  it("turns a missed payment pending and tells its creator, then reminds of the payments due the new day", async () => {
    expect(plannerNotifications(1).filter((record) => record.detail && (record.detail as Json).id !== undefined)).toEqual([]);
    const seeded = plannerNotifications(1).length;
    clock = new Date("2026-11-26T18:00:00.000Z");
    const ana = await productJwt("ana.admin");
    const [missed] = await eventsOn(ana, "2026-11-25");
    expect(missed.status).toBe("pending");
    const told = plannerNotifications(1).slice(seeded);
    // The weekly payment of Importadora del Bajío and the monthly one of Logística Pacífico Norte.
    expect(told.map((record) => [record.type, record.title, record.status])).toEqual([
      ["pending", "Pago pendiente", "pending"],
      ["pending", "Pago pendiente", "pending"],
    ]);
    expect(told[0].copy).toBe(
      "No registramos tu pago programado a Aceros y Perfiles de Querétaro S.A. de C.V. por $12,500.00 MXN. Revísalo en tu planificador de pagos.",
    );
    expect(told[0].detail).toMatchObject({ dateToPay: "2026-11-25", id: missed.id });
    // Nothing more the same day.
    await fetch(`${sandbox.url}/__scheduledpayments/sync`, { method: "POST" });
    expect(plannerNotifications(1).length).toBe(seeded + 2);
    clock = new Date("2026-11-27T15:00:00.000Z");
    await fetch(`${sandbox.url}/__scheduledpayments/sync`, { method: "POST" });
    const reminder = plannerNotifications(1).slice(seeded + 2);
    expect(reminder.map((record) => [record.type, record.title, record.copy])).toEqual([
      ["info", "Recordatorio de pago", "Hoy vence tu pago programado a Shenzhen Bright Components Co., Ltd. por $4,800.00 USD."],
    ]);
  });

  it("uses Mexico City days: 05:59 UTC is still the previous day", async () => {
    const seeded = plannerNotifications(1).length;
    clock = new Date("2026-11-26T05:59:00.000Z");
    await fetch(`${sandbox.url}/__scheduledpayments/sync`, { method: "POST" });
    expect(plannerNotifications(1).length).toBe(seeded);
    clock = new Date("2026-11-26T06:01:00.000Z");
    await fetch(`${sandbox.url}/__scheduledpayments/sync`, { method: "POST" });
    expect(plannerNotifications(1).length).toBe(seeded + 2);
  });
});

describe("the seed, whatever the day", () => {
  it("always has paid, overdue and due payments in Importadora del Bajío, due on a working day", () => {
    const holidays = sandbox.state.catalogs.nonWorkingDates;
    for (let day = 0; day < 730; day += 3) {
      const now = new Date(Date.UTC(2026, 0, 1, 18) + day * 86_400_000);
      const seeded = seedScheduledPayments(now, holidays);
      const today = seeded.day;
      const due = nextWorkingDay(today, new Set(holidays));
      const mine = seeded.events.filter((event) => event.clientId === "100234");
      const statuses = new Set(mine.map((event) => event.status));
      expect([...statuses].sort(), today).toEqual(["paid", "pending", "scheduled"]);
      expect(
        mine.some((event) => event.dateToPay === due && event.status === "scheduled"),
        today,
      ).toBe(true);
      expect(mine.every((event) => event.status === "paid" || (event.status === "pending") === event.dateToPay < today)).toBe(true);
      expect(mine.every((event) => isWorkingDay(event.dateToPay, new Set(holidays)))).toBe(true);
      expect(seeded.schedules.every((schedule) => schedule.createdAt <= now.toISOString())).toBe(true);
    }
  });
});

describe("scheduledPayments: none", () => {
  it("starts and resets without recurring payments; a control lays out one with a past", async () => {
    const bare = await startSandbox({ port: 0, appUrl: "http://app.test:3000", now: () => START, scheduledPayments: "none" });
    try {
      expect(bare.state.scheduledPayments.schedules).toEqual([]);
      await fetch(`${bare.url}/__reset`, { method: "POST" });
      expect(bare.state.scheduledPayments.schedules).toEqual([]);
      expect(bare.state.scheduledPayments.events).toEqual([]);
      // A test lays out the schedule it needs, past included, without notifications.
      const control = (body: unknown) =>
        fetch(`${bare.url}/__scheduledpayments`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      const notifications = bare.state.notifications.length;
      const made = await control({
        userName: "beatriz.basica",
        amount: 5000,
        accountOrigin: "A-200115-01",
        recipientId: 521,
        recurrent: { frequency: "monthly", firstDate: "2026-10-01", count: 4 },
        paid: 1,
      });
      expect(made.status).toBe(201);
      expect(await made.json()).toMatchObject({ status: "pending", events: { paid: 1, pending: 1, scheduled: 2 } });
      expect(bare.state.scheduledPayments.events.map((event) => [event.dateToPay, event.status])).toEqual([
        ["2026-10-01", "paid"],
        ["2026-11-03", "pending"],
        ["2026-12-01", "scheduled"],
        ["2027-01-04", "scheduled"],
      ]);
      expect(bare.state.notifications.length).toBe(notifications);
      const base = { amount: 1, accountOrigin: "A-200115-01", recurrent: { frequency: "weekly", firstDate: "2026-10-01", count: 1 } };
      expect((await control({ ...base, userName: "nadie", recipientId: 521 })).status).toBe(404);
      expect((await control({ ...base, userName: "beatriz.basica", recipientId: 501 })).status).toBe(404);
      expect((await control({ ...base, userName: "beatriz.basica", accountOrigin: "A-100234-01", recipientId: 521 })).status).toBe(404);
      expect((await control({ ...base, userName: "beatriz.basica" })).status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
