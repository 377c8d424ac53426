import { describe, expect, it } from "vitest";

import { buildClabe } from "../../sandbox/clabe";
import { bankOfClabe, clabeCheckDigit, clabeProblem, isValidClabe, MEXICAN_BANKS } from "./clabe";

describe("clabeCheckDigit", () => {
  it("computes Banxico's published example (Banamex 002 010 07777777777 → 1)", () => {
    expect(clabeCheckDigit("00201007777777777")).toBe(1);
  });

  it("gives 0 when the weighted sum is already a multiple of 10", () => {
    expect(clabeCheckDigit("00000000000000000")).toBe(0);
  });

  it("answers null for anything that is not 17 digits", () => {
    for (const input of ["", "0020100777777777", "002010077777777771", "0020100777777777a", " 00201007777777777"]) {
      expect(clabeCheckDigit(input)).toBeNull();
    }
  });

  it("agrees with the sandbox's independent implementation on every seeded bank", () => {
    for (const code of Object.keys(MEXICAN_BANKS)) {
      const clabe = buildClabe(code, "180", "01234567890");
      expect(clabeCheckDigit(clabe.slice(0, 17))).toBe(Number(clabe[17]));
      expect(isValidClabe(clabe)).toBe(true);
    }
  });
});

describe("clabeProblem", () => {
  it("accepts an 18-digit CLABE with the right check digit and a known bank", () => {
    expect(clabeProblem("002010077777777771")).toBeNull();
    expect(clabeProblem("012180001234567899")).toBeNull();
  });

  it("names what is wrong", () => {
    expect(clabeProblem("00201007777777777")).toBe("format"); // 17 digits
    expect(clabeProblem("0020100777777777711")).toBe("format"); // 19 digits
    expect(clabeProblem("00201007777777777x")).toBe("format");
    expect(clabeProblem("002 010 0777777777")).toBe("format");
    expect(clabeProblem("002010077777777772")).toBe("checkDigit");
    expect(clabeProblem("999180001234567891".slice(0, 17) + String(clabeCheckDigit("99918000123456789")))).toBe("unknownBank");
  });

  it("detects every single-digit change (the check digit's purpose)", () => {
    const valid = "012180001234567899";
    for (let i = 0; i < 17; i++) {
      const digit = (Number(valid[i]) + 1) % 10;
      const changed = `${valid.slice(0, i)}${digit}${valid.slice(i + 1)}`;
      expect(isValidClabe(changed)).toBe(false);
    }
  });
});

describe("bankOfClabe", () => {
  it("reads the bank from the first 3 digits", () => {
    expect(bankOfClabe("012180001234567899")).toEqual({ code: "012", name: "BBVA México" });
    expect(bankOfClabe("072680004588127341")).toEqual({ code: "072", name: "Banorte" });
    expect(bankOfClabe("014")).toEqual({ code: "014", name: "Santander" });
  });

  it("answers null for an unknown or incomplete code", () => {
    expect(bankOfClabe("999180001234567891")).toBeNull();
    expect(bankOfClabe("01")).toBeNull();
    expect(bankOfClabe("")).toBeNull();
    expect(bankOfClabe("abc180001234567891")).toBeNull();
  });
});
