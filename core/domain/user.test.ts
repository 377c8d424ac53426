import { describe, expect, it } from "vitest";

import { fullName, initials, shortName } from "./user";

describe("user names (§3 User)", () => {
  it("shows the first name and the surname's initial with a dot", () => {
    expect(shortName("Ana", "Martínez")).toBe("Ana M.");
    expect(shortName("María José", "López")).toBe("María L.");
    expect(shortName("Ana", "")).toBe("Ana");
  });

  it("builds initials and the full name", () => {
    expect(initials("ana", "martínez")).toBe("AM");
    expect(fullName({ name: "Ana", firstLastName: "Martínez", secondLastName: "Ríos" })).toBe("Ana Martínez Ríos");
    expect(fullName({ name: "Ana", firstLastName: "Martínez", secondLastName: " " })).toBe("Ana Martínez");
  });
});
