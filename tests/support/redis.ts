import { spawn } from "node:child_process";
import { createServer } from "node:net";

import { Redis } from "ioredis";

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
 * resolves. `stop()` kills it.
 */
export async function startRedis(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn("redis-server", ["--port", String(port), "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  const url = `redis://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    probe.on("error", () => undefined);
    try {
      await probe.connect();
      await probe.quit();
      return { url, stop: () => child.kill() };
    } catch {
      probe.disconnect();
      if (attempt > 50) {
        child.kill();
        throw new Error("redis-server did not start (npm test installs it)");
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
