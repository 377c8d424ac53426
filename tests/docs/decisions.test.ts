import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

/**
 * docs/decisions/README.md is how a newcomer finds a record: every record is in its index, every
 * number up to the last one has a record or a row saying why not, and a record the index calls
 * superseded says so itself and links forward.
 */
const DIR = path.resolve(__dirname, "../../docs/decisions");
const README = readFileSync(path.join(DIR, "README.md"), "utf8");
const records = readdirSync(DIR).filter((name) => /^\d{3}-.+\.md$/.test(name) && !name.startsWith("000-"));
const numberOf = (name: string) => Number(name.slice(0, 3));

function section(heading: string): string {
  const start = README.indexOf(`\n## ${heading}\n`);
  expect(start, heading).toBeGreaterThan(0);
  const next = README.indexOf("\n## ", start + 1);
  return README.slice(start, next < 0 ? undefined : next);
}

describe("docs/decisions/README.md", () => {
  it("indexes every record, and links only to files that exist", () => {
    const index = section("Index");
    expect(records.filter((name) => !index.includes(`](${name})`))).toEqual([]);
    const links = [...README.matchAll(/\]\(([^)#]+\.md)\)/g)].map((match) => match[1]);
    expect(links.filter((link) => !existsSync(path.join(DIR, link)))).toEqual([]);
  });

  it("says what happened to every number without a record", () => {
    const present = new Set(records.map(numberOf));
    const last = Math.max(...present);
    const accounted = section("Numbers without a record");
    const missing = Array.from({ length: last }, (_, index) => index + 1).filter(
      (number) => !present.has(number) && !accounted.includes(String(number).padStart(3, "0")),
    );
    expect(missing).toEqual([]);
  });

  it("keeps the figures of records 064–091 under a heading of their own", () => {
    const performance = records.filter((name) => numberOf(name) >= 64 && numberOf(name) <= 91);
    expect(performance.length).toBeGreaterThan(20);
    expect(performance.filter((name) => !/^## Measurements$/m.test(readFileSync(path.join(DIR, name), "utf8")))).toEqual([]);
  });

  it("has ten records to start with", () => {
    expect(section("Start here").match(/^\d+\. \[\d{3}\]/gm)).toHaveLength(10);
  });

  it("finds a 'Superseded by' line in every record the index calls superseded", () => {
    const rows = section("Index")
      .split("\n")
      .filter((line) => /^\| \[\d{3}\]/.test(line));
    const superseded = rows.filter((row) => /superseded/i.test(row.split("|")[3] ?? "")).map((row) => /\]\(([^)]+)\)/.exec(row)?.[1] ?? "");
    expect(superseded.length).toBeGreaterThan(5);
    const silent = superseded.filter((name) => !/^- Superseded by \[\d{3}\]/m.test(readFileSync(path.join(DIR, name), "utf8")));
    expect(silent).toEqual([]);
  });
});
