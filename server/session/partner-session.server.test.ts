import pino from "pino";
import { describe, expect, it } from "vitest";

import { PartnerSessionEnded, UpstreamError } from "../upstream/errors";
import { optional } from "../upstream/optional.server";
import { EXPIRED_PATH, partnerSessionRedirect } from "./partner-session.server";

const log = pino({ level: "silent" });

describe("partnerSessionRedirect", () => {
  it("is the expired-session redirect for a partner-session end, from either copy of the module", () => {
    const foreign = Object.assign(new Error("ended"), { [Symbol.for("portal.partnerSessionEnded")]: true });
    for (const error of [new PartnerSessionEnded(), foreign]) {
      const answer = partnerSessionRedirect(error);
      expect(answer?.status).toBe(302);
      expect(answer?.headers.get("Location")).toBe(EXPIRED_PATH);
    }
  });

  it("is nothing for any other error", () => {
    expect(partnerSessionRedirect(new TypeError("bug"))).toBeNull();
    expect(partnerSessionRedirect(new UpstreamError("partner", "status", "x", { status: 401 }))).toBeNull();
  });
});

describe("optional", () => {
  it("returns the data when the upstream answers", async () => {
    expect(await optional(Promise.resolve([1, 2]), [], { log, event: "x" })).toEqual([1, 2]);
  });

  it("degrades to the fallback when the upstream fails", async () => {
    const failure = new UpstreamError("product", "status", "boom", { status: 503 });
    expect(await optional(Promise.reject(failure), null, { log, event: "x" })).toBeNull();
  });

  it("never swallows a partner-session end or a bug", async () => {
    const ended = new PartnerSessionEnded();
    await expect(optional(Promise.reject(ended), null, { log, event: "x" })).rejects.toBe(ended);
    const bug = new TypeError("bug");
    await expect(optional(Promise.reject(bug), null, { log, event: "x" })).rejects.toBe(bug);
  });
});
