import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";

import { routeLabeller, routeTemplates } from "./route-label.server";

// The shape of a Remix build's route manifest (flat routes), as few as needed.
const route = (id: string, parentId: string | undefined, path: string | undefined, index = false) => ({
  id,
  parentId,
  path,
  index,
  module: {},
});
const manifest = (withSplat: boolean) =>
  Object.fromEntries(
    [
      route("root", undefined, ""),
      route("routes/_index", "root", undefined, true),
      route("routes/cuentas", "root", "cuentas"),
      route("routes/historial-operaciones", "root", "historial-operaciones"),
      route("routes/historial-operaciones.$id._index", "routes/historial-operaciones", ":id", true),
      route("routes/historial-operaciones.$id.comprobante", "routes/historial-operaciones", ":id/comprobante"),
      ...(withSplat ? [route("routes/$", "root", "*")] : []),
    ].map((each) => [each.id, each]),
  ) as unknown as ServerBuild["routes"];

describe("routeLabeller", () => {
  const label = routeLabeller(manifest(true));

  it("names the deepest Remix route that answers, the way Remix matches", () => {
    expect(label("/")).toBe("routes/_index");
    expect(label("/cuentas")).toBe("routes/cuentas");
    expect(label("/historial-operaciones")).toBe("routes/historial-operaciones");
    expect(label("/historial-operaciones/OP-123/comprobante")).toBe("routes/historial-operaciones.$id.comprobante");
  });

  it("never carries a path's ids: every operation's detail is one label", () => {
    const labels = new Set(["/historial-operaciones/1", "/historial-operaciones/OP-98765", "/historial-operaciones/%C3%B1"].map(label));
    expect([...labels]).toEqual(["routes/historial-operaciones.$id._index"]);
  });

  it("answers the same from what it remembers, and forgets when it holds too many paths", () => {
    const small = routeLabeller(manifest(true), 2);
    const paths = ["/cuentas", "/historial-operaciones/1", "/historial-operaciones/2", "/cuentas", "/no/existe"];
    expect(paths.map(small)).toEqual(paths.map(label));
  });

  it("puts any other path under the splat route, or 'unrouted' in a build without one", () => {
    expect(label("/no/existe/123")).toBe("routes/$");
    expect(routeLabeller(manifest(false))("/no/existe/123")).toBe("unrouted");
  });
});

describe("routeTemplates", () => {
  const templateOf = routeTemplates(manifest(true));

  it("gives a route label as the path template it answers, ids as parameters", () => {
    expect(templateOf("routes/_index")).toBe("/");
    expect(templateOf("routes/cuentas")).toBe("/cuentas");
    expect(templateOf("routes/historial-operaciones.$id._index")).toBe("/historial-operaciones/:id");
    expect(templateOf("routes/historial-operaciones.$id.comprobante")).toBe("/historial-operaciones/:id/comprobante");
    expect(templateOf("routes/$")).toBe("/*");
  });

  it("keeps the labels that are not routes", () => {
    expect(templateOf("static")).toBe("static");
    expect(templateOf("unrouted")).toBe("unrouted");
  });
});
