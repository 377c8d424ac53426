import { spawn } from "node:child_process";
import type { Socket } from "node:net";
import { connect, createServer } from "node:net";

import { Redis } from "ioredis";

import { until } from "./wait";

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A throw-away redis-server on a free port (npm test installs the package), ready when this
 * resolves: the server that answers is this one (its `process_id`), not a predecessor on the same
 * port still on its way out. `stop()` kills it and resolves once it has exited and freed the port.
 */
export async function startRedis(givenPort?: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = givenPort ?? (await freePort());
  const child = spawn("redis-server", ["--port", String(port), "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const stop = async () => {
    if (!gone) child.kill();
    await exited;
  };
  const url = `redis://127.0.0.1:${port}`;
  const answersAsThisOne = async () => {
    if (gone) return "exited";
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    probe.on("error", () => undefined);
    try {
      await probe.connect();
      const info = await probe.info("server");
      await probe.quit();
      return new RegExp(`^process_id:${child.pid}\\r?$`, "m").test(info);
    } catch {
      probe.disconnect();
      return false;
    }
  };
  const ready = await until(answersAsThisOne, { timeoutMs: 5_000, everyMs: 100, what: "redis-server to take connections" }).catch(
    () => "late" as const,
  );
  if (ready !== true) {
    await stop();
    throw new Error(
      ready === "exited"
        ? `redis-server exited before it was ready (port ${port} taken?)`
        : "redis-server did not start (npm test installs it)",
    );
  }
  return { url, stop };
}

export type RedisPath = "open" | "down" | "silent";

/**
 * A TCP hop between the app and Redis on `port`, to make Redis go away without touching it: "open"
 * forwards, "down" refuses connections and cuts the open ones (Redis stopped), "silent" accepts and
 * never answers, on new and open connections alike (a black-holed network). Back to "open", the
 * silent connections are reset, as a network that returns resets what it dropped. `set` switches.
 */
export async function redisHop(port: number, target: string) {
  const { hostname, port: targetPort } = new URL(target);
  let mode: RedisPath = "open";
  const pairs = new Map<Socket, Socket>();
  const held = new Set<Socket>();
  const hold = (client: Socket) => {
    held.add(client);
    client.on("close", () => held.delete(client));
    client.resume();
  };
  const accept = (client: Socket) => {
    client.on("error", () => undefined);
    if (mode === "silent") return hold(client);
    const upstream = connect(Number(targetPort), hostname);
    upstream.on("error", () => undefined);
    pairs.set(client, upstream);
    client.on("close", () => {
      pairs.delete(client);
      upstream.destroy();
    });
    upstream.on("close", () => {
      if (pairs.has(client)) client.destroy();
    });
    client.pipe(upstream);
    upstream.pipe(client);
  };
  let server = createServer(accept);
  const listen = () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  await listen();
  const cutAll = () => {
    for (const client of [...pairs.keys(), ...held]) client.destroy();
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    async set(next: RedisPath) {
      if (next === mode) return;
      const was = mode;
      mode = next;
      if (next === "silent") {
        for (const [client, upstream] of pairs) {
          pairs.delete(client);
          client.unpipe(upstream);
          upstream.unpipe(client);
          upstream.destroy();
          hold(client);
        }
      }
      if (next === "down") {
        cutAll();
        await new Promise((resolve) => server.close(resolve));
      }
      if (was === "silent") for (const client of held) client.destroy();
      if (was === "down") {
        server = createServer(accept);
        await listen();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        cutAll();
        if (mode === "down") return resolve();
        server.close(() => resolve());
      }),
  };
}
