import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { isValidClabe } from "./clabe";
import { type Sandbox, startSandbox } from "./server";

const APP_URL = "http://app.test:3000";
const GEO = "19.4326,-99.1332";
// Fixed clock: a Tuesday afternoon in Mexico City.
const NOW = new Date("2026-03-10T18:00:00.000Z");

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, appUrl: APP_URL, now: () => NOW });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(async () => {
  await fetch(`${sandbox.url}/__reset`, { method: "POST" });
});

async function call(path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown; headers: Headers }> {
  const res = await fetch(`${sandbox.url}${path}`, init);
  const text = await res.text();
  return { status: res.status, body: text === "" ? undefined : (JSON.parse(text) as unknown), headers: res.headers };
}

function postJson(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) };
}

async function bankToken(userName: string): Promise<string> {
  const res = await fetch(`${sandbox.url}/banca/entrar?usuario=${userName}`, { redirect: "manual" });
  const location = new URL(res.headers.get("location") ?? "");
  return location.searchParams.get("jwt") ?? "";
}

async function productJwt(userName: string): Promise<string> {
  const { body } = await call("/api/loginuser", postJson({ externalToken: await bankToken(userName) }));
  return (body as { jwt: string }).jwt;
}

const partner = (token: string, extra: Record<string, string> = {}) => ({
  headers: { authorization: `Bearer ${token}`, geolocation: GEO, ...extra },
});

describe("bank portal", () => {
  it("redirects to the app's /access with a fresh bank token", async () => {
    const res = await fetch(`${sandbox.url}/banca/entrar?usuario=ana.admin`, { redirect: "manual" });
    expect(res.status).toBe(302);
    const location = res.headers.get("location") ?? "";
    expect(location.startsWith(`${APP_URL}/access?jwt=`)).toBe(true);
    expect(new URL(location).searchParams.get("jwt")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("lists the demo users and answers 404 for an unknown one", async () => {
    const page = await (await fetch(`${sandbox.url}/banca`)).text();
    expect(page).toContain("Banca en línea");
    expect(page).toContain("Entrar como ana.admin");
    const res = await fetch(`${sandbox.url}/banca/entrar?usuario=nadie`, { redirect: "manual" });
    expect(res.status).toBe(404);
  });
});

describe("product login and onboarding", () => {
  it("logs ana in with a verifiable HS256 jwt scoped to her first company", async () => {
    const { status, body } = await call("/api/loginuser", postJson({ externalToken: await bankToken("ana.admin") }));
    expect(status).toBe(200);
    const { jwt, memberId, userName } = body as { jwt: string; memberId: number; userName: string };
    expect({ memberId, userName }).toEqual({ memberId: 1, userName: "ana.admin" });
    const claims = JSON.parse(Buffer.from(jwt.split(".")[1], "base64url").toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: "1", userName: "ana.admin", clientId: "100234" });
    expect(claims.exp).toBe(Math.floor(NOW.getTime() / 1000) + 1800);

    expect((await call("/api/today", { headers: { authorization: `Bearer ${jwt}` } })).body).toEqual({
      today: "2026-03-10",
    });
    expect((await call("/api/today")).status).toBe(401);
    expect((await call("/api/today", { headers: { authorization: `Bearer ${jwt}x` } })).status).toBe(401);
  });

  it("rejects an invalid bank token and a malformed body", async () => {
    expect((await call("/api/loginuser", postJson({ externalToken: "nope" }))).status).toBe(401);
    const malformed = await call("/api/loginuser", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"externalToken":',
    });
    expect(malformed.status).toBe(400);
  });

  it("onboards nuevo.usuario: 404 until createuser + setmembershipuser", async () => {
    const externalToken = await bankToken("nuevo.usuario");
    const before = await call("/api/loginuser", postJson({ externalToken }));
    expect(before).toMatchObject({ status: 404, body: { code: "USER_NOT_FOUND", message: "Usuario no registrado" } });

    const evidence = { termsAcceptedAt: NOW.toISOString(), termsVersion: "2025-01" };
    expect((await call("/api/createuser", postJson({ externalToken, provider: "bank" }))).status).toBe(400);
    const created = await call("/api/createuser", postJson({ externalToken, evidence, provider: "bank" }));
    expect(created).toMatchObject({ status: 201, body: { memberId: 5 } });
    expect((await call("/api/createuser", postJson({ externalToken, evidence, provider: "bank" }))).status).toBe(409);
    expect((await call("/api/loginuser", postJson({ externalToken }))).status).toBe(404);

    const plan = await call("/api/setmembershipuser", postJson({ idMembership: 2, externalToken }));
    expect(plan).toMatchObject({ status: 200, body: { membershipId: 2, status: "active" } });

    const login = await call("/api/loginuser", postJson({ externalToken }));
    expect(login).toMatchObject({ status: 200, body: { memberId: 5, userName: "nuevo.usuario" } });
    const { jwt } = login.body as { jwt: string };
    const membership = await call(
      "/graphql",
      postJson({ operationName: "MembershipData", query: "query MembershipData { membership }" }, { authorization: `Bearer ${jwt}` }),
    );
    expect(membership.body).toMatchObject({
      data: { membership: { membershipId: 2, name: "Pro", freeTrial: true, countdown: 30, nextPayment: "2026-04-09" } },
    });
  });
});

describe("partner bank API", () => {
  it("needs a geolocation header (400) and a valid bearer (401)", async () => {
    const token = await bankToken("ana.admin");
    expect((await call("/partner/accounts", { headers: { authorization: `Bearer ${token}` } })).status).toBe(400);
    expect((await call("/partner/accounts", { headers: { geolocation: GEO } })).status).toBe(401);
    expect((await call("/partner/accounts", partner("desconocido"))).body).toEqual({
      message: "Sesión inválida",
      code: "INVALID_SESSION",
    });
    expect((await call("/partner/users?userName=ana.admin", partner(token))).body).toMatchObject({
      data: { userName: "ana.admin", name: "Ana", firstLastName: "Martínez", rfc: "MARA850314QK7" },
    });
    expect((await call("/partner/users?userName=beatriz.basica", partner(token))).status).toBe(403);
  });

  it("revokes the token on signout (410 afterwards)", async () => {
    const token = await bankToken("ana.admin");
    const signout = await call("/partner/users/signout", { method: "PUT", ...partner(token) });
    expect(signout).toMatchObject({ status: 200, body: { data: { signedOut: true } } });
    const after = await call("/partner/accounts", partner(token));
    expect(after).toMatchObject({ status: 410, body: { message: "Sesión finalizada" } });
  });

  it("changes company: the new token sees the other company's accounts", async () => {
    const token = await bankToken("ana.admin");
    const first = (await call("/partner/accounts", partner(token))).body as { data: { alias: string; clabe: string; holder: string }[] };
    expect(first.data.map((account) => account.alias)).toEqual(["Operativa MXN", "Pagos USD", "Tesorería EUR"]);
    expect(first.data.every((account) => isValidClabe(account.clabe))).toBe(true);

    expect((await call("/partner/users/companyChange", { method: "POST", ...partner(token) })).status).toBe(400);
    expect((await call("/partner/users/companyChange?clientId=200115", { method: "POST", ...partner(token) })).status).toBe(403);
    const change = await call("/partner/users/companyChange?clientId=100871", { method: "POST", ...partner(token) });
    const newToken = (change.body as { data: { token: string } }).data.token;
    const second = (await call("/partner/accounts", partner(newToken))).body as typeof first;
    expect(second.data.map((account) => account.alias)).toEqual(["Nómina MXN", "Fletes USD", "Proveedores EUR"]);
    expect(second.data[0].holder).toBe("Logística Pacífico Norte S.A. de C.V.");

    const companies = (await call("/partner/users/companies", partner(newToken))).body as { data: { clientId: string }[] };
    expect(companies.data.map((company) => company.clientId)).toEqual(["100234", "100871"]);
  });
});

describe("product data", () => {
  it("scopes member accounts to the jwt's company and upserts records", async () => {
    const jwt = await productJwt("ana.admin");
    const auth = { authorization: `Bearer ${jwt}` };
    const records = (await call("/api/memberaccounts", { headers: auth })).body as { idAccount: string }[];
    expect(records.map((record) => record.idAccount)).toEqual(["A-100234-01", "A-100234-02", "A-100234-03"]);

    const updated = await call("/api/memberaccounts", postJson({ idAccount: "A-100234-03", favorite: true }, auth));
    expect(updated.body).toEqual({ id: 3, idAccount: "A-100234-03", alias: "Euros Hamburgo", favorite: true });
    expect((await call("/api/memberaccounts", postJson({ idAccount: "A-100871-01" }, auth))).status).toBe(404);
    expect((await call("/api/companies/100871", { headers: auth })).status).toBe(200);
    expect((await call("/api/companies/200115", { headers: auth })).status).toBe(403);
  });

  it("answers public GraphQL queries without a session and reports unknown operations", async () => {
    const cost = await call("/graphql", postJson({ operationName: "MembershipCost", variables: { id: 1 } }, { authorization: "Bearer " }));
    expect(cost.body).toEqual({ data: { membershipCost: { id: 1, amount: 499, currency: "MXN", taxRate: 0.16 } } });
    expect((await call("/graphql", postJson({ operationName: "VisitedTours" }))).status).toBe(401);
    const unknown = await call("/graphql", postJson({ operationName: "Nada" }));
    expect(unknown.status).toBe(200);
    expect(unknown.body).toHaveProperty("errors");
  });

  it("seeds announcements of every service and type, and lets tests set or clear them", async () => {
    const auth = { authorization: `Bearer ${await productJwt("ana.admin")}` };
    const all = (await call("/api/announcements", { headers: auth })).body as Array<{ service: string; type: string; active: boolean }>;
    expect(new Set(all.map((item) => item.service))).toEqual(new Set(["FX", "SPEI", "SPID", "OPI"]));
    expect(new Set(all.map((item) => item.type))).toEqual(new Set(["novelty", "delays", "issues", "beforeDayOff", "dayOff"]));
    const active = (await call("/api/announcements?active=true", { headers: auth })).body as Array<{ active: boolean }>;
    expect(active.every((item) => item.active)).toBe(true);

    const set = await call("/__announcements", postJson([{ service: "OPI", type: "issues", resolution_time: "30 minutos" }]));
    expect(set.status).toBe(200);
    const posted = (await call("/api/announcements?active=true", { headers: auth })).body as Array<{ id: number }>;
    expect(posted).toMatchObject([{ active: true, service: "OPI", type: "issues", resolution_time: "30 minutos", detail: null }]);
    // A posted announcement takes an id never given before, so a banner a person closed
    // (the seeded novelty is 1) does not hide it.
    const seededIds = (all as unknown as Array<{ id: number }>).map((item) => item.id);
    expect(seededIds).not.toContain(posted[0]!.id);
    await call("/__announcements", postJson([{ service: "SPEI", type: "beforeDayOff", detail: { date: "2030-01-02" } }]));
    const again = (await call("/api/announcements", { headers: auth })).body as Array<{ id: number }>;
    expect(again[0]!.id).toBeGreaterThan(posted[0]!.id);
    expect((await call("/__announcements", postJson([{ service: "XX", type: "issues" }]))).status).toBe(400);
    await call("/__announcements", { method: "DELETE" });
    expect((await call("/api/announcements", { headers: auth })).body).toEqual([]);
  });

  it("keeps modal flags per member: show, ignore, register, and a survey answered once", async () => {
    const auth = { authorization: `Bearer ${await productJwt("beatriz.basica")}` };
    const flags = (await call("/api/showModal", { headers: auth })).body as Record<string, { id: number; show: boolean }>;
    expect(Object.keys(flags).sort()).toEqual(
      [
        "csat",
        "nps",
        "paid_account",
        "showBanner",
        "showRolPermission",
        "verify_email",
        "verify_email_on_init",
        "verify_phone",
        "verify_phone_on_init",
      ].sort(),
    );
    expect(flags.csat).toMatchObject({ id: 1, show: true });
    expect((await call("/api/showRebrandModal", { headers: auth })).body).toEqual({ show: false, id: 8 });
    expect((await call("/api/registerModal?id=1", { method: "PUT", headers: auth })).body).toMatchObject({ id: 1, shown: 1 });

    const answer = (body: unknown) => call("/api/surveys/answers", postJson(body, auth));
    expect((await answer({ modalId: 1, kind: "csat", score: 6 })).status).toBe(400);
    expect((await answer({ modalId: 2, kind: "csat", score: 3 })).status).toBe(404);
    expect(await answer({ modalId: 1, kind: "csat", score: 4, comments: "Bien" })).toMatchObject({ status: 201, body: { recorded: true } });
    expect(await answer({ modalId: 1, kind: "csat", score: 1 })).toMatchObject({ status: 200, body: { recorded: false } });
    expect((await call("/__survey-answers")).body).toMatchObject([{ kind: "csat", score: 4, comments: "Bien" }]);
    expect(((await call("/api/showModal", { headers: auth })).body as Record<string, { show: boolean }>).csat.show).toBe(false);

    await call("/__modal-flags", postJson({ userName: "beatriz.basica", modal: "nps", show: true }));
    expect((await call("/api/ignoreModal?id=2", { headers: auth })).body).toEqual({ id: 2, show: false, modal: "nps" });
    expect((await call("/api/ignoreModal?id=99", { headers: auth })).status).toBe(400);
  });

  it("records a seen tour once, and refuses a malformed tour id", async () => {
    const auth = { authorization: `Bearer ${await productJwt("paula.prueba")}` };
    const tours = async () => (await call("/graphql", postJson({ operationName: "VisitedTours" }, auth))).body;
    expect(await tours()).toEqual({ data: { visitedTours: [] } });
    const add = (tour: unknown) => call("/graphql", postJson({ operationName: "AddVisitedTour", variables: { tour } }, auth));
    expect((await add("dashboard")).body).toEqual({ data: { addVisitedTour: { visitedTours: ["dashboard"] } } });
    expect((await add("dashboard")).body).toEqual({ data: { addVisitedTour: { visitedTours: ["dashboard"] } } });
    expect((await add("<script>")).status).toBe(400);
    expect(await tours()).toEqual({ data: { visitedTours: ["dashboard"] } });
  });

  it("shows paula's trial countdown from her next payment (today + 9)", async () => {
    const jwt = await productJwt("paula.prueba");
    const { body } = await call("/graphql", postJson({ operationName: "MembershipData" }, { authorization: `Bearer ${jwt}` }));
    expect(body).toMatchObject({ data: { membership: { freeTrial: true, countdown: 9, nextPayment: "2026-03-19" } } });
  });
});

describe("faults, latency, request log and reset", () => {
  it("fails the first two calls with 503 and lets the third through", async () => {
    const jwt = await productJwt("ana.admin");
    const fault = await call("/__faults", postJson({ path: "/api/today", kind: "status", status: 503, times: 2 }));
    expect(fault.status).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await call("/api/today", { headers: { authorization: `Bearer ${jwt}` } })).status);
    }
    expect(statuses).toEqual([503, 503, 200]);
    expect((await call("/__faults")).body).toEqual([]);
  });

  it("sends Retry-After with a 429 and a broken body for malformed", async () => {
    await call("/__faults", postJson({ path: "/partner/accounts", kind: "status", status: 429, retryAfter: 7 }));
    const limited = await fetch(`${sandbox.url}/partner/accounts`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");

    await call("/__faults", postJson({ path: "/api/conceptpays", method: "GET", kind: "malformed" }));
    const res = await fetch(`${sandbox.url}/api/conceptpays`);
    expect(res.status).toBe(200);
    await expect(res.json()).rejects.toThrow();
  });

  it("holds a timeout fault open until the client gives up", async () => {
    await call("/__faults", postJson({ path: "/api/healthcheck", kind: "timeout" }));
    await expect(fetch(`${sandbox.url}/api/healthcheck`, { signal: AbortSignal.timeout(150) })).rejects.toThrow();
  });

  it("cuts the connection of a drop fault before any answer, once", async () => {
    await call("/__faults", postJson({ path: "/api/healthcheck", kind: "drop" }));
    await expect(fetch(`${sandbox.url}/api/healthcheck`)).rejects.toThrow();
    expect((await call("/api/healthcheck")).status).toBe(401);
  });

  it("answers a slow fault after its delay", async () => {
    await call("/__faults", postJson({ path: "/api/healthcheck", kind: "slow", delayMs: 100 }));
    const started = performance.now();
    expect((await call("/api/healthcheck")).status).toBe(401);
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
  });

  it("delays every upstream call by the configured latency, but not the portal", async () => {
    expect((await call("/__latency", postJson({ ms: 150 }))).body).toEqual({ ms: 150 });
    const started = performance.now();
    await call("/api/healthcheck");
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
  });

  it("does not delay the bank's portal", async () => {
    await call("/__latency", postJson({ ms: 1_000 }));
    const finished: string[] = [];
    await Promise.all([
      call("/api/healthcheck").then(() => finished.push("api")),
      fetch(`${sandbox.url}/banca`).then(() => finished.push("portal")),
    ]);
    expect(finished).toEqual(["portal", "api"]);
  });

  it("logs upstream calls only and filters them by prefix", async () => {
    await call("/api/today");
    await call("/partner/accounts");
    await fetch(`${sandbox.url}/banca`);
    const log = (await call("/__requests?path=/api")).body as { method: string; path: string; at: string }[];
    expect(log).toEqual([{ method: "GET", path: "/api/today", at: NOW.toISOString() }]);
    expect(((await call("/__requests")).body as unknown[]).length).toBe(2);
    await call("/__requests", { method: "DELETE" });
    expect((await call("/__requests")).body).toEqual([]);
  });

  it("restores the seed and clears faults, latency and tokens on reset", async () => {
    const token = await bankToken("ana.admin");
    const jwt = await productJwt("ana.admin");
    await call("/api/memberaccounts", postJson({ idAccount: "A-100234-01", alias: "Cambiado" }, { authorization: `Bearer ${jwt}` }));
    await call("/__faults", postJson({ path: "/api", kind: "status", times: -1 }));
    await call("/__latency", postJson({ ms: 50 }));

    expect((await call("/__reset", { method: "POST" })).status).toBe(200);

    expect((await call("/__faults")).body).toEqual([]);
    expect((await call("/__latency")).body).toEqual({ ms: 0 });
    expect((await call("/partner/accounts", partner(token))).status).toBe(401);
    expect((await call("/api/today", { headers: { authorization: `Bearer ${jwt}` } })).status).toBe(401);
    const fresh = await productJwt("ana.admin");
    const records = (await call("/api/memberaccounts", { headers: { authorization: `Bearer ${fresh}` } })).body as { alias: string }[];
    expect(records[0].alias).toBe("Concentradora Bajío");
  });

  it("rejects an invalid fault description", async () => {
    expect((await call("/__faults", postJson({ path: "api", kind: "status" }))).status).toBe(400);
    expect((await call("/__faults", postJson({ path: "/api", kind: "boom" }))).status).toBe(400);
  });
});

describe("isolation", () => {
  it("runs independent sandboxes side by side", async () => {
    const other = await startSandbox({ port: 0, appUrl: APP_URL });
    try {
      await call("/__latency", postJson({ ms: 20 }));
      const res = await fetch(`${other.url}/__latency`);
      expect(await res.json()).toEqual({ ms: 0 });
      expect(other.port).not.toBe(sandbox.port);
    } finally {
      await other.close();
    }
  });

  it("releases held timeouts on close() without waiting for the client", async () => {
    const other = await startSandbox({ port: 0, appUrl: APP_URL });
    await fetch(`${other.url}/__faults`, postJson({ path: "/api", kind: "timeout", times: -1 }));
    const pending = fetch(`${other.url}/api/today`);
    await expect.poll(() => other.state.requests.length).toBe(1);
    await other.close();
    // The held request ends with the server, long before the client would give up on it.
    const outcome = await Promise.race([
      pending.then(
        () => "answered",
        () => "released",
      ),
      // The bound, not a wait: an unref'd timer that costs nothing once the request is released.
      new Promise<string>((resolve) => AbortSignal.timeout(10_000).addEventListener("abort", () => resolve("still held"))),
    ]);
    expect(outcome).toBe("released");
  });
});
