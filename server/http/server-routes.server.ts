import { createRequire } from "node:module";

/**
 * `<RemixServer>` turns the build's route manifest into React Router's route objects on every page
 * (`createServerRoutes`: one object per route, 55 of them, with their components and error
 * boundaries), and the route-matching memo (route-matching.server.ts) then walks that new tree again
 * to know its shape: together some 2 % of a page's CPU for an answer that only changes with the
 * build (decision 068). The answer is kept for the manifest it was made from, and handed back while
 * every route module is still the same one; the router copies these objects into its own before
 * using them (convertRoutesToDataRoutes) and never changes them, and React elements are only
 * descriptions, safe to render again. Only Remix's exported function is wrapped; Remix itself is
 * not changed.
 */
type RouteModules = Record<string, unknown>;
export type CreateServerRoutes = (
  manifest: object,
  routeModules: RouteModules,
  future: unknown,
  isSpaMode: boolean,
  ...rest: unknown[]
) => unknown;

type Kept = { modules: RouteModules; count: number; future: unknown; isSpaMode: boolean; routes: unknown };

function sameModules(kept: Kept, routeModules: RouteModules): boolean {
  let count = 0;
  for (const id in routeModules) {
    if (routeModules[id] !== kept.modules[id]) return false;
    count += 1;
  }
  return count === kept.count;
}

export function memoisedServerRoutes(original: CreateServerRoutes): CreateServerRoutes {
  const kept = new WeakMap<object, Kept>();
  return (manifest, routeModules, future, isSpaMode, ...rest) => {
    // Remix's own recursive calls pass a parent and more: those are left alone.
    if (rest.length > 0) return original(manifest, routeModules, future, isSpaMode, ...rest);
    const previous = kept.get(manifest);
    if (previous && previous.future === future && previous.isSpaMode === isSpaMode && sameModules(previous, routeModules))
      return previous.routes;
    const routes = original(manifest, routeModules, future, isSpaMode);
    kept.set(manifest, { modules: { ...routeModules }, count: Object.keys(routeModules).length, future, isSpaMode, routes });
    return routes;
  };
}

/** Wraps the `createServerRoutes` that `<RemixServer>` calls, once per process. */
export function memoiseRemixServerRoutes() {
  const routes = createRequire(import.meta.url)("@remix-run/react/dist/routes.js") as {
    createServerRoutes: CreateServerRoutes & { memoised?: true };
  };
  if (routes.createServerRoutes.memoised) return;
  routes.createServerRoutes = Object.assign(memoisedServerRoutes(routes.createServerRoutes), { memoised: true as const });
}
