import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { mexicoCityDate, mexicoMidnight } from "./dates";
import { MOVEMENT_DAYS } from "./movements";
import { createSeedState } from "./seed";
import { type Sandbox, startSandbox } from "./server";

const NOW = new Date("2026-03-10T18:00:00.000Z");
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, appUrl: "http://app.test:3000", now: () => NOW });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await fetch(`${sandbox.url}/__reset`, { method: "POST" });
});

async function bankToken(userName: string) {
  const res = await fetch(`${sandbox.url}/banca/entrar?usuario=${userName}`, { redirect: "manual" });
  return new URL(res.headers.get("location") ?? "").searchParams.get("jwt") ?? "";
}

async function movements(token: string, clabe: string, query: string) {
  const res = await fetch(`${sandbox.url}/middleware/movements/v2/${clabe}/movements?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown> & {
      data: Array<Record<string, unknown>>;
      errors: Array<{ code: string; message: string }>;
    },
  };
}

const clabeOf = (idAccount: string) => sandbox.state.accounts.find((account) => account.idAccount === idAccount)?.clabe ?? "";
const base = "in_flow=true&include_detail=true&type_group=transfer";

describe("bank middleware movements", () => {
  it("seeds months of movements covering every §3 type", () => {
    const types = new Set(sandbox.state.movements.map((movement) => movement.typeId));
    expect([...types].sort((a, b) => a - b)).toEqual([1, 3, 5, 13, 14, 19, 40, 44, 60, 73, 82, 83, 84, 88, 89]);
    const first = sandbox.state.movements[0].date;
    expect(Date.parse(NOW.toISOString()) - Date.parse(first)).toBeGreaterThan((MOVEMENT_DAYS - 2) * 86_400_000);
    expect(sandbox.state.movements.every((movement) => movement.date <= NOW.toISOString())).toBe(true);
  });

  it("pages the account's movements of a date range, newest first", async () => {
    const token = await bankToken("ana.admin");
    const first = await movements(
      token,
      clabeOf("A-100234-01"),
      `initial_date=2026-01-01&final_date=2026-03-10&sheet=1&pages=25&sort=desc&${base}`,
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, records_per_page: 25, errors: [] });
    expect(first.body.data).toHaveLength(25);
    const total = first.body.total_records as number;
    expect(first.body.total_pages).toBe(Math.ceil(total / 25));
    const dates = first.body.data.map((movement) => movement.operation_date as string);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(first.body.data[0]).toMatchObject({
      movement_type: { id: expect.any(Number) },
      flow: expect.stringMatching(/IN|OUT/),
      counterparty: { name: expect.any(String) },
    });
    const last = await movements(
      token,
      clabeOf("A-100234-01"),
      `initial_date=2026-01-01&final_date=2026-03-10&sheet=${first.body.total_pages as number}&pages=25&sort=desc&${base}`,
    );
    expect(last.body.data.length).toBe(total - 25 * ((first.body.total_pages as number) - 1));
  });

  it("has movements today", async () => {
    const today = await movements(
      await bankToken("ana.admin"),
      clabeOf("A-100234-02"),
      `initial_date=2026-03-10&final_date=2026-03-10&${base}`,
    );
    expect(today.body.data.length).toBeGreaterThanOrEqual(2);
  });

  it("answers the §8 empty codes", async () => {
    const token = await bankToken("ana.admin");
    const none = await movements(token, clabeOf("A-100234-01"), `initial_date=2024-01-01&final_date=2024-01-31&${base}`);
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ code: "ACCOUNTS_0004", message: "No movements found.", errors: [{ code: "ACCOUNTS_0004" }] });
    const foreign = await movements(token, clabeOf("A-200115-01"), `initial_date=2026-03-01&final_date=2026-03-10&${base}`);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ code: "ACCOUNTS_403", message: "Resource is restricted" });
    const noToken = await movements("nope", clabeOf("A-100234-01"), `initial_date=2026-03-01&final_date=2026-03-10&${base}`);
    expect(noToken.body).toMatchObject({ message: "Error ESB Token" });
    const bad = await movements(token, clabeOf("A-100234-01"), "initial_date=2026-03-10&final_date=2026-03-01");
    expect(bad.status).toBe(400);
  });
});

describe("the seeded movements of today", () => {
  // Mexico City is six hours behind UTC: 06:00Z is its midnight. A seed laid out minutes after it once put both of
  // today's movements on the day before, and "this month" was empty on the 1st (tests/e2e/phone-width.spec.ts).
  it.each([
    "2026-12-01T06:00:00.000Z",
    "2026-12-01T06:00:00.900Z",
    "2026-12-01T06:02:00.000Z",
    "2026-12-01T06:13:59.000Z",
    "2026-03-10T18:00:00.000Z",
  ])("are two per account on Mexico City's today, none after now, when seeded at %s", (iso) => {
    const now = new Date(iso);
    const { accounts, movements: seeded } = createSeedState(now);
    const today = mexicoCityDate(now);
    for (const account of accounts) {
      const todays = seeded.filter(
        (movement) => movement.idAccount === account.idAccount && mexicoCityDate(new Date(movement.date)) === today,
      );
      expect(todays, account.idAccount).toHaveLength(2);
    }
    expect(seeded.every((movement) => Date.parse(movement.date) <= now.getTime())).toBe(true);
  });

  it("reads the time of day on Mexico City's clock", () => {
    const sinceMidnight = (iso: string) => Date.parse(iso) - mexicoMidnight(new Date(iso)).getTime();
    expect(sinceMidnight("2026-12-01T06:00:00.000Z")).toBe(0);
    expect(sinceMidnight("2026-12-01T05:59:59.250Z")).toBe(86_399_250);
    expect(sinceMidnight("2026-07-15T18:30:05.000Z")).toBe((12 * 3600 + 30 * 60 + 5) * 1000);
  });
});
