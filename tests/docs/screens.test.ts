import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

/**
 * docs/screens.md is the map from a screen to its pieces; this keeps it from drifting. A route added
 * without its row, a file renamed or removed, a route that changed its server module, or an address
 * of tests/e2e/screens.ts that no row describes fails here.
 */
const ROOT = path.resolve(__dirname, "../..");
const ROUTES = path.join(ROOT, "app/routes");
const MAP = readFileSync(path.join(ROOT, "docs/screens.md"), "utf8");

/** The body rows of the table under `heading`, split into cells (a `\|` stays inside its cell). */
function tableRows(markdown: string, heading: string): string[][] {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) return [];
  const next = markdown.indexOf("\n## ", start + 1);
  const section = markdown.slice(start, next < 0 ? undefined : next);
  const lines = section.split("\n").filter((line) => line.startsWith("|"));
  return lines.slice(2).map((line) =>
    line
      .slice(1, line.lastIndexOf("|"))
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim().replaceAll("\\|", "|")),
  );
}

/** The `code` spans of a cell. */
function codes(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
}

type Pattern = { path: string; query: Map<string, string> };

function parsePattern(address: string): Pattern {
  const [pathPart, queryPart = ""] = address.split("?");
  const query = new Map<string, string>();
  for (const pair of queryPart.split("&").filter(Boolean)) {
    const [key, value = ""] = pair.split("=");
    query.set(key, value);
  }
  return { path: pathPart, query };
}

function segmentMatches(pattern: string, actual: string): boolean {
  return pattern.startsWith(":") || pattern.split("|").includes(actual);
}

function pathMatches(pattern: string, actual: string): boolean {
  if (pattern === "*") return true;
  const expected = pattern.split("/");
  const got = actual.split("/");
  return expected.length === got.length && expected.every((segment, index) => segmentMatches(segment, got[index]));
}

/** The parameters whose value names a different screen (which drawer, which dialog), not a filter. */
const SCREEN_PARAMS = new Set(["drawer", "dialogo"]);

/**
 * Whether a row describes the address: its path is a row's own (not only the shell's `*`), and each
 * of its parameters is named by a row on that path or the shell's; a drawer or dialog by its value.
 */
function describedBy(patterns: Pattern[], address: string): boolean {
  const { path: actualPath, query } = parsePattern(address);
  const onPath = patterns.filter((pattern) => pathMatches(pattern.path, actualPath));
  if (!onPath.some((pattern) => pattern.path !== "*")) return false;
  return [...query.entries()].every(([key, value]) =>
    onPath.some((pattern) => {
      const expected = pattern.query.get(key);
      if (expected === undefined) return false;
      return !SCREEN_PARAMS.has(key) || segmentMatches(expected, value);
    }),
  );
}

/** Every address of tests/e2e/screens.ts's SCREENS, read from its source (it imports Playwright). */
function e2eScreens(source: string): string[] {
  const start = source.indexOf("export const SCREENS");
  const body = source.slice(start, source.indexOf("\n};", start));
  const code = body
    .split("\n")
    .filter((line) => !line.trim().startsWith("//"))
    .join("\n");
  return [...code.matchAll(/"(\/[^"]*)"|`(\/[^`]*)`/g)].map((match) => match[1] ?? match[2]);
}

const screens = tableRows(MAP, "Screens");
const others = tableRows(MAP, "Routes without a screen");
const routeFiles = readdirSync(ROUTES).filter((name) => name.endsWith(".tsx") && !name.includes(".test."));
const rendersAScreen = (name: string) => /^export default /m.test(readFileSync(path.join(ROUTES, name), "utf8"));

describe("docs/screens.md", () => {
  it("has both tables, each row with every column", () => {
    expect(screens.length).toBeGreaterThan(20);
    expect(others.length).toBeGreaterThan(10);
    for (const row of screens) expect(row, row[0]).toHaveLength(8);
    for (const row of others) expect(row, row[0]).toHaveLength(4);
  });

  it("lists every route that renders a screen among the screens, and every other route below them", () => {
    const listedScreens = new Set(screens.flatMap((row) => codes(row[2])));
    const listedOthers = new Set(others.flatMap((row) => codes(row[0])));
    const missing = routeFiles.filter((name) => {
      const file = `app/routes/${name}`;
      return rendersAScreen(name) ? !listedScreens.has(file) : !listedOthers.has(file);
    });
    expect(missing).toEqual([]);
    expect(listedScreens.has("app/root.tsx")).toBe(true);
  });

  it("names only files and folders that exist", () => {
    const named = [
      ...screens.flatMap((row) => [
        ...codes(row[2]),
        ...codes(row[3]),
        ...codes(row[4]),
        ...codes(row[5]).map((name) => `app/components/${name}.tsx`),
        ...codes(row[6]).map((name) => `core/locales/es-MX/${name}.json`),
        ...codes(row[7]).map((name) => `tests/e2e/${name}.spec.ts`),
      ]),
      ...others.flatMap((row) => [...codes(row[0]), ...codes(row[3])]),
    ];
    expect(named.filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
  });

  it("names the server module each route imports", () => {
    const wrong = screens.flatMap((row) => {
      const [route] = codes(row[2]);
      const source = readFileSync(path.join(ROOT, route), "utf8");
      const imported = [...source.matchAll(/from "~\/server-imports\/([^"]+)"/g)].map((match) => `app/server-imports/${match[1]}.ts`);
      const named = codes(row[3]);
      return imported.every((file) => named.includes(file)) ? [] : [`${route}: ${imported.join(", ")}`];
    });
    expect(wrong).toEqual([]);
  });

  it("names, for each screen, a server area its route or server module imports", () => {
    const unrelated = screens.flatMap((row) => {
      const sources = [...codes(row[2]), ...codes(row[3])].map((file) => readFileSync(path.join(ROOT, file), "utf8")).join("\n");
      const imported = new Set([...sources.matchAll(/from "#server\/([\w-]+)\//g)].map((match) => `server/${match[1]}/`));
      return codes(row[4]).some((area) => imported.has(area)) ? [] : [`${row[0]}: ${row[4]}`];
    });
    expect(unrelated).toEqual([]);
  });

  it("describes every address the page-wide e2e checks walk", () => {
    const addresses = e2eScreens(readFileSync(path.join(ROOT, "tests/e2e/screens.ts"), "utf8"));
    expect(addresses.length).toBeGreaterThan(50);
    const patterns = screens.flatMap((row) => codes(row[1]).map(parsePattern));
    expect(addresses.filter((address) => !describedBy(patterns, address))).toEqual([]);
  });
});

describe("the map's address matching", () => {
  const patterns = ["*?drawer=configuracion&tab=empresas|datos", "/cuentas?editar=:id", "/cuentas/:id"].map(parsePattern);

  it("matches a path with its parameters, and a shell drawer over a page of its own", () => {
    expect(describedBy(patterns, "/cuentas/A-1")).toBe(true);
    expect(describedBy(patterns, "/cuentas?editar=A-1")).toBe(true);
    expect(describedBy(patterns, "/cuentas?drawer=configuracion&tab=datos")).toBe(true);
  });

  it("refuses an unknown path, an unnamed parameter and a drawer no row names", () => {
    expect(describedBy(patterns, "/planner")).toBe(false);
    expect(describedBy(patterns, "/cuentas?grupo=todas")).toBe(false);
    expect(describedBy(patterns, "/cuentas?drawer=notificaciones")).toBe(false);
    expect(describedBy(patterns, "/cuentas/A-1/exportar")).toBe(false);
  });
});
