import { describe, expect, it } from "vitest";

import { folioForReading, supportFolio, upstreamRouteTemplate } from "./trace-labels";

describe("upstreamRouteTemplate", () => {
  it("keeps the words of a path and replaces every id", () => {
    expect(upstreamRouteTemplate("/memberaccounts")).toBe("/memberaccounts");
    expect(upstreamRouteTemplate("/operations/42")).toBe("/operations/{id}");
    expect(upstreamRouteTemplate("/backoffice-recipients/rcp_7f3a/status")).toBe("/backoffice-recipients/{id}/status");
    expect(upstreamRouteTemplate("/follows/3f2504e0-4f89-11d3-9a0c-0305e82c3301")).toBe("/follows/{id}");
    expect(upstreamRouteTemplate("/movements/v2/012180001234567897/movements")).toBe("/movements/v2/{id}/movements");
  });

  it("drops the query and anything escaped, dotted or too long to be a resource kind", () => {
    expect(upstreamRouteTemplate("/paginate-operations?page=2&amount=1000")).toBe("/paginate-operations");
    expect(upstreamRouteTemplate("/users/juan%40example.com")).toBe("/users/{id}");
    expect(upstreamRouteTemplate("/users/juan.perez")).toBe("/users/{id}");
    expect(upstreamRouteTemplate(`/sessions/${"a".repeat(41)}`)).toBe("/sessions/{id}");
  });

  it("keeps a template the caller states and the empty path", () => {
    expect(upstreamRouteTemplate("/movements/v2/012180001234567897/movements", "/movements/v2/{clabe}/movements")).toBe(
      "/movements/v2/{clabe}/movements",
    );
    expect(upstreamRouteTemplate("")).toBe("/");
    expect(upstreamRouteTemplate("/recipients/")).toBe("/recipients/");
  });
});

describe("supportFolio", () => {
  const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";

  it("is the trace id when there is one, else the request id", () => {
    expect(supportFolio(traceId, "a-request")).toBe(traceId);
    expect(supportFolio(undefined, "3f2504e0-4f89-11d3-9a0c-0305e82c3301")).toBe("3f2504e0-4f89-11d3-9a0c-0305e82c3301");
    expect(supportFolio("0".repeat(32), "req-1")).toBe("req-1");
  });

  it("shows nothing a caller could have written as text", () => {
    expect(supportFolio(undefined, "Llame al 555 <b>")).toBeNull();
    expect(supportFolio(undefined, "")).toBeNull();
    expect(supportFolio(undefined, undefined)).toBeNull();
  });
});

describe("folioForReading", () => {
  it("groups a trace id by four and leaves request ids alone", () => {
    expect(folioForReading("4bf92f3577b34da6a3ce929d0e0e4736")).toBe("4bf9 2f35 77b3 4da6 a3ce 929d 0e0e 4736");
    expect(folioForReading("3f2504e0-4f89-11d3-9a0c-0305e82c3301")).toBe("3f2504e0-4f89-11d3-9a0c-0305e82c3301");
    expect(folioForReading("proxy_req.7")).toBe("proxy_req.7");
  });
});
