import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { type Sandbox, startSandbox } from "./server";

const NOW = new Date("2026-03-10T18:00:00.000Z");
const BASE = "/notifications-api/notifications";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, appUrl: "http://app.test:3000", now: () => NOW });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(async () => {
  await fetch(`${sandbox.url}/__reset`, { method: "POST" });
});

type Notification = {
  id: number;
  module: string;
  type: string;
  read: boolean;
  readAt: string | null;
  title: string;
  copy: string;
  createdAt: string;
  detail: unknown;
  status: string | null;
};
type Page = {
  data: Notification[];
  meta: { page: number; take: number; itemCount: number; pageCount: number; hasNextPage: boolean; unreadCount: number };
};

async function call<T = unknown>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${sandbox.url}${path}`, init);
  const text = await res.text();
  return { status: res.status, body: (text === "" ? undefined : JSON.parse(text)) as T };
}

async function productJwt(userName: string): Promise<string> {
  const portal = await fetch(`${sandbox.url}/banca/entrar?usuario=${userName}`, { redirect: "manual" });
  const externalToken = new URL(portal.headers.get("location") ?? "").searchParams.get("jwt");
  const { body } = await call<{ jwt: string }>("/api/loginuser", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ externalToken }),
  });
  return body.jwt;
}

const as = (jwt: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { authorization: `Bearer ${jwt}`, ...(init.body ? { "content-type": "application/json" } : {}) },
});

const list = (jwt: string, query = "") => call<Page>(`${BASE}${query}`, as(jwt));

describe("GET /notifications", () => {
  it("pages Ana's notifications newest first, 50 at a time, with the unread total", async () => {
    const jwt = await productJwt("ana.admin");
    const first = await list(jwt);
    expect(first.status).toBe(200);
    expect(first.body.meta).toMatchObject({ page: 1, take: 50, itemCount: 62, pageCount: 2, hasNextPage: true, unreadCount: 7 });
    expect(first.body.data).toHaveLength(50);
    const dates = first.body.data.map((n) => n.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());

    const second = await list(jwt, "?order=DESC&page=2&take=50");
    expect(second.body.data).toHaveLength(12);
    expect(second.body.meta).toMatchObject({ page: 2, hasNextPage: false });
    const ids = new Set([...first.body.data, ...second.body.data].map((n) => n.id));
    expect(ids.size).toBe(62);
  });

  it("orders oldest first with ASC and answers an empty page past the end", async () => {
    const jwt = await productJwt("ana.admin");
    const asc = await list(jwt, "?order=ASC&take=5");
    const dates = asc.body.data.map((n) => n.createdAt);
    expect(dates).toEqual([...dates].sort());
    const past = await list(jwt, "?page=9");
    expect(past.body.data).toEqual([]);
    expect(past.body.meta).toMatchObject({ page: 9, pageCount: 2, hasNextPage: false });
  });

  it("seeds every shape of §3 with Spanish texts and ages from minutes to a year", async () => {
    const jwt = await productJwt("ana.admin");
    const all = [...(await list(jwt)).body.data, ...(await list(jwt, "?page=2")).body.data];
    expect(new Set(all.map((n) => n.module))).toEqual(
      new Set(["operation", "receiver", "movement", "planner", "operationsToBeApproved", "borecipient", "announcement", "profileUpdate"]),
    );
    expect(new Set(all.map((n) => n.type))).toEqual(new Set(["info", "error", "pending"]));
    // An operation notice is about an operation of the seeded history, in the status it tells; one older than the
    // history names none (decision 121).
    const operations = all.filter((n) => n.module === "operation" && (n.detail as { id: unknown }).id !== null);
    expect(operations.length).toBeGreaterThan(10);
    for (const notice of operations) {
      expect(notice.detail).toMatchObject({ id: expect.any(Number), status: notice.status, operationType: expect.any(String) });
      expect(notice.copy).toContain(`#${(notice.detail as { id: number }).id}`);
    }
    expect(Array.isArray(all.find((n) => n.module === "movement")?.detail)).toBe(true);
    const ages = all.map((n) => NOW.getTime() - Date.parse(n.createdAt));
    expect(Math.min(...ages)).toBeLessThan(5 * 60_000);
    expect(Math.max(...ages)).toBeGreaterThan(365 * 86_400_000);
    expect(all.every((n) => n.title.length > 0 && n.copy.length > 0)).toBe(true);
  });

  it("filters unread ones and one module", async () => {
    const jwt = await productJwt("ana.admin");
    const unread = await list(jwt, "?read=false");
    expect(unread.body.data).toHaveLength(7);
    expect(unread.body.data.every((n) => !n.read && n.readAt === null)).toBe(true);
    expect(unread.body.meta).toMatchObject({ itemCount: 7, pageCount: 1, unreadCount: 7 });

    const receivers = await list(jwt, "?module=receiver");
    expect(receivers.body.data.length).toBeGreaterThan(0);
    expect(receivers.body.data.every((n) => n.module === "receiver")).toBe(true);
    // The unread total ignores the filters: it is what the bell shows.
    expect(receivers.body.meta.unreadCount).toBe(7);

    const both = await list(jwt, "?read=false&module=operation");
    expect(both.body.data.every((n) => n.module === "operation" && !n.read)).toBe(true);
    expect((await list(jwt, "?module=")).body.meta.itemCount).toBe(62);
  });

  it("refuses bad queries, pages over 50 and calls without a valid jwt", async () => {
    const jwt = await productJwt("ana.admin");
    for (const query of ["?take=51", "?take=0", "?page=0", "?order=up", "?module=unknown", "?read=maybe"]) {
      expect((await list(jwt, query)).status, query).toBe(400);
    }
    expect((await call(BASE)).status).toBe(401);
    expect((await list("not-a-jwt")).status).toBe(401);
  });

  it("keeps each member's notifications apart", async () => {
    const [ana, carlos, beatriz, paula] = await Promise.all(
      ["ana.admin", "carlos.colaborador", "beatriz.basica", "paula.prueba"].map(productJwt),
    );
    const anaIds = new Set([...(await list(ana)).body.data, ...(await list(ana, "?page=2")).body.data].map((n) => n.id));
    for (const [jwt, total, unread] of [
      [carlos, 5, 2],
      [beatriz, 3, 1],
      [paula, 4, 2],
    ] as const) {
      const page = await list(jwt);
      expect(page.body.meta).toMatchObject({ itemCount: total, unreadCount: unread, hasNextPage: false });
      expect(page.body.data.some((n) => anaIds.has(n.id))).toBe(false);
    }
    const [anaFirst] = (await list(ana)).body.data;
    expect((await call(`${BASE}/${anaFirst.id}/read`, as(carlos, { method: "PATCH" }))).status).toBe(404);
    expect((await list(ana)).body.data[0].read).toBe(false);
  });
});

describe("PATCH /notifications/{id}/read and /read-all", () => {
  it("marks one as read once, keeping the first reading time", async () => {
    const jwt = await productJwt("ana.admin");
    const [first] = (await list(jwt, "?read=false")).body.data;
    const marked = await call<Notification>(`${BASE}/${first.id}/read`, as(jwt, { method: "PATCH" }));
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ id: first.id, read: true, readAt: NOW.toISOString() });
    const again = await call<Notification>(`${BASE}/${first.id}/read`, as(jwt, { method: "PATCH" }));
    expect(again.body.readAt).toBe(NOW.toISOString());
    expect((await list(jwt)).body.meta.unreadCount).toBe(6);
    expect((await call(`${BASE}/999999/read`, as(jwt, { method: "PATCH" }))).status).toBe(404);
    expect((await call(`${BASE}/abc/read`, as(jwt, { method: "PATCH" }))).status).toBe(404);
  });

  it("marks all of the member's as read, and nobody else's", async () => {
    const [ana, carlos] = await Promise.all([productJwt("ana.admin"), productJwt("carlos.colaborador")]);
    const all = await call<{ updated: number }>(`${BASE}/read-all`, as(ana, { method: "PATCH" }));
    expect(all).toEqual({ status: 200, body: { updated: 7 } });
    expect((await call(`${BASE}/read-all`, as(ana, { method: "PATCH" }))).body).toEqual({ updated: 0 });
    expect((await list(ana, "?read=false")).body.meta).toMatchObject({ itemCount: 0, unreadCount: 0 });
    expect((await list(carlos)).body.meta.unreadCount).toBe(2);
  });

  it("answers 405 for another method on a known path", async () => {
    const jwt = await productJwt("ana.admin");
    expect((await call(`${BASE}/read-all`, as(jwt, { method: "POST" }))).status).toBe(405);
  });
});

describe("POST /notifications", () => {
  it("creates an unread info notification for the caller, shown first", async () => {
    const jwt = await productJwt("beatriz.basica");
    const created = await call<Notification>(
      BASE,
      as(jwt, {
        method: "POST",
        body: JSON.stringify({ module: "receiver", read: false, detail: { id: 77, name: "Molinos del Centro", status: "authorized" } }),
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      module: "receiver",
      type: "info",
      read: false,
      readAt: null,
      createdAt: NOW.toISOString(),
      title: expect.any(String),
      detail: { name: "Molinos del Centro" },
    });
    const page = await list(jwt);
    expect(page.body.data[0].id).toBe(created.body.id);
    expect(page.body.meta).toMatchObject({ itemCount: 4, unreadCount: 2 });
  });

  it("refuses an unknown module", async () => {
    const jwt = await productJwt("beatriz.basica");
    const res = await call(BASE, as(jwt, { method: "POST", body: JSON.stringify({ module: "nope" }) }));
    expect(res.status).toBe(400);
  });
});

describe("POST /notifications/operations-to-be-approved", () => {
  it("tells every other administrator of the caller's company, with the name and count sent", async () => {
    const [carlos, ana] = [await productJwt("carlos.colaborador"), await productJwt("ana.admin")];
    const before = (await list(ana)).body.meta.unreadCount;
    const res = await call<{ notified: number }>(
      `${BASE}/operations-to-be-approved`,
      as(carlos, { method: "POST", body: JSON.stringify({ id: "2001", name: "Carlos Pérez", count: 2 }) }),
    );
    expect(res).toEqual({ status: 201, body: { notified: 1 } });
    const page = await list(ana);
    expect(page.body.meta.unreadCount).toBe(before + 1);
    expect(page.body.data[0]).toMatchObject({
      module: "operationsToBeApproved",
      type: "pending",
      title: "Operaciones por aprobar",
      copy: "Carlos Pérez cargó 2 operaciones que esperan tu aprobación.",
      detail: { id: "2001", name: "Carlos Pérez", count: 2 },
    });
    expect((await list(carlos)).body.data.some((n) => n.module === "operationsToBeApproved")).toBe(false);
  });

  it("refuses a body without name or count", async () => {
    const carlos = await productJwt("carlos.colaborador");
    const res = await call(`${BASE}/operations-to-be-approved`, as(carlos, { method: "POST", body: JSON.stringify({ id: "1" }) }));
    expect(res.status).toBe(400);
  });
});

describe("POST /notifications/movements", () => {
  const movement = (id: string, flow: "IN" | "OUT", hoursAgo: number, amount = 1500) => ({
    movement_id: id,
    operation_date: new Date(NOW.getTime() - hoursAgo * 3_600_000).toISOString(),
    movement_type: { id: 19, description: "SPEI RECIBIDO" },
    amount,
    currency: "MXN",
    flow,
  });
  const post = (jwt: string, data: unknown[]) =>
    call<{ notified: number }>(`${BASE}/movements`, as(jwt, { method: "POST", body: JSON.stringify({ data, page: 1, total_pages: 1 }) }));

  it("turns money received in the last 24 hours into one notification, once", async () => {
    const jwt = await productJwt("beatriz.basica");
    const res = await post(jwt, [movement("M-1", "IN", 1, 1500), movement("M-2", "OUT", 2), movement("M-3", "IN", 30)]);
    expect(res.body).toEqual({ notified: 1 });
    expect((await list(jwt)).body.data[0]).toMatchObject({
      module: "movement",
      title: "Dinero recibido",
      copy: "Recibiste $1,500.00 MXN en tu cuenta.",
    });
    // Read again (the next page): nothing new.
    expect((await post(jwt, [movement("M-1", "IN", 1)])).body).toEqual({ notified: 0 });
    // Two new ones are one notification listing both.
    expect((await post(jwt, [movement("M-4", "IN", 2), movement("M-5", "IN", 3), movement("M-1", "IN", 1)])).body).toEqual({ notified: 2 });
    const latest = (await list(jwt)).body.data[0];
    expect(latest.copy).toBe("Recibiste 2 depósitos en tus cuentas.");
    expect((latest.detail as { id: string }[]).map((m) => m.id)).toEqual(["M-4", "M-5"]);
  });

  it("refuses what is not a movements page", async () => {
    const jwt = await productJwt("beatriz.basica");
    expect((await call(`${BASE}/movements`, as(jwt, { method: "POST", body: JSON.stringify({ data: [{ amount: "x" }] }) }))).status).toBe(
      400,
    );
  });
});

describe("faults and reset", () => {
  it("applies faults on the /notifications-api prefix and restores the seed on reset", async () => {
    const jwt = await productJwt("ana.admin");
    await call("/__faults", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "/notifications-api/notifications", method: "GET", kind: "status", status: 503 }),
    });
    expect((await list(jwt)).status).toBe(503);
    expect((await list(jwt)).status).toBe(200);

    await call(`${BASE}/read-all`, as(jwt, { method: "PATCH" }));
    await fetch(`${sandbox.url}/__reset`, { method: "POST" });
    const fresh = await productJwt("ana.admin");
    expect((await list(fresh)).body.meta.unreadCount).toBe(7);
  });
});
