import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";
import { parse } from "yaml";

import { SANDBOX_NODE_ARGS, sandboxEnv, sandboxProcessEnv } from "../../scripts/sandbox-env.mjs";
import { parseConfig } from "../../server/config.server";

/**
 * compose.yaml cannot run here (no Docker engine), so it is read against what does run: the
 * Dockerfile's stages, the app's configuration schema, and the environment the demo and the
 * end-to-end tests start the app and the sandbox with (scripts/sandbox-env.mjs).
 */
const root = new URL("../../", import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), "utf8");

interface Service {
  build?: { context: string; target?: string };
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}

/** `${NAME:-default}` as compose reads it with NAME unset. */
const interpolate = (value: string) => value.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, "$1");

const compose = parse(read("compose.yaml"), { merge: true }) as { services: Record<string, Service> };
const { services } = compose;
const apps = ["app1", "app2"];
const envOf = (name: string) => Object.fromEntries(Object.entries(services[name].environment ?? {}).map(([k, v]) => [k, interpolate(v)]));

const PUBLIC_PORT = 8080;
const SANDBOX_PORT = 4010;

describe("compose.yaml", () => {
  it("runs Redis, the sandbox, two app instances and a front", () => {
    expect(Object.keys(services).sort()).toEqual(["app1", "app2", "front", "redis", "sandbox"]);
  });

  it("starts each instance with a configuration the app accepts, sharing Redis", () => {
    for (const app of apps) {
      const config = parseConfig(envOf(app));
      expect(config.REDIS_URL).toBe("redis://redis:6379");
      expect(config.METRICS_TOKEN).toBeUndefined();
      expect(config.NODE_ENV).toBe("production");
    }
    expect(envOf("app1")).toEqual(envOf("app2"));
  });

  it("gives the instances the demo's and the e2e's environment, the sandbox reached by its service name", () => {
    const e2e: Record<string, string> = sandboxEnv({
      appPort: PUBLIC_PORT,
      sandboxPort: SANDBOX_PORT,
      sessionSecret: envOf("app1").SESSION_SECRET,
    });
    // The browser opens the bank's pages, so they stay on the published port.
    const browserFacing = new Set(["APP_URL", "CHALLENGE_URL", "BANK_PORTAL_URL"]);
    const expected = Object.fromEntries(
      Object.entries(e2e)
        // The image sets its own session folder (unused with Redis); each instance listens on the image's port.
        .filter(([key]) => key !== "SESSION_DIR" && key !== "PORT")
        .map(([key, value]) => [
          key,
          browserFacing.has(key) ? value : value.replace(`localhost:${SANDBOX_PORT}`, `sandbox:${SANDBOX_PORT}`),
        ]),
    );
    expect(envOf("app1")).toMatchObject(expected);
  });

  it("builds the instances from the Dockerfile's runtime image, listening on its port, checked for readiness", () => {
    const dockerfile = read("Dockerfile");
    const port = /^ENV[\s\S]*?PORT=(\d+)/m.exec(dockerfile)?.[1];
    expect(dockerfile).toContain(`EXPOSE ${port}`);
    for (const app of apps) {
      expect(services[app].build).toEqual({ context: "." });
      expect(envOf(app).PORT).toBe(port);
      expect(services[app].healthcheck?.test.join(" ")).toContain(`http://127.0.0.1:${port}/readiness`);
      expect(services[app].depends_on).toEqual({ redis: { condition: "service_healthy" }, sandbox: { condition: "service_healthy" } });
    }
  });

  it("runs the sandbox as the demo and the e2e do, from the build stage that has its dev dependencies", () => {
    const sandbox = services.sandbox;
    const command = sandbox.command!.join(" ");
    expect(command).toBe("node --import tsx sandbox/main.ts");
    expect(["node", ...SANDBOX_NODE_ARGS].join(" ")).toBe(command);
    expect(read("tests/support/instances.ts")).toContain("spawn(process.execPath, SANDBOX_NODE_ARGS,");

    const target = sandbox.build?.target;
    const stage = read("Dockerfile")
      .split(/^FROM /m)
      .find((each) => new RegExp(`^\\S+ AS ${target}\\b`).test(each));
    expect(stage).toBeDefined();
    expect(stage).toContain("COPY . .");
    expect(stage).toMatch(/npm ci(?! [^\n]*--omit=dev)/);

    const env = envOf("sandbox");
    const e2e: Record<string, string> = sandboxProcessEnv({ appPort: PUBLIC_PORT, sandboxPort: SANDBOX_PORT });
    expect(Object.keys(env).sort()).toEqual(Object.keys(e2e).sort());
    expect(env).toMatchObject({ ...e2e, SANDBOX_HOST: "0.0.0.0" });
    expect(env.APP_URL).toBe(envOf("app1").APP_URL);
    expect(env.SANDBOX_CHALLENGE_URL).toBe(envOf("app1").CHALLENGE_URL);
    expect(sandbox.ports).toEqual([`${SANDBOX_PORT}:${SANDBOX_PORT}`]);
  });

  it("puts both instances behind the front on the public port, with /metrics kept inside", () => {
    const front = services.front;
    expect(front.ports).toEqual([`${PUBLIC_PORT}:${PUBLIC_PORT}`]);
    expect(new URL(envOf("app1").APP_URL).port).toBe(String(PUBLIC_PORT));
    const mount = front.volumes!.find((volume) => volume.endsWith(":/etc/nginx/conf.d/default.conf:ro"))!;
    const nginx = read(mount.split(":")[0]);
    const port = envOf("app1").PORT;
    expect([...nginx.matchAll(/^\s*server (\S+);/gm)].map((match) => match[1])).toEqual(apps.map((app) => `${app}:${port}`));
    expect(nginx).toContain(`listen ${PUBLIC_PORT};`);
    expect(nginx).toMatch(/location = \/metrics \{\s*return 404;/);
    expect(nginx).toContain("proxy_buffering off;");
    // Connections to the instances are kept and reused, enough for a peak's pages in flight (decision 083).
    expect(Number(nginx.match(/^\s*keepalive (\d+);/m)?.[1])).toBeGreaterThanOrEqual(64);
    expect(nginx).toMatch(/proxy_set_header Connection "";/);
  });

  it("counts each client by the address the front saw, never one the client wrote (decision 099)", () => {
    const nginx = read("deploy/nginx.conf");
    expect(nginx).toMatch(/^\s*proxy_set_header X-Forwarded-For \$remote_addr;/m);
    expect(nginx).not.toContain("$proxy_add_x_forwarded_for");
    for (const app of apps) {
      expect(parseConfig(envOf(app)).TRUST_PROXY).toBe("1");
      expect(services[app].ports).toBeUndefined();
    }
    // Without the setting (the demo, the e2e), no proxy is trusted.
    const { TRUST_PROXY: _front, ...plain } = envOf("app1");
    expect(parseConfig(plain).TRUST_PROXY).toBe("none");
  });
});
