import { createRequire } from "node:module";

import { describe, expect, it, vi } from "vitest";

import type { CreateServerRoutes } from "./server-routes.server";
import { memoisedServerRoutes } from "./server-routes.server";

const { createServerRoutes } = createRequire(import.meta.url)("@remix-run/react/dist/routes.js") as {
  createServerRoutes: CreateServerRoutes;
};

/** A manifest shaped like the build's: a root, an index, a layout with a child. */
function build() {
  const manifest = {
    root: { id: "root", path: "", hasLoader: true, module: "" },
    "routes/_index": { id: "routes/_index", parentId: "root", index: true, hasLoader: true, module: "" },
    "routes/ajustes": { id: "routes/ajustes", parentId: "root", path: "ajustes", hasLoader: false, module: "" },
    "routes/ajustes.perfil": { id: "routes/ajustes.perfil", parentId: "routes/ajustes", path: "perfil", hasLoader: true, module: "" },
  };
  const modules = {
    root: { default: () => null, ErrorBoundary: () => null },
    "routes/_index": { default: () => null, handle: { titleKey: "x" } },
    "routes/ajustes": { default: () => null },
    "routes/ajustes.perfil": { default: () => null },
  };
  return { manifest, modules };
}

const FUTURE = {};
/** Remix makes a fresh no-op `loader` per route and call: functions compare by their presence. */
const plain = (routes: unknown) =>
  JSON.parse(JSON.stringify(routes, (_key, value: unknown) => (typeof value === "function" ? "fn" : value))) as unknown;

describe("createServerRoutes kept per manifest (decision 068)", () => {
  it("answers what Remix's own function answers", () => {
    const { manifest, modules } = build();
    const memoised = memoisedServerRoutes(createServerRoutes);
    expect(plain(memoised(manifest, modules, FUTURE, false))).toEqual(plain(createServerRoutes(manifest, modules, FUTURE, false)));
  });

  it("builds the routes once while the manifest and every module stay the same, even in a fresh modules object", () => {
    const { manifest, modules } = build();
    const spy = vi.fn(createServerRoutes);
    const memoised = memoisedServerRoutes(spy);
    const first = memoised(manifest, { ...modules }, FUTURE, false);
    expect(memoised(manifest, { ...modules }, FUTURE, false)).toBe(first);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("builds them again when a module, the module list, the future flags or the SPA mode differ", () => {
    const { manifest, modules } = build();
    const spy = vi.fn(createServerRoutes);
    const memoised = memoisedServerRoutes(spy);
    const first = memoised(manifest, modules, FUTURE, false);
    const changed = { ...modules, "routes/_index": { default: () => null } };
    const second = memoised(manifest, changed, FUTURE, false);
    expect(second).not.toBe(first);
    expect(memoised(manifest, { ...changed, extra: {} }, FUTURE, false)).not.toBe(second);
    const third = memoised(manifest, changed, {}, false);
    expect(memoised(manifest, changed, {}, true)).not.toBe(third);
    expect(spy).toHaveBeenCalledTimes(5);
  });

  it("keeps another manifest's routes apart", () => {
    const one = build();
    const two = build();
    const memoised = memoisedServerRoutes(createServerRoutes);
    const first = memoised(one.manifest, one.modules, FUTURE, false);
    expect(memoised(two.manifest, one.modules, FUTURE, false)).not.toBe(first);
    expect(memoised(one.manifest, one.modules, FUTURE, false)).toBe(first);
  });
});
