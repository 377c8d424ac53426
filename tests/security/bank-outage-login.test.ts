import { describe, expect, it } from "vitest";

import { resetForTests } from "#server/lifecycle.server";
import { requireAccess } from "#server/session/auth.server";
import { breakerFor } from "#server/upstream/breakers.server";

import { TEST_APP_URL as APP } from "../support/app-env";
import { followBankLink, routeContext, sandboxedApp } from "../support/route-session";
import { requestCount } from "../support/sandbox";
import { until } from "../support/wait";

/**
 * Decision 101: the first login after a bank outage meets the partner API's breaker half-open,
 * which lets one probe through. The login's partner calls must all get through that window.
 */
const world = sandboxedApp("apagon-banco", {}, { RATE_LIMITS: "login=50/60" });
const cookiePair = (setCookie: string | null) => (setCookie ?? "").split(";")[0];
const get = (path: string, cookie = "") => new Request(`${APP}${path}`, { headers: cookie ? { cookie } : {} });

/** The bank was down: its breaker opened for a short hold (as a 503 with Retry-After does) and that hold ran out. */
async function bankOutageJustEnded() {
  resetForTests("upstream.breakers");
  const breaker = breakerFor("partner");
  const admission = breaker.admit();
  if (!admission.admitted) throw new Error("a new breaker admits calls");
  expect(breaker.failed(admission.ticket, 150)).toEqual({ to: "open", forMs: 150 });
  expect(breaker.state).toBe("open");
  await until(() => breaker.state === "halfOpen", { timeoutMs: 1_000, what: "the breaker's hold to run out" });
}

describe("the first login after a bank outage", () => {
  it("signs in through the breaker's half-open probe, 3 times out of 3, and spends each bank token once", async () => {
    resetForTests("rateLimiters");
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await bankOutageJustEnded();
      const { answer } = await followBankLink(world.sandbox, "ana.admin");
      outcomes.push(`${answer.headers.get("location") ?? answer.status}, breaker ${breakerFor("partner").state}`);
      if (answer.headers.get("location") === "/") {
        const signedIn = await requireAccess(get("/", cookiePair(answer.headers.get("set-cookie"))), routeContext);
        expect(signedIn.data.user.userName).toBe("ana.admin");
      }
    }
    expect(outcomes).toEqual(Array(3).fill("/, breaker closed"));
    // Each login asked the bank for its user and companies once: nothing refused, nothing resent.
    expect(await requestCount(world.sandbox, "/partner/users/companies")).toBe(3);
  });
});
