import { matchRoutes } from "@remix-run/router";
import { describe, expect, it, vi } from "vitest";

import type { MatchRoutes } from "./route-matching.server";
import { memoisedMatchRoutes, shapeOf } from "./route-matching.server";

/** A tree shaped like the app's: a root layout, an index, plain, nested, dynamic, pathless and splat routes. */
function tree() {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "routes/_index", index: true },
        { id: "routes/cuentas", path: "cuentas" },
        { id: "routes/cuentas_.$id", path: "cuentas/:id" },
        { id: "routes/Sensible", path: "Sensible", caseSensitive: true },
        {
          id: "routes/historial-operaciones",
          path: "historial-operaciones",
          children: [
            {
              id: "routes/historial-operaciones.$id",
              path: ":id",
              children: [{ id: "routes/historial-operaciones.$id._index", index: true }],
            },
            { id: "routes/historial-operaciones.$id.compartir", path: ":id/compartir" },
          ],
        },
        { id: "routes/ajustes-layout", children: [{ id: "routes/ajustes", path: "ajustes" }] },
        { id: "routes/$", path: "*" },
      ],
    },
  ];
}

const original = matchRoutes as unknown as MatchRoutes;

const PATHS = [
  "/",
  "/cuentas",
  "/cuentas/",
  "/cuentas/123",
  "/cuentas/a%20b",
  "/CUENTAS",
  "/Sensible",
  "/sensible",
  "/historial-operaciones",
  "/historial-operaciones/77",
  "/historial-operaciones/77/compartir",
  "/ajustes",
  "/no/existe",
  "/cuentas/9?drawer=detalle#arriba",
];

describe("memoisedMatchRoutes", () => {
  it("answers exactly what the router answers, for every kind of route, the first time and from what it kept", () => {
    const memoised = memoisedMatchRoutes(original);
    for (const round of [1, 2]) {
      for (const path of PATHS) {
        const routes = tree();
        expect(memoised(routes, path), `${path} (round ${round})`).toEqual(original(routes, path));
        expect(memoised(routes, { pathname: path.split("?")[0] })).toEqual(original(routes, { pathname: path.split("?")[0] }));
      }
    }
  });

  it("honours the basename", () => {
    const memoised = memoisedMatchRoutes(original);
    for (const round of [1, 2]) {
      const routes = tree();
      expect(memoised(routes, "/portal/cuentas/5", "/portal"), `round ${round}`).toEqual(original(routes, "/portal/cuentas/5", "/portal"));
      expect(memoised(routes, "/cuentas/5", "/portal")).toEqual(original(routes, "/cuentas/5", "/portal"));
    }
  });

  it("matches once per shape and path, and hands back the route objects of the tree it is asked about", () => {
    const spy = vi.fn(original);
    const memoised = memoisedMatchRoutes(spy);
    const first = tree();
    memoised(first, "/cuentas/1");
    const second = tree();
    const matches = memoised(second, "/cuentas/1");
    expect(spy).toHaveBeenCalledTimes(1);
    expect(matches?.map((match) => match.route)).toEqual([second[0], second[0].children[2]]);
    expect(matches?.[1].route).toBe(second[0].children[2]);
  });

  it("keeps nothing shared that a caller could change", () => {
    const memoised = memoisedMatchRoutes(original);
    const routes = tree();
    const first = memoised(routes, "/cuentas/1");
    if (first) first[1].params.id = "cambiado";
    expect(memoised(routes, "/cuentas/1")?.[1].params).toEqual({ id: "1" });
  });

  it("matches again for a tree of another shape, and keeps a bounded number of paths", () => {
    const spy = vi.fn(original);
    const memoised = memoisedMatchRoutes(spy, { paths: 2 });
    memoised(tree(), "/cuentas");
    const other = tree();
    other[0].children[1].path = "saldos";
    expect(memoised(other, "/cuentas")?.at(-1)?.route.id).toBe("routes/$");
    expect(spy).toHaveBeenCalledTimes(2);
    memoised(tree(), "/cuentas/1");
    memoised(tree(), "/cuentas/2");
    memoised(tree(), "/cuentas");
    expect(spy).toHaveBeenCalledTimes(5);
  });

  it("leaves a tree without ids, or with an id twice, to the router every time", () => {
    expect(shapeOf([{ path: "a" }])).toBeNull();
    expect(
      shapeOf([
        { id: "x", path: "a" },
        { id: "x", path: "b" },
      ]),
    ).toBeNull();
    const spy = vi.fn(original);
    const memoised = memoisedMatchRoutes(spy);
    const routes = [{ path: "a" }];
    memoised(routes, "/a");
    memoised(routes, "/a");
    expect(spy).toHaveBeenCalledTimes(2);
  });
});
