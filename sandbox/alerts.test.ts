import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { until } from "../tests/support/wait";
import { reaches } from "./alerts";
import { type Sandbox, startSandbox } from "./server";

/** Price alerts and follows of the product API (decision 045), over HTTP as the app calls them. */
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, appUrl: "http://app.test:3000" });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  await fetch(`${sandbox.url}/__reset`, { method: "POST" });
});

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

async function call(jwt: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${jwt}`, "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & Array<Record<string, unknown>> };
}

const alert = (targetRate: number, condition: "above" | "below" = "above") => ({
  pair: "USD/MXN",
  operation: "buy",
  targetRate,
  condition,
});
const createAlert = (jwt: string, body: unknown, key: string = crypto.randomUUID()) =>
  call(jwt, "POST", "/api/price-alerts", body, { "idempotency-key": key });
const control = (path: string, body: unknown) =>
  fetch(`${sandbox.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
/** USD/MXN's live mid as the rate history ends on it; it changes on every tick of the feed. */
async function liveMid(jwt: string): Promise<number | undefined> {
  const history = (await call(jwt, "GET", "/api/rate-history?pair=USD/MXN&range=1D")).body as unknown as { points: { rate: number }[] };
  return history.points.at(-1)?.rate;
}

describe("price alerts", () => {
  it("creates, lists and deletes a member's alerts, and another member sees none of them", async () => {
    const ana = await productJwt("ana.admin");
    const created = await createAlert(ana, alert(99));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ pair: "USD/MXN", operation: "buy", targetRate: 99, condition: "above", status: "active" });
    const beatriz = await productJwt("beatriz.basica");
    expect((await call(beatriz, "GET", "/api/price-alerts")).body).toEqual([]);
    expect((await call(beatriz, "DELETE", `/api/price-alerts/${String(created.body.id)}`)).status).toBe(404);
    expect((await call(ana, "GET", "/api/price-alerts")).body).toHaveLength(1);
    expect((await call(ana, "DELETE", `/api/price-alerts/${String(created.body.id)}`)).status).toBe(200);
    expect((await call(ana, "GET", "/api/price-alerts")).body).toEqual([]);
  });

  it("refuses a sixth alert, even when several are created at once", async () => {
    const ana = await productJwt("ana.admin");
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => createAlert(ana, alert(90 + i))));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.body).toMatchObject({ code: "ALERT_LIMIT", message: "No puedes generar más de 5 alertas" });
    expect((await call(ana, "GET", "/api/price-alerts")).body).toHaveLength(5);
  });

  it("answers a repeated key with the first alert and creates nothing new", async () => {
    const ana = await productJwt("ana.admin");
    const key = crypto.randomUUID();
    const [first, second] = await Promise.all([createAlert(ana, alert(99), key), createAlert(ana, alert(99), key)]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(second.body.id).toBe(first.body.id);
    const again = await createAlert(ana, alert(99), key);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect((await createAlert(ana, alert(98), key)).status).toBe(422);
    expect((await call(ana, "GET", "/api/price-alerts")).body).toHaveLength(1);
  });

  it("refuses a missing key, an unknown pair and a rate with more than 6 decimals", async () => {
    const ana = await productJwt("ana.admin");
    expect((await call(ana, "POST", "/api/price-alerts", alert(18))).status).toBe(400);
    expect((await createAlert(ana, { ...alert(18), pair: "XXX/MXN" })).status).toBe(400);
    expect((await createAlert(ana, alert(18.1234567))).status).toBe(400);
  });

  it("fires once when the best price crosses the target, and tells the member", async () => {
    const ana = await productJwt("ana.admin");
    const created = await createAlert(ana, alert(17.5, "above"));
    await createAlert(ana, { ...alert(16, "below"), operation: "sell" });
    expect((await control("/__prices/level", { pair: "USD/MXN", level: 17.6 })).status).toBe(200);
    await until(
      async () => (await call(ana, "GET", "/api/price-alerts")).body.find((one) => one.id === created.body.id)?.status === "triggered",
      { what: "the alert to fire" },
    );
    const alerts = (await call(ana, "GET", "/api/price-alerts")).body;
    const fired = alerts.find((one) => one.id === created.body.id)!;
    expect(fired).toMatchObject({ status: "triggered" });
    expect(fired.triggeredRate).toBeGreaterThanOrEqual(17.5);
    expect(alerts.find((one) => one.id !== created.body.id)).toMatchObject({ status: "active" });
    const notifications = (await call(ana, "GET", "/notifications-api/notifications?module=priceAlert")).body as unknown as {
      data: Array<{ detail: { id: number; pair: string }; title: string }>;
    };
    expect(notifications.data).toHaveLength(1);
    expect(notifications.data[0]).toMatchObject({ title: "Alerta de precio", detail: { id: created.body.id, pair: "USD/MXN" } });
    // Still above the target on later ticks: no second notification.
    await control("/__prices/level", { pair: "USD/MXN", level: 17.7 });
    // The move ticks the pair once; when the mid changes again, a tick of the feed evaluated the alerts again.
    const moved = await liveMid(ana);
    await until(async () => (await liveMid(ana)) !== moved, { what: "a later tick of USD/MXN" });
    const again = (await call(ana, "GET", "/notifications-api/notifications?module=priceAlert")).body as unknown as { data: unknown[] };
    expect(again.data).toHaveLength(1);
  });

  it("reads above and below as at or past the target", () => {
    expect(reaches(17.5, { targetRate: 17.5, condition: "above" })).toBe(true);
    expect(reaches(17.49, { targetRate: 17.5, condition: "above" })).toBe(false);
    expect(reaches(17.5, { targetRate: 17.5, condition: "below" })).toBe(true);
    expect(reaches(17.51, { targetRate: 17.5, condition: "below" })).toBe(false);
  });
});

describe("follows", () => {
  it("follows a pair once, refuses the duplicate with §8's message, and unfollows", async () => {
    const ana = await productJwt("ana.admin");
    const created = await call(ana, "POST", "/api/follows", { pair: "eur/mxn" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ pair: "EUR/MXN" });
    const duplicate = await call(ana, "POST", "/api/follows", { pair: "EUR/MXN" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ code: "FOLLOW_EXISTS", message: "Ya existe un seguimiento para el tipo de cambio de EUR/MXN." });
    expect((await call(ana, "GET", "/api/follows")).body).toHaveLength(1);
    expect((await call(ana, "DELETE", `/api/follows/${String(created.body.id)}`)).status).toBe(200);
    expect((await call(ana, "GET", "/api/follows")).body).toEqual([]);
    expect((await call(ana, "DELETE", `/api/follows/${String(created.body.id)}`)).status).toBe(404);
  });
});
