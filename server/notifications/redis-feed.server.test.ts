import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { startRedis } from "../../tests/support/redis";
import { control, loginAs, silentLog, startTestSandbox, type TestSandbox } from "../../tests/support/sandbox";
import { type BridgeEvent, NotificationBridge } from "./bridge.server";
import { type RedisMemberFeeds, redisMemberFeeds } from "./redis-feed.server";

/**
 * Two app instances sharing one Redis (a real redis-server; npm test installs it) against the
 * sandbox's notification socket: one upstream socket per member for the cluster, what it hears
 * reaching the member's tabs on both instances, a read announced on one reaching the other, and
 * the other instance taking the socket over when the owner's tabs leave.
 */
let redis: Awaited<ReturnType<typeof startRedis>>;
let sandbox: TestSandbox;
const instances: Array<{ bridge: NotificationBridge; shared: RedisMemberFeeds }> = [];

beforeAll(async () => {
  [redis, sandbox] = await Promise.all([startRedis(), startTestSandbox()]);
});
afterAll(async () => {
  redis?.stop();
  await sandbox.close();
});
beforeEach(async () => {
  await control(sandbox, "/__reset");
});
afterEach(async () => {
  for (const { bridge, shared } of instances.splice(0)) {
    bridge.close();
    await shared.close();
  }
});

function instance(name: string) {
  const publisher = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  publisher.on("error", () => undefined);
  const shared = redisMemberFeeds({
    publisher,
    subscriber: new Redis(redis.url),
    log: silentLog,
    instanceId: name,
    lockTtlMs: 600,
    retryMs: 100,
  });
  const bridge = new NotificationBridge({
    url: `${sandbox.url.replace("http:", "ws:")}/notifications-socket`,
    log: silentLog,
    delayMs: 20,
    jitterMs: 20,
    lingerMs: 0,
    shared,
  });
  instances.push({ bridge, shared });
  return bridge;
}

function tab() {
  const events: BridgeEvent[] = [];
  return {
    listener: (event: BridgeEvent) => events.push(event),
    online: () => events.filter((event) => event.kind === "connection").at(-1),
    titles: () => events.flatMap((event) => (event.kind === "notification" ? [event.notification.title] : [])),
    counts: () => events.flatMap((event) => (event.kind === "count" ? [event.to] : [])),
  };
}

const sockets = async () => ((await control(sandbox, "/__notification-sockets", undefined, "GET")) as { sockets: number }).sockets;
const push = (title: string) => control(sandbox, "/__notifications", { userName: "ana.admin", module: "receiver", type: "info", title });

describe("notification sockets shared through Redis", () => {
  it("opens one socket per member for the cluster and delivers to the member's tabs on every instance", async () => {
    const { productJwt, memberId } = await loginAs(sandbox, "ana.admin");
    const member = String(memberId);
    const [a, b] = [instance("a"), instance("b")];
    const [tabA, tabB] = [tab(), tab()];
    a.subscribe(member, productJwt, tabA.listener);
    b.subscribe(member, productJwt, tabB.listener);
    await expect.poll(() => tabA.online()).toEqual({ kind: "connection", online: true });
    await expect.poll(() => tabB.online()).toEqual({ kind: "connection", online: true });
    expect(await sockets()).toBe(1);

    await push("Destinatario activo");
    await expect.poll(() => tabA.titles()).toEqual(["Destinatario activo"]);
    await expect.poll(() => tabB.titles()).toEqual(["Destinatario activo"]);

    // A read announced on one instance sets the bell on both.
    a.announce(member, { kind: "count", to: 0 });
    await expect.poll(() => tabB.counts()).toEqual([0]);
    await expect.poll(() => tabA.counts()).toEqual([0]);
  });

  it("hands the socket to another instance when the owner's tabs leave", async () => {
    const { productJwt, memberId } = await loginAs(sandbox, "ana.admin");
    const member = String(memberId);
    const first = instance("first");
    const leaveFirst = first.subscribe(member, productJwt, tab().listener);
    await expect.poll(sockets).toBe(1);
    const second = instance("second");
    const stayer = tab();
    second.subscribe(member, productJwt, stayer.listener);
    await expect.poll(() => stayer.online()).toEqual({ kind: "connection", online: true });

    leaveFirst();
    // The second instance takes the lock at its next try and opens its own socket: still one.
    await expect.poll(sockets, { timeout: 3_000 }).toBe(1);
    await expect
      .poll(
        async () => {
          await push("Operación aplicada");
          return stayer.titles().includes("Operación aplicada");
        },
        { timeout: 3_000 },
      )
      .toBe(true);
    expect(await sockets()).toBe(1);
  });
});
