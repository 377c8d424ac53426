import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Decision 077: core/package.json declares every module here free of side effects, so a bundler may
 * leave out a module none of whose exports a bundle uses (a rule only a loader or an action calls, or a
 * form schema only the server parses). That is true while a module's top level only declares: imports,
 * exports, functions, classes, types and constants. The one exception is the dates module's dayjs setup,
 * which runs whenever the module is in a bundle (its importers use its exports).
 */
const CORE = __dirname;
const SETUP_ALLOWED = new Set(["domain/dates.ts"]);

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? modules(path.join(dir, entry.name))
      : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
        ? [path.join(dir, entry.name)]
        : [],
  );
}

/** Top-level statements that do something when the module loads, beyond declaring. */
function effectsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  return source.statements
    .filter((statement) => {
      if (ts.isImportDeclaration(statement)) return !statement.importClause; // a bare `import "x"` is there for its effect
      return !(
        ts.isExportDeclaration(statement) ||
        ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement) ||
        ts.isVariableStatement(statement) ||
        ts.isExportAssignment(statement)
      );
    })
    .map((statement) => statement.getText().split("\n")[0]);
}

describe("core is declared free of side effects, and is", () => {
  it("says so in core/package.json", () => {
    const manifest = JSON.parse(readFileSync(path.join(CORE, "package.json"), "utf8")) as Record<string, unknown>;
    expect(manifest.sideEffects).toBe(false);
    expect(manifest.type).toBe("module");
  });

  const files = modules(CORE);
  it("finds the modules", () => expect(files.length).toBeGreaterThan(50));

  it.each(files.map((file) => [path.relative(CORE, file), file]))("%s only declares at its top level", (name, file) => {
    const effects = effectsOf(file);
    if (SETUP_ALLOWED.has(name)) expect(effects.length).toBeGreaterThan(0);
    else expect(effects).toEqual([]);
  });
});
