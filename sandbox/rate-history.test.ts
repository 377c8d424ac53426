import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { mexicoMidnight } from "./dates";
import { PAIR_LEVELS } from "./prices";
import { dailyCloses, intradayPoints, rateHistory } from "./rate-history";
import type { Sandbox } from "./server";
import { startSandbox } from "./server";

// 12:07 in Mexico City (UTC−6) on a Wednesday.
const NOW = new Date("2026-11-25T18:07:30Z");

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, appUrl: "http://localhost:3999", now: () => NOW });
});
afterAll(() => sandbox.close());

async function productJwt(userName: string): Promise<string> {
  const res = await fetch(`${sandbox.url}/banca/entrar?usuario=${userName}`, { redirect: "manual" });
  const externalToken = new URL(res.headers.get("location") ?? "").searchParams.get("jwt") ?? "";
  const login = await fetch(`${sandbox.url}/api/loginuser`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ externalToken }),
  });
  return ((await login.json()) as { jwt: string }).jwt;
}

describe("rate history (pure)", () => {
  it("starts the intraday series at Mexico City's midnight, every 5 minutes, and ends at the live mid now", () => {
    const points = intradayPoints("USD/MXN", NOW, 17.23456, 1);
    expect(mexicoMidnight(NOW).toISOString()).toBe("2026-11-25T06:00:00.000Z");
    expect(points[0].at).toBe("2026-11-25T06:00:00.000Z");
    expect(points[1].at).toBe("2026-11-25T06:05:00.000Z");
    // 00:00 to 12:05 every 5 minutes is 146 points, plus the one at 12:07:30.
    expect(points).toHaveLength(147);
    expect(points.at(-1)).toEqual({ at: NOW.toISOString(), rate: 17.23456 });
  });

  it("opens the day at the previous weekday's close and stays near the pair's level", () => {
    const closes = dailyCloses("USD/MXN", "2026-11-25", 1);
    const points = intradayPoints("USD/MXN", NOW, 17.2, 1);
    expect(points[0].rate).toBe(closes.at(-1)?.rate);
    expect(closes.at(-1)?.at).toBe("2026-11-24T23:00:00.000Z");
    for (const point of [...closes, ...points]) {
      expect(Math.abs(point.rate / PAIR_LEVELS["USD/MXN"] - 1)).toBeLessThan(0.08);
      expect(Number(point.rate.toFixed(6))).toBe(point.rate);
    }
  });

  it("is deterministic per seed, and another seed walks elsewhere", () => {
    const options = { liveMid: () => 17.2, seed: 7 };
    expect(rateHistory("USD/MXN", "1A", NOW, options)).toEqual(rateHistory("USD/MXN", "1A", NOW, options));
    expect(rateHistory("USD/MXN", "1D", NOW, options)).toEqual(rateHistory("USD/MXN", "1D", NOW, options));
    expect(rateHistory("USD/MXN", "1A", NOW, { ...options, seed: 8 }).points).not.toEqual(
      rateHistory("USD/MXN", "1A", NOW, options).points,
    );
  });

  it("gives a date older than 20 days the same close whichever day asks, and bends the last ones to the level", () => {
    const early = dailyCloses("EUR/MXN", "2026-06-01", 3).filter((point) => point.at < "2026-05-01");
    const late = dailyCloses("EUR/MXN", "2026-11-25", 3);
    expect(late.slice(0, early.length)).toEqual(early);
    // The previous close is within the day-to-day noise of the level the live feed keeps.
    expect(Math.abs((late.at(-1)?.rate ?? 0) / PAIR_LEVELS["EUR/MXN"] - 1)).toBeLessThan(0.004);
  });

  it("has weekdays only in the daily ranges, over a week, a month and a year", () => {
    const options = { liveMid: () => 17.2 };
    const week = rateHistory("USD/MXN", "1S", NOW, options).points;
    const month = rateHistory("USD/MXN", "1M", NOW, options).points;
    const year = rateHistory("USD/MXN", "1A", NOW, options).points;
    expect(week.map((point) => point.at.slice(0, 10))).toEqual(["2026-11-18", "2026-11-19", "2026-11-20", "2026-11-23", "2026-11-24"]);
    expect(month).toHaveLength(22);
    expect(year.length).toBeGreaterThan(255);
    expect(year.length).toBeLessThan(265);
    for (const point of year) expect([0, 6]).not.toContain(new Date(point.at).getUTCDay());
  });
});

describe("GET /api/rate-history", () => {
  it("answers with the product jwt, in USDMXN or USD/MXN form", async () => {
    const jwt = await productJwt("ana.admin");
    const res = await fetch(`${sandbox.url}/api/rate-history?pair=USDMXN&range=1D`, { headers: { authorization: `Bearer ${jwt}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { pair: string; range: string; interval: string; points: Array<{ at: string; rate: number }> };
    expect(body).toMatchObject({ pair: "USD/MXN", range: "1D", interval: "5m" });
    // No price socket is open, so the live mid is still the pair's level.
    expect(body.points.at(-1)).toEqual({ at: NOW.toISOString(), rate: 17.2 });
    const daily = await fetch(`${sandbox.url}/api/rate-history?pair=${encodeURIComponent("EUR/MXN")}&range=1M`, {
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(await daily.json()).toMatchObject({ pair: "EUR/MXN", range: "1M", interval: "1d" });
  });

  it("refuses a missing jwt, an unknown pair and an unknown range", async () => {
    expect((await fetch(`${sandbox.url}/api/rate-history?pair=USDMXN&range=1D`)).status).toBe(401);
    const jwt = await productJwt("ana.admin");
    const get = (query: string) => fetch(`${sandbox.url}/api/rate-history?${query}`, { headers: { authorization: `Bearer ${jwt}` } });
    const unknownPair = await get("pair=ABCXYZ&range=1D");
    expect(unknownPair.status).toBe(400);
    expect(await unknownPair.json()).toMatchObject({ code: "INVALID_PAIR" });
    expect((await get("pair=USDMXN&range=5A")).status).toBe(400);
  });
});
