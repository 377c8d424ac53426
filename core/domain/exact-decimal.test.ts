import Big from "big.js";
import { describe, expect, it } from "vitest";

import { toDecimal } from "./decimal";
import { compare, divide, exact, exactFrom, minus, plus, round, times, toFixed } from "./exact-decimal";

/** A small deterministic generator, so a failure names a case that can be run again. */
function numbers(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return (maxWhole: number, maxDecimals: number, negative = false) => {
    const whole = Math.floor(next() * maxWhole);
    const decimals = Math.floor(next() * (maxDecimals + 1));
    const fraction = Array.from({ length: decimals }, () => Math.floor(next() * 10)).join("");
    const sign = negative && next() < 0.3 ? "-" : "";
    return `${sign}${whole}${decimals > 0 ? `.${fraction}` : ""}`;
  };
}

const read = (text: string) => {
  const value = exact(text);
  if (!value) throw new Error(`not a decimal: ${text}`);
  return value;
};

describe("exact decimals (decision 075)", () => {
  it("reads plain and exponential texts, and nothing else", () => {
    expect(exact("17.123456")).toEqual({ units: BigInt(17123456), scale: 6 });
    expect(exact("-0.5")).toEqual({ units: BigInt(-5), scale: 1 });
    expect(exact("1e-7")).toEqual({ units: BigInt(1), scale: 7 });
    expect(exact("1.5e+21")).toEqual({ units: BigInt("1500000000000000000000"), scale: 0 });
    for (const bad of ["", " ", "1,000", "1.", ".5", "abc", "1e", "--1", "1e99999", "NaN", "Infinity"]) expect(exact(bad)).toBeNull();
  });

  it("writes fixed decimals as big.js does, half up and away from zero on a tie", () => {
    const cases: Array<[string, number]> = [
      ["0.005", 2],
      ["0.004999", 2],
      ["-0.005", 2],
      ["-0.001", 2],
      ["0", 2],
      ["-0", 2],
      ["1234567.895", 2],
      ["17.1234565", 6],
      ["99.999", 2],
      ["12", 0],
      ["12.5", 0],
    ];
    for (const [text, decimals] of cases) expect(toFixed(read(text), decimals), text).toBe(new Big(text).toFixed(decimals));
  });

  it("adds, subtracts, multiplies, divides and compares exactly as big.js on thousands of values", () => {
    const next = numbers(75);
    for (let i = 0; i < 4000; i += 1) {
      const a = next(1_000_000_000, 8, true);
      const b = next(i % 3 === 0 ? 30 : 100_000, 7, true);
      const x = read(a);
      const y = read(b);
      expect(toFixed(plus(x, y), 9), `${a} + ${b}`).toBe(new Big(a).plus(b).toFixed(9));
      expect(toFixed(minus(x, y), 9), `${a} - ${b}`).toBe(new Big(a).minus(b).toFixed(9));
      expect(toFixed(times(x, y), 15), `${a} × ${b}`).toBe(new Big(a).times(b).toFixed(15));
      expect(compare(x, y), `${a} ? ${b}`).toBe(new Big(a).cmp(b));
      for (const decimals of [2, 6]) expect(toFixed(round(x, decimals), decimals)).toBe(new Big(a).round(decimals, 1).toFixed(decimals));
      if (new Big(b).eq(0)) {
        expect(divide(x, y)).toBeNull();
        continue;
      }
      const quotient = divide(x, y);
      expect(quotient && toFixed(quotient, 20), `${a} / ${b}`).toBe(new Big(a).div(b).toFixed(20));
      expect(quotient && toFixed(quotient, 2), `${a} / ${b} to 2`).toBe(new Big(a).div(b).round(2, 1).toFixed(2));
    }
  });

  it("cuts a quotient to 20 decimals before rounding it, as big.js does", () => {
    // 0.00499999999999999999999… would round down if rounded once; big.js first makes it 0.00500000000000000000.
    const a = "0.0049999999999999999999999";
    expect(toFixed(round(divide(read(a), read("1")) ?? read("0"), 2), 2)).toBe(new Big(a).div(1).round(2, 1).toFixed(2));
    expect(toFixed(divide(read("2"), read("3")) ?? read("0"), 20)).toBe("0.66666666666666666667");
  });
});

describe("exactFrom reads what toDecimal reads (decision 075)", () => {
  it("takes the same texts and numbers, with the same values", () => {
    const inputs: unknown[] = [
      "1,234.56",
      " 17.5 ",
      "-3",
      "0",
      "1,5",
      "1.",
      ".5",
      "1e3",
      "abc",
      "",
      12.25,
      1e-7,
      1e21,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      null,
      undefined,
      {},
    ];
    for (const input of inputs) {
      const expected = toDecimal(input);
      const value = exactFrom(input);
      expect(value === null, String(input)).toBe(expected === null);
      if (value && expected) expect(toFixed(value, 8), String(input)).toBe(expected.toFixed(8));
    }
  });
});
