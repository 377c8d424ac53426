import { readdir, readFile, readlink } from "node:fs/promises";
import http from "node:http";

import { expect, test } from "./fixtures";
import { APP_PORT } from "./ports";
import { loginAs, resetSandbox } from "./support";

/**
 * Decision 030 over the wire, against the built app: what the HTTP layer refuses before the app runs
 * (oversized bodies, cross-site posts) and what every private answer carries (no-store). The
 * checks of loaders and actions (bank link, rate limits, sessions, CSRF) are tests/security.
 * Browser-less: run once, in the 'js' project.
 */
const APP = `http://localhost:${APP_PORT}`;
const MB = 1024 * 1024;

test.beforeEach(async ({ page: _page }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "HTTP-only checks: once is enough");
  await resetSandbox();
});

/** The app's process, found by its listening socket (Linux /proc). */
async function appPid(): Promise<number> {
  const tables = await Promise.all(["/proc/net/tcp", "/proc/net/tcp6"].map((file) => readFile(file, "utf8").catch(() => "")));
  const portHex = APP_PORT.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set(
    tables
      .flatMap((table) => table.split("\n").slice(1))
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[1]?.endsWith(`:${portHex}`) && cols[3] === "0A")
      .map((cols) => cols[9]),
  );
  for (const pid of await readdir("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => []);
    for (const fd of fds) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => "");
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode && inodes.has(inode)) return Number(pid);
    }
  }
  throw new Error(`no process listens on ${APP_PORT}`);
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** A POST that declares `declared` bytes and writes them as fast as the server reads; answers the status. */
function bigPost(path: string, declared: number | "chunked", headers: Record<string, string> = {}): Promise<number> {
  return bigPostAnswer(path, declared, headers).then((answer) => answer.status);
}

function bigPostAnswer(
  path: string,
  declared: number | "chunked",
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const request = http.request(`${APP}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(declared === "chunked" ? {} : { "content-length": String(declared) }),
        ...headers,
      },
    });
    let status = 0;
    let body = "";
    request.on("response", (response) => {
      status = response.statusCode ?? 0;
      response.setEncoding("utf8");
      response.on("data", (text: string) => (body += text));
      response.on("end", () => resolve({ status, body }));
    });
    request.on("error", () => resolve({ status, body }));
    const chunk = Buffer.alloc(MB, "a");
    let sent = 0;
    const total = declared === "chunked" ? 50 * MB : declared;
    const pump = () => {
      while (sent < total) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += piece.length;
        if (!request.write(piece)) return void request.once("drain", pump);
      }
      request.end();
    };
    pump();
  });
}

test("oversized bodies are refused before login with 413, and the app's memory stays flat", async () => {
  const pid = await appPid();
  const before = await rssMb(pid);
  const statuses: number[] = [];
  for (let round = 0; round < 4; round += 1) {
    statuses.push(...(await Promise.all(Array.from({ length: 10 }, () => bigPost("/logout", 50 * MB)))));
  }
  expect(statuses.every((status) => status === 413)).toBe(true);
  expect(await bigPost("/logout", "chunked")).toBe(413);
  expect(await bigPost("/", 200 * 1024)).toBe(413);
  expect(await bigPost("/destinatarios-alta-multiple", 40 * MB)).toBe(413);
  const after = await rssMb(pid);
  test
    .info()
    .annotations.push({ type: "memoria", description: `${before.toFixed(0)} MB → ${after.toFixed(0)} MB after 42 oversized POSTs` });
  expect(after - before).toBeLessThan(80);

  const refused = await bigPostAnswer("/logout", 2 * MB);
  expect(refused.status).toBe(413);
  expect(refused.body).toContain("El envío es demasiado grande");
});

test("a cross-site post to any route is refused with the Spanish 403 page before it is read", async ({ request, page }) => {
  for (const path of ["/", "/logout", "/empresa", "/notificaciones", "/sesion/extender", "/access", "/destinatarios"]) {
    const probes: Array<Record<string, string>> = [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "null" },
    ];
    for (const headers of probes) {
      const answer = await request.post(`${APP}${path}`, { headers, form: { csrf: "x" }, maxRedirects: 0 });
      expect(answer.status(), `${path} ${JSON.stringify(headers)}`).toBe(403);
      const body = await answer.text();
      expect(body).toContain("No pudimos verificar tu solicitud");
      expect(body).toContain('lang="es-MX"');
      expect(body).not.toContain("<script");
    }
  }
  // The app's own origin passes the layer: with the session's token, 'Cerrar Sesión' works.
  await loginAs(page, "ana.admin");
  await expect(page).toHaveURL("/");
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  const own = await page.request.post(`${APP}/logout`, { headers: { origin: APP }, form: { csrf }, maxRedirects: 0 });
  expect([own.status(), own.headers()["location"]]).toEqual([302, "/login?sesion=cerrada"]);
});

test("every private answer says no-store, the root data with its CSRF token included", async ({ page }) => {
  await loginAs(page, "ana.admin");
  await expect(page).toHaveURL("/");
  for (const path of [
    "/",
    "/?_data=root",
    "/?_data=routes%2F_index",
    "/cuentas",
    "/cuentas/1",
    "/historial-operaciones",
    "/destinatarios",
    "/comportamiento-de-mercado",
    "/terminos-condiciones",
    "/login",
    "/error",
  ]) {
    const answer = await page.request.get(path, { maxRedirects: 0 });
    expect(answer.headers()["cache-control"], path).toBe("private, no-store");
  }
});
