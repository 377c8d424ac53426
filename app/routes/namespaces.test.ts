import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import type { NamespacesHandle } from "~/i18n";

/**
 * Decision 039: a page has the es-MX namespaces its routes name in `handle.namespaces`, no more.
 * Here every route's screens — the files its module reaches through value imports, server code
 * left out — are read for the namespaces they translate with (`useTranslation(…)`, keys written
 * "namespace:key"), and each must be named by the route, one of its parents, or the root.
 */
const APP = path.resolve(__dirname, "..");
const ROOT = path.resolve(APP, "..");
const NAMESPACES = [
  "common",
  "session",
  "overlays",
  "auth",
  "dashboard",
  "prices",
  "market",
  "calculator",
  "tour",
  "duePayments",
  "tradeErrors",
  "settings",
  "legal",
  "notifications",
  "transaction",
  "history",
  "accounts",
  "recipients",
  "alerts",
  "monitoring",
  "portfolio",
  "collaborators",
  "payments",
  "membership",
  "multiplePayment",
];

const files = [
  ...readdirSync(__dirname)
    .filter((name) => name.endsWith(".tsx"))
    .map((name) => `./${name}`),
  "../root.tsx",
];
const modules: Record<string, { handle?: NamespacesHandle; default?: unknown }> = Object.fromEntries(
  await Promise.all(files.map(async (file) => [file, await import(path.resolve(__dirname, file))])),
);

function resolve(from: string, specifier: string): string | null {
  // A route's server imports (decision 077) are dropped by the browser build, like server modules.
  if (/(^#server\/|\.server$|^~\/server-imports\/)/.test(specifier)) return null;
  const base = specifier.startsWith("~/")
    ? path.join(APP, specifier.slice(2))
    : specifier.startsWith("#core/")
      ? path.join(ROOT, "core", specifier.slice(6))
      : specifier.startsWith(".")
        ? path.resolve(path.dirname(from), specifier)
        : null;
  if (!base) return null;
  return [base, `${base}.ts`, `${base}.tsx`].find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate)) ?? null;
}

/** The files a module reaches through imports that ship code (type-only imports ship none). */
function reach(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, "utf8");
  for (const [, clause, specifier] of source.matchAll(/^(?:import|export)\s+([^;]*?)\s*from\s+"([^"]+)"/gms)) {
    if (clause.startsWith("type ")) continue;
    const target = resolve(file, specifier);
    if (target) reach(target, seen);
  }
  return seen;
}

/** The namespaces a file translates with. */
function namespacesUsedIn(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const used = new Set<string>();
  for (const [, args] of source.matchAll(/useTranslation\(([^)]*)\)/g)) {
    if (args.trim() === "") used.add("common");
    for (const [, name] of args.matchAll(/"(\w+)"/g)) used.add(name);
  }
  for (const [, name] of source.matchAll(/["'`](\w+):[\w$.{]/g)) if (NAMESPACES.includes(name)) used.add(name);
  return [...used];
}

const idOf = (file: string) => (file === "../root.tsx" ? "root" : file.slice(2, -".tsx".length));
const routeIds = Object.keys(modules).map(idOf);

/** The parent of a flat route id: the longest other id its dot-segments start with, else the root. */
function parentOf(id: string): string {
  const segments = id.split(".");
  for (let length = segments.length - 1; length > 0; length--) {
    const candidate = segments.slice(0, length).join(".");
    if (routeIds.includes(candidate)) return candidate;
  }
  return "root";
}

function declared(id: string): string[] {
  const file = id === "root" ? "../root.tsx" : `./${id}.tsx`;
  const own = Object.keys(modules[file]?.handle?.namespaces ?? {});
  return id === "root" ? own : [...own, ...declared(parentOf(id))];
}

describe("route namespaces", () => {
  // Resource routes (streams, downloads, form actions) render nothing.
  for (const file of Object.keys(modules).filter((name) => modules[name].default)) {
    const id = idOf(file);
    it(`${id} names every namespace its screens read`, () => {
      const names = declared(id);
      const missing = [...reach(path.resolve(__dirname, file))].flatMap((reached) =>
        namespacesUsedIn(reached)
          .filter((name) => !names.includes(name))
          .map((name) => `${name} (${path.relative(ROOT, reached)})`),
      );
      expect(missing).toEqual([]);
    });
  }

  it("the root names the shell's namespaces only", () => {
    expect(Object.keys(modules["../root.tsx"]?.handle?.namespaces ?? {}).sort()).toEqual(["common"]);
  });

  // Decision 069: a drawer loaded on demand brings, in the same onDemand call, every namespace its
  // screens read beyond the shell's; the server renders it from the same call. Decision 075: the
  // dashboard's on-demand parts likewise, beyond the shell's and the dashboard route's; decision 082: its
  // island (the calculator) too.
  const onDemandFiles = [
    { file: path.join(APP, "components/shell/overlays-on-demand.ts"), page: [] as string[], atLeast: 6 },
    { file: path.join(APP, "components/trading/dashboard-on-demand.ts"), page: declared("_index"), atLeast: 4 },
  ];
  for (const { file: onDemandFile, page, atLeast } of onDemandFiles) {
    const where = path.relative(APP, onDemandFile);
    const calls = readFileSync(onDemandFile, "utf8")
      .split(/(?=\bexport const \w+ = (?:onDemand|island)\()/)
      .slice(1);
    it(`the on-demand parts of ${where} are all read`, () => {
      expect(calls.length).toBeGreaterThanOrEqual(atLeast);
    });
    for (const call of calls) {
      const name = /(?:onDemand|island)\("([\w-]+)"/.exec(call)?.[1] ?? "?";
      it(`the on-demand part "${name}" (${where}) brings every namespace it reads`, () => {
        const brought = [...call.matchAll(/withNamespaces\(\{([^}]*)\}/g)].flatMap(([, names]) => names.split(",").map((n) => n.trim()));
        const viaHelper = call.includes("settingsTexts()") ? ["settings"] : [];
        const names = ["common", ...page, ...brought, ...viaHelper];
        const components = [...call.matchAll(/import\("([^"]+)"\)/g)]
          .map(([, specifier]) => resolve(onDemandFile, specifier))
          .filter((file): file is string => file !== null);
        expect(components.length).toBeGreaterThan(0);
        const missing = components.flatMap((component) =>
          [...reach(component)].flatMap((reached) =>
            namespacesUsedIn(reached)
              .filter((used) => !names.includes(used))
              .map((used) => `${used} (${path.relative(ROOT, reached)})`),
          ),
        );
        expect(missing).toEqual([]);
      });
    }
  }
});
