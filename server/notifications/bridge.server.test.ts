import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { control, loginAs, silentLog, startTestSandbox, type TestSandbox } from "../../tests/support/sandbox";
import { type BridgeEvent, NotificationBridge } from "./bridge.server";

/** The notification socket client against the sandbox's Socket.IO server (§4 / §7 settings). */
let sandbox: TestSandbox;
const bridges: NotificationBridge[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  await control(sandbox, "/__reset");
});
afterEach(() => {
  for (const bridge of bridges.splice(0)) bridge.close();
});

function bridge(options: Partial<ConstructorParameters<typeof NotificationBridge>[0]> = {}) {
  const waits: number[] = [];
  const created = new NotificationBridge({
    url: `${sandbox.url.replace("http:", "ws:")}/notifications-socket`,
    log: silentLog,
    // Fast for tests, with the jitter visible: 20 ms plus up to 20 ms.
    delayMs: 20,
    jitterMs: 20,
    lingerMs: 0,
    random: () => {
      const value = 0.5;
      waits.push(20 + value * 20);
      return value;
    },
    ...options,
  });
  bridges.push(created);
  return { bridge: created, waits };
}

const memberOf = (jwt: string) => (JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()) as { sub: string }).sub;

function recorder() {
  const events: BridgeEvent[] = [];
  return {
    events,
    listener: (event: BridgeEvent) => events.push(event),
    online: () => events.filter((event) => event.kind === "connection").at(-1),
    notifications: () => events.flatMap((event) => (event.kind === "notification" ? [event.notification] : [])),
  };
}

const push = (title: string) => control(sandbox, "/__notifications", { userName: "ana.admin", module: "receiver", type: "info", title });

describe("the notification bridge", () => {
  it("opens one socket per member for all its tabs, delivers to each, and closes with the last tab", async () => {
    const { productJwt } = await loginAs(sandbox, "ana.admin");
    const { bridge: shared } = bridge();
    const tabA = recorder();
    const tabB = recorder();
    const leaveA = shared.subscribe(memberOf(productJwt), productJwt, tabA.listener);
    const leaveB = shared.subscribe(memberOf(productJwt), productJwt, tabB.listener);
    await expect.poll(() => tabA.online()).toEqual({ kind: "connection", online: true });
    await expect
      .poll(async () => ((await control(sandbox, "/__notification-sockets", undefined, "GET")) as { sockets: number }).sockets)
      .toBe(1);

    await push("Destinatario activo");
    await expect.poll(() => tabB.notifications().map((n) => n.title)).toEqual(["Destinatario activo"]);
    expect(tabA.notifications().map((n) => n.title)).toEqual(["Destinatario activo"]);

    leaveA();
    expect(shared.size).toBe(1);
    leaveB();
    expect(shared.size).toBe(0);
    await expect
      .poll(async () => ((await control(sandbox, "/__notification-sockets", undefined, "GET")) as { sockets: number }).sockets)
      .toBe(0);
  });

  it("keeps a member's socket for a while after the last tab left, so a tab coming back finds it connected", async () => {
    const { productJwt } = await loginAs(sandbox, "ana.admin");
    const { bridge: lingering } = bridge({ lingerMs: 200 });
    const sockets = async () => ((await control(sandbox, "/__notification-sockets", undefined, "GET")) as { sockets: number }).sockets;
    const first = recorder();
    const leave = lingering.subscribe(memberOf(productJwt), productJwt, first.listener);
    await expect.poll(() => first.online()).toEqual({ kind: "connection", online: true });
    leave();
    expect(lingering.size).toBe(1);
    const again = recorder();
    const leaveAgain = lingering.subscribe(memberOf(productJwt), productJwt, again.listener);
    // Already online: told at once, on the same socket.
    expect(again.online()).toEqual({ kind: "connection", online: true });
    expect(await sockets()).toBe(1);
    leaveAgain();
    await expect.poll(() => lingering.size).toBe(0);
    await expect.poll(sockets).toBe(0);
  });

  it("announces a count to the member's tabs only", async () => {
    const { productJwt } = await loginAs(sandbox, "ana.admin");
    const other = await loginAs(sandbox, "beatriz.basica");
    const { bridge: shared } = bridge();
    const anaTab: BridgeEvent[] = [];
    const beatrizTab: BridgeEvent[] = [];
    shared.subscribe(memberOf(productJwt), productJwt, (event) => anaTab.push(event));
    shared.subscribe(memberOf(other.productJwt), other.productJwt, (event) => beatrizTab.push(event));
    shared.announce(memberOf(productJwt), { kind: "count", to: 2 });
    expect(anaTab.filter((event) => event.kind === "count")).toEqual([{ kind: "count", to: 2 }]);
    expect(beatrizTab.filter((event) => event.kind === "count")).toEqual([]);
    // Nobody listening: nothing happens.
    shared.announce("sin-pestanas", { kind: "count", to: 0 });
  });

  it("reconnects after a drop with 1 s plus jitter (scaled here), and keeps delivering", async () => {
    const { productJwt } = await loginAs(sandbox, "ana.admin");
    const { bridge: shared, waits } = bridge();
    const tab = recorder();
    shared.subscribe(memberOf(productJwt), productJwt, tab.listener);
    await expect.poll(() => tab.online()).toEqual({ kind: "connection", online: true });
    await control(sandbox, "/__notification-sockets", { mode: "drop" });
    await expect.poll(() => tab.events.filter((event) => event.kind === "connection").length).toBeGreaterThanOrEqual(3);
    expect(tab.online()).toEqual({ kind: "connection", online: true });
    expect(waits.length).toBeGreaterThanOrEqual(1);
    await push("Después de la caída");
    await expect.poll(() => tab.notifications().map((n) => n.title)).toContain("Después de la caída");
  });

  it("gives up after 5 attempts into an offline state, and recovers when a tab comes back", async () => {
    const { productJwt } = await loginAs(sandbox, "ana.admin");
    const { bridge: shared, waits } = bridge();
    const tab = recorder();
    const leave = shared.subscribe(memberOf(productJwt), productJwt, tab.listener);
    await expect.poll(() => tab.online()).toEqual({ kind: "connection", online: true });
    await control(sandbox, "/__notification-sockets", { mode: "refuse" });
    await control(sandbox, "/__notification-sockets", { mode: "drop" });
    // 5 retries, then nothing more.
    await expect.poll(() => waits.length, { timeout: 3_000 }).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(waits.length).toBe(5);
    expect(tab.online()).toEqual({ kind: "connection", online: false });

    await control(sandbox, "/__notification-sockets", { mode: "normal" });
    const again = recorder();
    shared.subscribe(memberOf(productJwt), productJwt, again.listener);
    await expect.poll(() => again.online()).toEqual({ kind: "connection", online: true });
    leave();
  });

  it("does not retry a jwt the socket refuses", async () => {
    const { productJwt } = await loginAs(sandbox, "ana.admin");
    const { bridge: shared, waits } = bridge();
    const tab = recorder();
    shared.subscribe(memberOf(productJwt), `${productJwt}x`, tab.listener);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tab.notifications()).toEqual([]);
    expect(tab.online()).toBeUndefined();
    expect(waits.length).toBe(0);
  });
});
