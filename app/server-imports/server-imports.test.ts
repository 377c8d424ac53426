import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

/**
 * Decision 077: a page's route module (and the root) reaches server-only values through one module of
 * its own here, which re-exports them and nothing else; this folder's package.json declares its modules
 * free of side effects, so the browser build, where only the loader and action use them and both are
 * dropped, leaves the whole module out — and with it the compiler's empty stand-ins for `*.server`
 * and `@remix-run/node`, which were chunks of their own in every page's first load.
 */
const HERE = __dirname;
const APP = path.resolve(HERE, "..");
const ROUTES = path.join(APP, "routes");
const SERVER_ONLY = /(^#server\/|\.server$|^@remix-run\/node$)/;

type Import = { specifier: string; values: string[]; reexport: boolean };

/** The import and export-from statements of a file, each with the names it binds as values. */
function importsOf(file: string): Import[] {
  const source = readFileSync(file, "utf8");
  return [...source.matchAll(/^(import|export)\s+([^;]*?)\s*from\s+"([^"]+)"/gms)].map(([, keyword, clause, specifier]) => {
    const named = /\{([^}]*)\}/s.exec(clause)?.[1] ?? "";
    const whole = clause
      .replace(/\{[^}]*\}/s, "")
      .replace(/,/g, " ")
      .trim();
    const values = clause.startsWith("type ")
      ? []
      : [
          ...named
            .split(",")
            .map((name) => name.trim())
            .filter((name) => name && !name.startsWith("type ")),
          ...(whole ? [whole] : []),
        ];
    return { specifier, values, reexport: keyword === "export" };
  });
}

/** Route modules that the browser loads: those with a component (resource routes have none). */
const pages = [
  ...readdirSync(ROUTES)
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => path.join(ROUTES, name)),
  path.join(APP, "root.tsx"),
].filter((file) => /^export default /m.test(readFileSync(file, "utf8")));

const modules = readdirSync(HERE).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"));
const nameOf = (file: string) => path.basename(file).replace(/\.tsx?$/, "");

function appFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? appFiles(path.join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [path.join(dir, entry.name)] : [],
  );
}

describe("route modules reach the server through their own server-imports module", () => {
  it("finds the pages", () => {
    expect(pages.length).toBeGreaterThan(20);
    expect(pages.map(nameOf)).toEqual(expect.arrayContaining(["_index", "root", "historial-operaciones.$id._index"]));
  });

  it.each(pages.map((file) => [nameOf(file), file]))("%s imports no server-only value directly", (name, file) => {
    const direct = importsOf(file).filter((entry) => SERVER_ONLY.test(entry.specifier) && entry.values.length > 0);
    expect(direct.map((entry) => `${entry.values.join(", ")} from ${entry.specifier}`)).toEqual([]);
    for (const entry of importsOf(file).filter((each) => each.specifier.startsWith("~/server-imports/"))) {
      expect(entry.specifier).toBe(`~/server-imports/${name}`);
    }
  });

  it("has one module per page that uses one, each imported by its page alone", () => {
    const users = appFiles(APP)
      .filter((file) => !file.startsWith(HERE))
      .flatMap((file) =>
        importsOf(file)
          .filter((entry) => entry.specifier.startsWith("~/server-imports/"))
          .map((entry) => [entry.specifier.slice("~/server-imports/".length), nameOf(file), entry.values.length] as const),
      );
    for (const [module, user, values] of users) {
      expect(user).toBe(module);
      expect(values).toBeGreaterThan(0);
    }
    expect(modules.map((name) => name.replace(/\.ts$/, "")).sort()).toEqual([...new Set(users.map(([module]) => module))].sort());
  });

  it.each(modules)("%s only re-exports (so declaring it free of side effects is true)", (name) => {
    const source = readFileSync(path.join(HERE, name), "utf8");
    const statements = source
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "")
      .split(";")
      .map((statement) => statement.trim())
      .filter(Boolean);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) expect(statement).toMatch(/^export \{[^}]+\} from "[^"]+"$/s);
  });

  it("declares the folder's modules free of side effects, for the browser build to drop them", () => {
    const manifest = JSON.parse(readFileSync(path.join(HERE, "package.json"), "utf8")) as Record<string, unknown>;
    expect(manifest.sideEffects).toBe(false);
    expect(manifest.type).toBe("module");
  });
});
