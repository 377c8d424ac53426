import { describe, expect, it } from "vitest";

import { DEFAULT_THEME, themeAttribute, themeFrom } from "./theme";
import { themeFormSchema } from "./theme-form";

describe("theme", () => {
  it("follows the system unless the person chose otherwise", () => {
    expect(DEFAULT_THEME).toBe("sistema");
    expect(themeFrom(undefined)).toBe("sistema");
    expect(themeFrom("")).toBe("sistema");
    expect(themeFrom("dark-mode")).toBe("sistema");
    expect(themeFrom("oscuro")).toBe("oscuro");
    expect(themeFrom("claro")).toBe("claro");
    expect(themeFrom(["oscuro"])).toBe("sistema");
    expect(themeFrom({ toString: () => "oscuro" })).toBe("sistema");
    expect(themeFrom(null)).toBe("sistema");
  });

  it("names the html attribute after SPEC §9's themes", () => {
    expect(themeAttribute("claro")).toBe("light-mode");
    expect(themeAttribute("oscuro")).toBe("dark-mode");
    expect(themeAttribute("sistema")).toBe("system");
  });

  it("accepts only the three choices", () => {
    expect(themeFormSchema.safeParse({ tema: "oscuro", redirectTo: "/cuentas" }).success).toBe(true);
    expect(themeFormSchema.safeParse({ tema: "sistema" }).success).toBe(true);
    expect(themeFormSchema.safeParse({ tema: "negro" }).success).toBe(false);
    expect(themeFormSchema.safeParse({}).success).toBe(false);
    expect(themeFormSchema.safeParse({ tema: "claro", redirectTo: "/".repeat(3000) }).success).toBe(false);
  });
});
