import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

/**
 * The repository explains itself: a '§N' resolves to a section of docs/product.md, and no comment,
 * test title or document cites the tracker, which the clone does not hold (the decision record that
 * holds the reason is cited instead). Decision records keep their own history lines: they are dated
 * documents, so docs/decisions/ is not read for tracker references.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const FOLDERS = ["app", "core", "server", "sandbox", "tests", "bench", "scripts", "deploy", "docs"];
const TEXT = /\.(ts|tsx|js|mjs|cjs|json|md|css|ya?ml|sh)$/;

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : filesUnder(path);
    return entry.isFile() && TEXT.test(entry.name) ? [path] : [];
  });
}

const rootDocuments = readdirSync(root).filter((name) => name.endsWith(".md"));
const files = [...FOLDERS.flatMap(filesUnder), ...rootDocuments];

/** Every "§N" outside an RFC's own numbering ("RFC 9110 §12.5.3"). */
function sectionsCited(text: string): number[] {
  return [...text.matchAll(/(RFC \d+ )?§ ?(\d+)/g)].filter((match) => !match[1]).map((match) => Number(match[2]));
}

describe("references resolve inside the repository", () => {
  const product = readFileSync(join(root, "docs/product.md"), "utf8");
  const headings = new Set([...product.matchAll(/^## §(\d+) /gm)].map((match) => Number(match[1])));

  it("docs/product.md has one section per section of the specification, §1 to §9", () => {
    expect([...headings].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("every '§N' in code and documents is a section of docs/product.md", () => {
    const unresolved = files.flatMap((path) =>
      sectionsCited(readFileSync(join(root, path), "utf8"))
        .filter((section) => !headings.has(section))
        .map((section) => `${path}: §${section}`),
    );
    expect(unresolved).toEqual([]);
  });

  it("nothing outside the decision records cites the tracker by number", () => {
    const cited = files
      .filter((path) => !path.startsWith("docs/decisions/") && path !== "tests/deploy/references.test.ts")
      .flatMap((path) =>
        readFileSync(join(root, path), "utf8")
          .split("\n")
          .flatMap((line, index) => (/\bissues? #?\d+/i.test(line) ? [`${path}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(cited).toEqual([]);
  });
});
