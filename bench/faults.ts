import { createServer } from "node:net";

import { login, ms, startStack } from "./support";

/**
 * Every main page and download of the built app, over HTTP, while every upstream fails one way
 * (docs/decisions/027). Each visit gets a fresh app process, so every page meets closed breakers:
 * the figures are each page's worst case. Prints, per fault: status, time, upstream calls and
 * whether the answer is a Spanish page; the slowest page; and, under 429, the calls against the
 * same visit without faults. Needs `npm run build`. `npx tsx bench/faults.ts timeout 500` runs some.
 */
const PAGES = [
  "/",
  "/cuentas",
  "/cuentas/A-100234-01",
  "/historial-operaciones",
  "/historial-operaciones/1001",
  "/destinatarios",
  "/comportamiento-de-mercado",
  "/?drawer=notificaciones",
];
const DOWNLOADS = [
  "/cuentas/A-100234-01/exportar?formato=xlsx",
  "/historial-operaciones/1021/comprobante",
  "/historial-operaciones/1019/factura",
];
const UPSTREAMS = ["/api", "/graphql", "/partner", "/notifications-api", "/middleware"];

// In this order: the figures without faults come first, for the comparison under 429.
const FAULTS: Array<[string, Record<string, unknown> | null]> = [
  ["none", null],
  ["500", { kind: "status", status: 500 }],
  ["429-ra1", { kind: "status", status: 429, retryAfter: 1 }],
  ["429-ra3600", { kind: "status", status: 429, retryAfter: 3600 }],
  ["timeout", { kind: "timeout" }],
  ["malformed", { kind: "malformed" }],
  ["drop", { kind: "drop" }],
];

interface Visit {
  path: string;
  status: number;
  ms: number;
  calls: number;
  spanish: boolean;
  location: string | null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function control(sandboxUrl: string, path: string, body?: unknown, method = "POST") {
  const response = await fetch(`${sandboxUrl}${path}`, {
    method,
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return (await response.json()) as unknown;
}

async function visit(appUrl: string, sandboxUrl: string, cookie: string, path: string): Promise<Visit> {
  await control(sandboxUrl, "/__requests", undefined, "DELETE");
  const started = performance.now();
  const response = await fetch(`${appUrl}${path}`, { headers: { cookie }, redirect: "manual" });
  const body = await response.text();
  const elapsed = performance.now() - started;
  const calls = ((await control(sandboxUrl, "/__requests", undefined, "GET")) as unknown[]).length;
  const location = response.headers.get("location");
  const type = response.headers.get("content-type") ?? "";
  const html = /text\/html/.test(type);
  // What a person reads: the document without its scripts (Remix's hydration data names a
  // server error in English even when the page shows the Spanish one).
  const visible = body.replace(/<script[\s\S]*?<\/script>/g, "");
  const spanish =
    (response.status >= 300 && response.status < 400) ||
    (!html && response.status === 200) ||
    (html &&
      visible.includes('lang="es-MX"') &&
      !/Unexpected Server Error|\bat .+:\d+:\d+/.test(visible) &&
      (response.status < 400 || visible.includes("favor de intentarlo más tarde")));
  return { path, status: response.status, ms: elapsed, calls, spanish, location };
}

/** One visit in a fresh app and sandbox, with the fault (if any) on every upstream. */
async function coldVisit(path: string, fault: Record<string, unknown> | null): Promise<Visit & { stayedUp: boolean }> {
  const stack = await startStack(await freePort());
  try {
    const cookie = await login(stack.sandbox.url, stack.appUrl, "ana.admin");
    if (fault) for (const prefix of UPSTREAMS) await control(stack.sandbox.url, "/__faults", { path: prefix, ...fault, times: -1 });
    const result = await visit(stack.appUrl, stack.sandbox.url, cookie, path);
    const health = await fetch(`${stack.appUrl}/healthcheck`);
    return { ...result, stayedUp: health.ok && stack.app.exitCode === null };
  } finally {
    await stack.stop();
  }
}

/** Every page in turn in one app process, as a person browsing while the bank fails. */
async function walk(fault: Record<string, unknown> | null): Promise<number> {
  const stack = await startStack(await freePort());
  try {
    const cookie = await login(stack.sandbox.url, stack.appUrl, "ana.admin");
    if (fault) for (const prefix of UPSTREAMS) await control(stack.sandbox.url, "/__faults", { path: prefix, ...fault, times: -1 });
    let calls = 0;
    for (const path of PAGES) calls += (await visit(stack.appUrl, stack.sandbox.url, cookie, path)).calls;
    return calls;
  } finally {
    await stack.stop();
  }
}

export async function faults(only: string[] = []) {
  const kinds = FAULTS.filter(([kind]) => only.length === 0 || only.includes(kind) || kind === "none");
  const healthyCalls = new Map<string, number>();
  const slowest: Array<[string, Visit]> = [];
  for (const [kind, fault] of kinds) {
    console.log(`\n--- fault: ${kind} (every upstream) ---`);
    console.log("status      time  calls  es-MX  up  path");
    let worst: Visit | null = null;
    for (const path of [...PAGES, ...DOWNLOADS]) {
      const result = await coldVisit(path, fault);
      if (kind === "none") healthyCalls.set(path, result.calls);
      const baseline = healthyCalls.get(path);
      const versus = kind.startsWith("429") && baseline !== undefined ? `  (without faults: ${baseline})` : "";
      console.log(
        `${String(result.status).padEnd(6)} ${ms(result.ms).padStart(10)} ${String(result.calls).padStart(6)}  ${result.spanish ? "yes" : "NO "}    ${result.stayedUp ? "yes" : "NO "} ${path}${result.location ? ` -> ${result.location}` : ""}${versus}`,
      );
      if (PAGES.includes(path) && (!worst || result.ms > worst.ms)) worst = result;
    }
    if (worst) slowest.push([kind, worst]);
  }

  console.log("\n--- slowest page per fault (fresh process, closed breakers) ---");
  for (const [kind, visit] of slowest) console.log(`${kind.padEnd(12)} ${ms(visit.ms).padStart(10)}  ${visit.path}`);

  const limits = kinds.filter(([kind]) => kind.startsWith("429"));
  if (limits.length > 0) {
    console.log("\n--- upstream calls for a walk through every page in one process ---");
    console.log(`without faults          ${await walk(null)}`);
    for (const [kind, fault] of limits) console.log(`${kind.padEnd(23)} ${await walk(fault)}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await faults(process.argv.slice(2));
