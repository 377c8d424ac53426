import { describe, expect, it } from "vitest";

import { fullName, initials, shortName } from "./user";

describe("user names (§3 User)", () => {
  it("shows the first name and the surname's initial with a dot", () => {
    expect(shortName("Ana", "Martínez")).toBe("Ana M.");
    expect(shortName("María José", "López")).toBe("María L.");
    expect(shortName("Ana", "")).toBe("Ana");
    // 'Datos Personales' of the settings drawer: accents, lower case and stray spaces.
    expect(shortName("  Carlos ", " hernández")).toBe("Carlos H.");
    expect(shortName("Óscar", "Álvarez")).toBe("Óscar Á.");
    expect(shortName("Paula", "de la Fuente")).toBe("Paula D.");
  });

  it("builds initials and the full name", () => {
    expect(initials("ana", "martínez")).toBe("AM");
    expect(fullName({ name: "Ana", firstLastName: "Martínez", secondLastName: "Ríos" })).toBe("Ana Martínez Ríos");
    expect(fullName({ name: "Ana", firstLastName: "Martínez", secondLastName: " " })).toBe("Ana Martínez");
  });
});
