import { describe, expect, it } from "vitest";

import { servedRoute } from "#server/http/served-route.server";

import { answerOf, formPost, routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import { control } from "../../tests/support/sandbox";
import * as alerts from "./alertas";
import * as monitoring from "./monitoreo-de-divisas";

/**
 * Deleting an alert or a follow the member does not have (none, another
 * company's, another member's) answered 502 as if the bank had failed. It is a 404 with the
 * Spanish page; a malformed id is a 400; 502 only when the bank fails; the member's own goes.
 */
const world = sandboxedApp("borrar-alertas");

const post = (route: typeof alerts | typeof monitoring, path: string, fields: Record<string, string>) =>
  answerOf(() =>
    servedRoute(route).action({
      request: formPost(path, world.browser.cookie, { csrf: world.browser.csrf, ...fields }),
      context,
      params: {},
    }),
  );
const deleteAlert = (id: string) => post(alerts, "/alertas", { intent: "eliminar", id });
const unfollow = (id: string) => post(monitoring, "/monitoreo-de-divisas", { intent: "dejar", id, pair: "USD/MXN" });

const alertOf = async (userName: string) =>
  (
    (await control(world.sandbox, "/__price-alerts", {
      userName,
      pair: "USD/MXN",
      operation: "buy",
      targetRate: 17.5,
      condition: "below",
    })) as { id: number }
  ).id;
const followOf = async (userName: string, pair = "USD/MXN") =>
  ((await control(world.sandbox, "/__follows", { userName, pair })) as { id: number }).id;

const MALFORMED = ["", "abc", "-1", "1.5", "1e3", "0x10", " 7", "1234567890123", "1;DROP", "../1", "%00"];

describe("deleting an alert or a follow the member does not have", () => {
  it("is a 404 for a missing or another's id, a 400 for a malformed one, never a 502", async () => {
    const foreign = [await alertOf("beatriz.basica"), await alertOf("carlos.colaborador")];
    const foreignFollows = [await followOf("beatriz.basica"), await followOf("carlos.colaborador", "EUR/MXN")];
    const statuses: Record<string, number[]> = { alert: [], follow: [] };
    for (const id of ["999999", "0", "1000000", ...foreign.map(String)]) {
      const answer = await deleteAlert(id);
      statuses.alert.push(answer.status);
      expect([id, answer.status]).toEqual([id, 404]);
    }
    for (const id of ["999999", "0", "1000000", ...foreignFollows.map(String)]) {
      const answer = await unfollow(id);
      statuses.follow.push(answer.status);
      expect([id, answer.status]).toEqual([id, 404]);
    }
    for (const id of MALFORMED) {
      expect([id, (await deleteAlert(id)).status]).toEqual([id, 400]);
      expect([id, (await unfollow(id)).status]).toEqual([id, 400]);
    }
    // Another's stays where it was.
    const left = (await control(world.sandbox, "/__price-alerts", undefined, "GET")) as Array<{ id: number }>;
    expect(left.map((alert) => alert.id)).toEqual(expect.arrayContaining(foreign));
  });

  // The app tries a failing bank a few times before it says so: a longer budget than a test's default.
  it("deletes the member's own, and answers 502 only when the bank fails", async () => {
    const own = await alertOf("ana.admin");
    const ownFollow = await followOf("ana.admin");
    await control(world.sandbox, "/__faults", { path: `/api/price-alerts/${own}`, kind: "status", status: 500, times: -1 });
    await control(world.sandbox, "/__faults", { path: `/api/follows/${ownFollow}`, kind: "status", status: 503, times: -1 });
    expect((await deleteAlert(String(own))).status).toBe(502);
    expect((await unfollow(String(ownFollow))).status).toBe(502);
    await control(world.sandbox, "/__faults", undefined, "DELETE");
    expect((await deleteAlert(String(own))).status).toBe(302);
    expect((await unfollow(String(ownFollow))).status).toBe(302);
    expect((await deleteAlert(String(own))).status).toBe(404);
  }, 60_000);
});
