/**
 * Exact decimal arithmetic on BigInt for the browser's money previews (decision 075): the few
 * operations the calculator and the price panel need — parse, add, multiply, divide, round half up —
 * without shipping big.js (2.9 KB gzip) on the dashboard's first load. A value is `units / 10^scale`,
 * so nothing ever goes through a binary float. Division and rounding behave as big.js does with the
 * settings `core/domain/decimal.ts` uses: a quotient is cut to 20 decimals rounding half up (away
 * from zero on a tie, the remainder counted), then rounded to the decimals asked, half up again; the
 * unit tests compare both libraries on thousands of values.
 */
export type Exact = { readonly units: bigint; readonly scale: number };

/** big.js's `Big.DP`: the decimals a quotient is cut to before any rounding of ours. */
export const DIVISION_DECIMALS = 20;

const ZERO = BigInt(0);
const ONE = BigInt(1);
const TWO = BigInt(2);
const TEN = BigInt(10);
const pow10 = (exponent: number) => TEN ** BigInt(exponent);
const abs = (value: bigint) => (value < ZERO ? -value : value);

/**
 * A decimal from a plain or exponential number's text ("1,234.5" is not one: callers strip the
 * grouping), or null. Numbers are read through `String(number)`, which is how big.js reads them.
 */
export function exact(text: string): Exact | null {
  const match = /^([+-]?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = "", exponentText] = match;
  const exponent = exponentText ? Number(exponentText) : 0;
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 1000) return null;
  let units = BigInt(whole + fraction);
  let scale = fraction.length - exponent;
  if (scale < 0) {
    units *= pow10(-scale);
    scale = 0;
  }
  return { units: sign === "-" ? -units : units, scale };
}

/**
 * As `toDecimal` (`decimal.ts`) reads a value: a finite number, or a text of digits with an optional
 * minus sign and point, commas ignored; null for anything else.
 */
export function exactFrom(value: unknown): Exact | null {
  if (typeof value === "number") return Number.isFinite(value) ? exact(String(value)) : null;
  if (typeof value !== "string") return null;
  const text = value.trim().replace(/,/g, "");
  return /^-?\d+(\.\d+)?$/.test(text) ? exact(text) : null;
}

/** A constant of the code's own ("0.01"): a text that is not a decimal is a programming error. */
export function exactConstant(text: string): Exact {
  const value = exact(text);
  if (!value) throw new Error(`not a decimal: ${text}`);
  return value;
}

/** The same value written with `scale` decimals (scale at least the value's own). */
function rescale(value: Exact, scale: number): bigint {
  return value.units * pow10(scale - value.scale);
}

export function plus(a: Exact, b: Exact): Exact {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale) + rescale(b, scale), scale };
}

export function minus(a: Exact, b: Exact): Exact {
  return plus(a, { units: -b.units, scale: b.scale });
}

export function times(a: Exact, b: Exact): Exact {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** `numerator / denominator` rounded half up (away from zero on a tie). */
function divideUnits(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < ZERO !== denominator < ZERO;
  const n = abs(numerator);
  const d = abs(denominator);
  let quotient = n / d;
  if (TWO * (n % d) >= d) quotient += ONE;
  return negative ? -quotient : quotient;
}

/** `value` to `decimals` decimals, half up (big.js's `round(decimals, 1)`). */
export function round(value: Exact, decimals: number): Exact {
  if (value.scale <= decimals) return { units: rescale(value, decimals), scale: decimals };
  return { units: divideUnits(value.units, pow10(value.scale - decimals)), scale: decimals };
}

/** `a / b` as big.js's `div` gives it (20 decimals, half up); null when b is 0. */
export function divide(a: Exact, b: Exact): Exact | null {
  if (b.units === ZERO) return null;
  // a/b = (a.units · 10^b.scale) / (b.units · 10^a.scale); with 20 decimals: times 10^20.
  const numerator = a.units * pow10(b.scale + DIVISION_DECIMALS);
  const denominator = b.units * pow10(a.scale);
  return { units: divideUnits(numerator, denominator), scale: DIVISION_DECIMALS };
}

export function compare(a: Exact, b: Exact): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const x = rescale(a, scale);
  const y = rescale(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The value rounded half up to `decimals` and written with exactly that many, as big.js's `toFixed`
 * writes it: a negative value keeps its sign even when it rounds to zero ("-0.001" is "-0.00").
 */
export function toFixed(value: Exact, decimals: number): string {
  const { units } = round(value, decimals);
  const digits = abs(units)
    .toString()
    .padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${value.units < ZERO ? "-" : ""}${whole}${decimals > 0 ? `.${fraction}` : ""}`;
}
