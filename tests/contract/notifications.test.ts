import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { UpstreamError } from "../../server/upstream/errors";
import type { TestSandbox } from "../support/sandbox";
import { clients, control, loginAs, requestCount, startTestSandbox } from "../support/sandbox";

let sandbox: TestSandbox;
let productJwt: string;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await control(sandbox, "/__reset");
  ({ productJwt } = await loginAs(sandbox, "ana.admin"));
  await control(sandbox, "/__requests", undefined, "DELETE");
});

const fault = (body: Record<string, unknown>) => control(sandbox, "/__faults", body);
const notifications = () => clients(sandbox, { productJwt }).notifications;

describe("notifications client", () => {
  it("reads the first page of 50, newest first, with the unread total", async () => {
    const page = await notifications().list();
    expect(page.data).toHaveLength(50);
    expect(page.meta).toMatchObject({ page: 1, take: 50, pageCount: 2, hasNextPage: true, unreadCount: 7 });
    const [first] = page.data;
    expect(first).toMatchObject({ id: expect.any(String), read: false, readAt: null, title: expect.any(String) });
    expect(["error", "info", "pending"]).toContain(first.type);
    const times = page.data.map((n) => Date.parse(n.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(await requestCount(sandbox, "/notifications-api/notifications?order=DESC&page=1&take=50")).toBe(1);
  });

  it("reads the next page, unread ones only and one module", async () => {
    const client = notifications();
    const second = await client.list({ page: 2 });
    expect(second.data).toHaveLength(12);
    expect(second.meta.hasNextPage).toBe(false);

    const unread = await client.list({ unreadOnly: true });
    expect(unread.data.every((n) => !n.read)).toBe(true);
    expect(unread.meta.itemCount).toBe(7);

    const planner = await client.list({ module: "planner" });
    expect(planner.data.length).toBeGreaterThan(0);
    expect(planner.data.every((n) => n.module === "planner")).toBe(true);
    // An empty module is no filter.
    expect((await client.list({ module: "" })).meta.itemCount).toBe(62);
  });

  it("marks one and then all as read", async () => {
    const client = notifications();
    const [unread] = (await client.list({ unreadOnly: true })).data;
    const marked = await client.markRead(unread.id);
    expect(marked).toMatchObject({ id: unread.id, read: true, readAt: expect.any(String) });
    expect((await client.list()).meta.unreadCount).toBe(6);

    await client.markAllRead();
    await client.markAllRead();
    expect((await client.list({ unreadOnly: true })).meta).toMatchObject({ itemCount: 0, unreadCount: 0 });
  });

  it("reports an unknown id as a final 404", async () => {
    await expect(notifications().markRead("999999")).rejects.toMatchObject({ failure: "status", details: { status: 404 } });
    expect(await requestCount(sandbox, "/notifications-api/notifications/999999/read")).toBe(1);
  });

  it("keeps members apart", async () => {
    const carlos = await loginAs(sandbox, "carlos.colaborador");
    const page = await clients(sandbox, { productJwt: carlos.productJwt }).notifications.list();
    expect(page.meta).toMatchObject({ itemCount: 5, unreadCount: 2 });
  });

  it("refuses calls without a valid product jwt", async () => {
    const client = clients(sandbox, { productJwt: "not-a-jwt" }).notifications;
    await expect(client.list()).rejects.toMatchObject({ failure: "status", details: { status: 401 } });
  });
});

describe("notifications client resilience", () => {
  it("retries a read after a 503", async () => {
    await fault({ path: "/notifications-api/notifications", method: "GET", kind: "status", status: 503, times: 2 });
    await expect(notifications().list()).resolves.toMatchObject({ meta: { page: 1 } });
    expect(await requestCount(sandbox, "/notifications-api/notifications")).toBe(3);
  });

  it("retries the PATCHes, which are idempotent by nature, after a 5xx", async () => {
    await fault({ path: "/notifications-api/notifications/read-all", method: "PATCH", kind: "status", status: 502, times: 1 });
    await notifications().markAllRead();
    expect(await requestCount(sandbox, "/notifications-api/notifications/read-all")).toBe(2);
    expect((await notifications().list()).meta.unreadCount).toBe(0);
  });

  it("turns a malformed page into an upstream error", async () => {
    await fault({ path: "/notifications-api/notifications", method: "GET", kind: "malformed", times: 1 });
    const error = await notifications()
      .list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ service: "notifications", failure: "malformed" });
  });
});
