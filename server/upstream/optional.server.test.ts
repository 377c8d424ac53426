import pino from "pino";
import { describe, expect, it } from "vitest";

import { UpstreamError } from "./errors";
import { optional } from "./optional.server";

function capturingLog() {
  const lines: Array<Record<string, unknown>> = [];
  const log = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { log, lines };
}

describe("optional", () => {
  it("answers the upstream's data when the call succeeds, and logs nothing", async () => {
    const { log, lines } = capturingLog();
    expect(await optional(Promise.resolve(["cuenta"]), [], { log, event: "accounts_unavailable" })).toEqual(["cuenta"]);
    expect(lines).toEqual([]);
  });

  it("answers the fallback when the upstream fails, and warns once with the failure", async () => {
    const { log, lines } = capturingLog();
    const failed = Promise.reject(new UpstreamError("product", "status", "Error", { status: 503 }));
    expect(await optional(failed, [], { log, event: "accounts_unavailable" })).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, event: "accounts_unavailable", service: "product", failure: "status", status: 503 });
  });

  it("answers the fallback without a warning when the call was cut because the browser left", async () => {
    const { log, lines } = capturingLog();
    const cut = Promise.reject(new UpstreamError("product", "aborted", "La solicitud fue cancelada."));
    expect(await optional(cut, null, { log, event: "accounts_unavailable" })).toBeNull();
    expect(lines).toEqual([]);
  });

  it("lets anything but an upstream failure through", async () => {
    const { log } = capturingLog();
    await expect(optional(Promise.reject(new TypeError("bug")), [], { log, event: "accounts_unavailable" })).rejects.toThrow("bug");
  });
});
