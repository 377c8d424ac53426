import type { AddressInfo } from "node:net";

import type { AppLoadContext } from "@remix-run/node";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { getConfig, trustProxySetting } from "#server/config.server";
import { resetForTests } from "#server/lifecycle.server";
import { RATE_POLICIES } from "#server/rate-limit.server";

import * as access from "../../app/routes/access";
import { TEST_APP_URL as APP } from "../support/app-env";
import { answerOf, followBankLink, routeContext, sandboxedApp } from "../support/route-session";

/**
 * Decision 099: the login limit counts by an address nobody can write, and by the
 * account as well. The address is resolved as the HTTP server resolves it (Express's "trust proxy"
 * from TRUST_PROXY, unset here as in a plain deployment).
 */
const world = sandboxedApp("claves-de-acceso");
const LOGIN_POINTS = RATE_POLICIES.login.points;

beforeEach(() => resetForTests("rateLimiters"));

describe("logins under rotating X-Forwarded-For", () => {
  let server: ReturnType<ReturnType<typeof express>["listen"]>;
  let url = "";
  beforeAll(async () => {
    const app = express();
    app.set("trust proxy", trustProxySetting(getConfig().TRUST_PROXY));
    app.get("/access", (req, res, next) => {
      const context = { ...routeContext, clientIp: req.ip ?? "" } as AppLoadContext;
      answerOf(() => access.loader({ request: new Request(`${APP}${req.url}`), context, params: {} }))
        .then((answer) => res.status(answer.status).end())
        .catch(next);
    });
    await new Promise<void>((resolve) => {
      server = app.listen(0, "127.0.0.1", resolve);
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("meet 429 once the limit is spent: a header the caller writes is not its address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_POINTS + 5; i += 1) {
      const answer = await fetch(`${url}/access?jwt=intento-${i}`, {
        redirect: "manual",
        headers: { "X-Forwarded-For": `203.0.113.${i + 1}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect(statuses.slice(0, LOGIN_POINTS).every((status) => status === 302)).toBe(true);
  });
});

describe("logins of one account from many addresses", () => {
  it("are bounded by the account too", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_POINTS; i += 1) {
      const context = { ...routeContext, clientIp: `198.51.100.${i + 1}` } as AppLoadContext;
      statuses.push((await followBankLink(world.sandbox, "ana.admin", context)).answer.status);
    }
    expect(statuses.slice(0, LOGIN_POINTS).every((status) => status === 302)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
