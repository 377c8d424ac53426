/**
 * The fuzz run's randomness and its malformed values. The sandbox's seeded PRNG (mulberry32), so
 * a run is the same on every machine and a failing case can be replayed from its seed.
 */
import { mulberry32 } from "../../sandbox/random";

export type Rng = () => number;
export { mulberry32 };

/** One stream per target, so adding a target does not change the cases of the others. */
export function seedFor(seed: number, name: string): number {
  let hash = seed >>> 0;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619) >>> 0;
  return hash;
}

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];

const NUMBERS = [
  "Infinity",
  "-Infinity",
  "NaN",
  "1e309",
  "-1e309",
  "1e-400",
  "1e21",
  "0",
  "-0",
  "-1",
  "0.001",
  "1.999",
  "0x1F",
  "1_000",
  "1,000,000.00",
  " 12 ",
  "+5",
  ".5",
  "5.",
  "١٢٣",
  "１２３",
  "9007199254740993",
  "2147483648",
  "-2147483649",
  "99999999999999999999.99",
  "1".padEnd(400, "0"),
  "9".repeat(10_000),
  "0.".padEnd(5000, "1"),
];

const DATES = [
  "9999-99-99",
  "0000-00-00",
  "2024-02-30",
  "2023-02-29",
  "2024-13-01",
  "10000-01-01",
  "+275760-09-14",
  "0001-01-01",
  "1900-01-01",
  "2999-12-31",
  "2024-1-1",
  "24-01-01",
  "2024/01/01",
  "2024-01-01T00:00:00Z",
  "2024-01-01\n",
  "２０２４-０１-０１",
];

const CONTROLS = [
  "\u0000",
  "\u0007",
  "\r",
  "\n",
  "\r\n",
  "\t",
  "\u2028",
  "\u2029",
  "\u200b",
  "\u202e",
  "\ufeff",
  "\ud800",
  "\u0085",
  "\u007f",
];

const REDIRECTS = [
  "//evil.example",
  "/\\evil.example",
  "/\t/evil.example",
  "\\/\\/evil.example",
  "https://evil.example",
  "https:evil.example",
  "javascript:alert(1)",
  "/%0d%0aSet-Cookie:%20x=1",
  "/a\r\nSet-Cookie: x=1",
  "/a\u2028b",
  "/%2f%2fevil.example",
  "/" + "a".repeat(10_000),
];

const TEXTS = [
  "",
  " ",
  "=cmd|' /C calc'!A0",
  '=HYPERLINK("http://evil.example","x")',
  "+1+1",
  "-2+3",
  "@SUM(1)",
  "<script>alert(1)</script>",
  "'; DROP TABLE operations;--",
  "{{7*7}}",
  "${7*7}",
  "../../etc/passwd",
  "__proto__",
  "[object Object]",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "😀".repeat(50),
  "e\u0301".repeat(40),
  "ñ".repeat(300),
  "%",
  "%E0%A4%A",
];

function randomText(rng: Rng): string {
  const length = pick(rng, [1, 5, 41, 65, 129, 257, 1_001, 20_000]);
  let text = "";
  for (let i = 0; i < Math.min(length, 64); i++) {
    const roll = rng();
    text +=
      roll < 0.2
        ? pick(rng, CONTROLS)
        : roll < 0.6
          ? String.fromCharCode(32 + Math.floor(rng() * 95))
          : String.fromCodePoint(Math.floor(rng() * 0x2fff));
  }
  return length > 64 ? text.repeat(Math.ceil(length / text.length)).slice(0, length) : text;
}

/** A malformed value; the field's name tilts the choice (dates for date fields, paths for redirects). */
export function malformed(rng: Rng, name: string): string {
  const lower = name.toLowerCase();
  const roll = rng();
  if (roll < 0.35) {
    if (/desde|hasta|fecha|date/.test(lower) && !/monto/.test(lower)) return pick(rng, DATES);
    if (/redirect|volver/.test(lower)) return pick(rng, REDIRECTS);
    if (/monto|amount|left|right|izquierda|derecha|lp|price|ts|pagina|npag|retries|reason|motivo/.test(lower)) return pick(rng, NUMBERS);
  }
  if (roll < 0.5) return pick(rng, NUMBERS);
  if (roll < 0.6) return pick(rng, DATES);
  if (roll < 0.7) return pick(rng, REDIRECTS);
  if (roll < 0.85) return pick(rng, TEXTS);
  if (roll < 0.92) return `${pick(rng, ["1000", "USD/MXN", "compra", "/cuentas", "ana@example.test"])}${pick(rng, CONTROLS)}`;
  return randomText(rng);
}
