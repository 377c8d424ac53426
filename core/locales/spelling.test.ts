import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

/**
 * The product decision on §8 (docs/product.md): the product keeps §8's wording and fixes its spelling. A text copied again from the
 * spec would bring the misspelling back, so every locale file is read, not only today's keys.
 */
const LOCALES = path.join(__dirname, "es-MX");

const MISSPELLINGS = [/pendiendes/, /\belimino\b/, /\bOcurrio\b/, /no es valido/, /\bmas tarde/, /haz click/, /Whatsapp/];

function texts(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(texts);
  return [];
}

const files = readdirSync(LOCALES).filter((name) => name.endsWith(".json"));

describe("es-MX spelling (§8 texts, accents and brand names)", () => {
  it.each(files)("%s has none of the §8 misspellings", (name) => {
    const all = texts(JSON.parse(readFileSync(path.join(LOCALES, name), "utf8")));
    expect(all.filter((text) => MISSPELLINGS.some((wrong) => wrong.test(text)))).toEqual([]);
  });

  it("shows the bank's format refusal in Spanish", () => {
    const recipients = JSON.parse(readFileSync(path.join(LOCALES, "recipients.json"), "utf8")) as {
      result: { bankFormat: { title: string } };
    };
    expect(recipients.result.bankFormat.title).toBe("El formato del banco no es válido");
  });
});
