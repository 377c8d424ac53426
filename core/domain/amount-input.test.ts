import { describe, expect, it } from "vitest";

import { groupAmount, parseAmountInput, regroupTyping } from "./amount-input";

describe("parseAmountInput", () => {
  it("reads plain and correctly grouped amounts back to plain text", () => {
    expect(parseAmountInput("1234567.89")).toBe("1234567.89");
    expect(parseAmountInput("1,234,567.89")).toBe("1234567.89");
    expect(parseAmountInput(" 1,000 ")).toBe("1000");
    expect(parseAmountInput("999,999,999,999.99")).toBe("999999999999.99");
    expect(parseAmountInput("0.5")).toBe("0.5");
    expect(parseAmountInput("12.")).toBe("12");
    expect(parseAmountInput("1,000.")).toBe("1000");
  });

  it("refuses commas out of place, so '1,5' is never read as 15 or 1.5", () => {
    for (const text of ["1,5", "12,34", "1,2345", ",100", "100,", "1,,000", "1,000,00", "1.000,50", "1,000.5,0"]) {
      expect(parseAmountInput(text), text).toBeNull();
    }
  });

  it("refuses anything that is not an amount", () => {
    for (const text of ["", "  ", "mil", "-5", "+5", "1e3", "Infinity", "1.2.3", ".5", "$100", "1 000"]) {
      expect(parseAmountInput(text), text).toBeNull();
    }
  });
});

describe("groupAmount", () => {
  it("groups the integer part by thousands and keeps the decimals as typed", () => {
    expect(groupAmount("0")).toBe("0");
    expect(groupAmount("999")).toBe("999");
    expect(groupAmount("1000")).toBe("1,000");
    expect(groupAmount("1234567.8")).toBe("1,234,567.8");
    expect(groupAmount("1234.")).toBe("1,234.");
    expect(groupAmount("999999999999.99")).toBe("999,999,999,999.99");
  });
});

describe("regroupTyping", () => {
  it("groups as the person types at the end, the caret staying at the end", () => {
    expect(regroupTyping("1234", 4)).toEqual({ text: "1,234", caret: 5 });
    expect(regroupTyping("1,2345", 6)).toEqual({ text: "12,345", caret: 6 });
    expect(regroupTyping("123,4567", 8)).toEqual({ text: "1,234,567", caret: 9 });
    expect(regroupTyping("1,234.5", 7)).toEqual({ text: "1,234.5", caret: 7 });
    expect(regroupTyping("1,234.", 6)).toEqual({ text: "1,234.", caret: 6 });
  });

  it("keeps the caret after the same digit when typing or deleting in the middle", () => {
    // "1,234" with a 9 typed after the 1: the browser shows "19,234"; it stays, the caret after the 9.
    expect(regroupTyping("19,234", 2)).toEqual({ text: "19,234", caret: 2 });
    // "12,345" with the 2 deleted (caret after the 1): "1,345".
    expect(regroupTyping("1,345", 1)).toEqual({ text: "1,345", caret: 1 });
    // "1,234,567" with the 4 deleted (caret after the 3): "123,567", caret after the 3.
    expect(regroupTyping("1,23,567", 4)).toEqual({ text: "123,567", caret: 3 });
    // Backspace just after a comma deletes the comma: the digits are regrouped unchanged, the caret keeps its digit.
    expect(regroupTyping("1234", 1)).toEqual({ text: "1,234", caret: 1 });
  });

  it("drops leading zeros but keeps one before the point", () => {
    expect(regroupTyping("0012", 4)).toEqual({ text: "12", caret: 2 });
    expect(regroupTyping("0.5", 3)).toEqual({ text: "0.5", caret: 3 });
    expect(regroupTyping("0", 1)).toEqual({ text: "0", caret: 1 });
  });

  it("leaves text that is not an amount alone, for the schema to explain", () => {
    expect(regroupTyping("mil", 3)).toEqual({ text: "mil", caret: 3 });
    expect(regroupTyping("1.2.3", 5)).toEqual({ text: "1.2.3", caret: 5 });
    expect(regroupTyping("-100", 4)).toEqual({ text: "-100", caret: 4 });
    expect(regroupTyping("", 0)).toEqual({ text: "", caret: 0 });
  });

  it("gives text the parser reads back", () => {
    for (const typed of ["1", "12345", "1234567.89", "1,2,3,4,5,6"]) {
      const { text } = regroupTyping(typed, typed.length);
      expect(parseAmountInput(text), typed).toBe(typed.replace(/,/g, ""));
    }
  });
});
