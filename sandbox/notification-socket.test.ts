import { io, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { type Sandbox, startSandbox } from "./server";

/** The notification socket of §7 against a real Socket.IO client, as the app connects. */
let sandbox: Sandbox;
const sockets: Socket[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, appUrl: "http://app.test:3000" });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  await fetch(`${sandbox.url}/__reset`, { method: "POST" });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
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

const memberOf = (jwt: string) => (JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()) as { sub: string }).sub;

function connect(memberId: string, token: string): Socket {
  const socket = io(sandbox.url, {
    path: "/notifications-socket",
    query: { memberId },
    auth: { token },
    reconnection: false,
    transports: ["websocket"],
  });
  sockets.push(socket);
  return socket;
}

const connected = (socket: Socket) =>
  new Promise<string>((resolve) => {
    socket.once("connect", () => resolve("connected"));
    socket.once("connect_error", (error) => resolve(error.message));
  });

const control = (path: string, body: unknown) =>
  fetch(`${sandbox.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("the notification socket", () => {
  it("pushes a member's new notifications to that member only", async () => {
    const ana = await productJwt("ana.admin");
    const other = await productJwt("carlos.colaborador");
    const anaSocket = connect(memberOf(ana), ana);
    const otherSocket = connect(memberOf(other), other);
    expect(await connected(anaSocket)).toBe("connected");
    expect(await connected(otherSocket)).toBe("connected");
    const toAna: unknown[] = [];
    const toOther: unknown[] = [];
    anaSocket.on("notification", (n) => toAna.push(n));
    otherSocket.on("notification", (n) => toOther.push(n));

    await control("/__notifications", {
      userName: "ana.admin",
      module: "receiver",
      type: "info",
      status: "authorized",
      title: "Destinatario activo",
      detail: { name: "Fletes" },
    });
    await expect.poll(() => toAna.length).toBe(1);
    expect(toAna[0]).toMatchObject({ module: "receiver", type: "info", status: "authorized", title: "Destinatario activo", read: false });
    expect(toOther).toEqual([]);
  });

  it("pushes what the product's own life produces: an operation's status change", async () => {
    const ana = await productJwt("ana.admin");
    const socket = connect(memberOf(ana), ana);
    expect(await connected(socket)).toBe("connected");
    const received: Array<{ module: string; status: string; type: string }> = [];
    socket.on("notification", (n) => received.push(n));
    const seeded = sandbox.state.operations.find((operation) => operation.memberId === Number(memberOf(ana)));
    if (!seeded) throw new Error("Ana has operations in the seeded history");
    await control(`/__operations/${seeded.id}/status`, { status: "returned" });
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toMatchObject({ module: "operation", type: "error", status: "returned", title: "Operación devuelta" });
  });

  it("refuses a wrong jwt, another member's id and, in 'refuse' mode, everyone", async () => {
    const ana = await productJwt("ana.admin");
    expect(await connected(connect(memberOf(ana), `${ana}x`))).toBe("UNAUTHORIZED");
    expect(await connected(connect("999", ana))).toBe("UNAUTHORIZED");
    await control("/__notification-sockets", { mode: "refuse" });
    expect(await connected(connect(memberOf(ana), ana))).toBe("REFUSED");
  });

  it("cuts open sockets on 'drop', as a failing network would", async () => {
    const ana = await productJwt("ana.admin");
    const socket = connect(memberOf(ana), ana);
    expect(await connected(socket)).toBe("connected");
    const reason = new Promise<string>((resolve) => socket.once("disconnect", resolve));
    await control("/__notification-sockets", { mode: "drop" });
    expect(await reason).toBe("transport close");
  });
});
