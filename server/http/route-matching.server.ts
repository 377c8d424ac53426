import { createRequire } from "node:module";

/**
 * Remix matches a page's path against every route three or four times per request (the request
 * handler, the client manifest of lazy route discovery, React Router's render), and each time its
 * router flattens, ranks and compiles the whole route tree again: some 5 % of a page's CPU and much
 * of its garbage (docs/decisions/064). Which routes a path matches depends only on the tree's shape
 * (ids, paths, index and case flags) and the path, so the answer is kept per shape and path and
 * handed back with the route objects of the tree being asked about. Only the router's public
 * `matchRoutes` is wrapped; Remix itself is not changed.
 */
type Route = { id?: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: Route };
type Where = string | { pathname?: string };
export type MatchRoutes = (routes: Route[], location: Where, basename?: string) => Match[] | null;

type Shape = { key: string; byId: Map<string, Route> };
type Kept = Array<{ id: string; params: Record<string, string | undefined>; pathname: string; pathnameBase: string }> | null;

/** The tree's shape and its routes by id; null when a route has no id or one repeats (then nothing is kept). */
export function shapeOf(routes: Route[]): Shape | null {
  const byId = new Map<string, Route>();
  const parts: string[] = [];
  const walk = (list: Route[]): boolean => {
    parts.push("[");
    for (const route of list) {
      if (typeof route.id !== "string" || byId.has(route.id)) return false;
      byId.set(route.id, route);
      parts.push(JSON.stringify([route.id, route.path ?? null, route.index === true, route.caseSensitive === true]));
      if (route.children?.length && !walk(route.children)) return false;
    }
    parts.push("]");
    return true;
  };
  return walk(routes) ? { key: parts.join(""), byId } : null;
}

/** The path the router matches: what precedes a hash, then a query, as its parsePath reads it. */
function pathnameOf(location: Where): string {
  if (typeof location !== "string") return location.pathname || "/";
  const path = location.split("#", 1)[0];
  return path.split("?", 1)[0] || "/";
}

export function memoisedMatchRoutes(original: MatchRoutes, options: { paths?: number; shapes?: number } = {}): MatchRoutes {
  const maxPaths = options.paths ?? 1_000;
  const maxShapes = options.shapes ?? 8;
  // Stable trees (the request handler's) are walked once; a tree made per render is walked per call.
  const shapes = new WeakMap<Route[], Shape | null>();
  const answers = new Map<string, Map<string, Kept>>();

  return (routes, location, basename = "/") => {
    let shape = shapes.get(routes);
    if (shape === undefined) {
      shape = shapeOf(routes);
      shapes.set(routes, shape);
    }
    if (!shape) return original(routes, location, basename);
    let byPath = answers.get(shape.key);
    if (!byPath) {
      if (answers.size >= maxShapes) answers.delete(answers.keys().next().value as string);
      byPath = new Map();
      answers.set(shape.key, byPath);
    }
    const key = `${basename}\n${pathnameOf(location)}`;
    let kept = byPath.get(key);
    if (kept === undefined) {
      const matches = original(routes, location, basename);
      kept =
        matches?.map(({ route, params, pathname, pathnameBase }) => ({
          id: route.id as string,
          params: { ...params },
          pathname,
          pathnameBase,
        })) ?? null;
      if (byPath.size >= maxPaths) byPath.delete(byPath.keys().next().value as string);
      byPath.set(key, kept);
      return matches;
    }
    const { byId } = shape;
    return (
      kept &&
      kept.map(({ id, params, pathname, pathnameBase }) => ({
        params: { ...params },
        pathname,
        pathnameBase,
        route: byId.get(id) as Route,
      }))
    );
  };
}

/** Wraps the router's `matchRoutes` that Remix and React Router call, once per process. */
export function memoiseRemixRouteMatching() {
  const router = createRequire(import.meta.url)("@remix-run/router") as { matchRoutes: MatchRoutes & { memoised?: true } };
  if (router.matchRoutes.memoised) return;
  router.matchRoutes = Object.assign(memoisedMatchRoutes(router.matchRoutes), { memoised: true as const });
}
