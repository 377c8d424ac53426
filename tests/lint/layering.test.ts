import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The layering rule once matched nothing for months (decision 022): these fixtures, linted as if they were a
// component, keep it honest. They live outside app/ so that the normal lint run skips them.
const root = fileURLToPath(new URL("../..", import.meta.url));
const LAYERING_RULES = new Set(["@typescript-eslint/no-restricted-imports", "no-restricted-syntax"]);

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function refusedLines(fixture: string, asFile = "app/components/lint-fixture/Fixture.tsx") {
  const code = await readFile(new URL(`fixtures/${fixture}`, import.meta.url), "utf8");
  const [result] = await eslint.lintText(code, { filePath: `${root}${asFile}` });
  return result.messages
    .filter((message) => message.ruleId !== null && LAYERING_RULES.has(message.ruleId))
    .map((message) => ({ line: message.line, message: message.message }));
}

describe("the components' layering rule", () => {
  it("refuses a static import of server code, a server-imports module or the sandbox", async () => {
    const refused = await refusedLines("static-server-import.tsx");
    expect(refused.map((entry) => entry.line)).toEqual([1, 2, 3, 4]);
    expect(refused[0].message).toContain("Server-only code");
    expect(refused[3].message).toContain("Nothing imports the sandbox");
  });

  it("refuses a dynamic import() of server code, by alias, relative path or template, and of the sandbox", async () => {
    const refused = await refusedLines("dynamic-server-import.tsx");
    expect(refused.map((entry) => entry.line)).toEqual([1, 2, 3, 4, 5]);
    expect(refused[0].message).toContain("Server-only code");
    expect(refused[4].message).toContain("Nothing imports the sandbox");
  });

  it("lets islands load client modules with import() and types cross", async () => {
    expect(await refusedLines("allowed.tsx")).toEqual([]);
  });

  it("holds in every client folder it covers", async () => {
    for (const asFile of ["app/utils/lint-fixture.ts", "app/entry.client.tsx", "app/i18n.tsx"]) {
      expect((await refusedLines("dynamic-server-import.tsx", asFile)).length, asFile).toBe(5);
    }
  });

  it("leaves routes free to load server code", async () => {
    expect(await refusedLines("dynamic-server-import.tsx", "app/routes/lint-fixture.tsx")).toEqual([]);
  });
});
