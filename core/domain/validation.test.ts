import { describe, expect, it } from "vitest";

import { isEmailAddress, msg } from "./validation";
import { wizardSchema } from "./wizard";

describe("validation messages (§5)", () => {
  it("fills the templates", () => {
    expect(msg.required).toBe("Campo obligatorio");
    expect(msg.invalid("correo")).toBe("Ingresa un correo válido");
    expect(msg.invalid("CLABE", "f")).toBe("Ingresa una CLABE válida");
    expect(msg.min(2)).toBe("Mínimo 2 caracteres");
    expect(msg.max(40)).toBe("Máximo 40 caracteres");
    expect(msg.fileFormat("xls, xlsx")).toBe("Error en formato. Formatos aceptados: xls, xlsx");
    expect(msg.fileSize("20 MB")).toBe("Carga un documento menor a 20 MB");
  });
});

describe("wizardSchema", () => {
  it("accepts a plan with the terms accepted", () => {
    expect(wizardSchema.parse({ membership: "2", terms: true })).toEqual({ membership: "2", terms: true });
  });

  it("requires a plan and the terms", () => {
    const result = wizardSchema.safeParse({});
    expect(result.success).toBe(false);
    const messages = result.success ? [] : result.error.issues.map((issue) => issue.message);
    expect(messages).toEqual(["Campo obligatorio", "Debes aceptar los Términos y Condiciones para continuar."]);
  });

  it("rejects an unknown plan and unaccepted terms", () => {
    const result = wizardSchema.safeParse({ membership: "7", terms: false });
    const messages = result.success ? [] : result.error.issues.map((issue) => issue.message);
    expect(messages).toEqual(["Selecciona una opción válida", "Debes aceptar los Términos y Condiciones para continuar."]);
  });
});

describe("isEmailAddress", () => {
  it("takes ordinary business addresses", () => {
    for (const email of ["ana@empresa.mx", "pagos.norte+mx@importadora-bajio.com.mx", "JL_Ramirez@fletes.mx"]) {
      expect(isEmailAddress(email), email).toBe(true);
    }
  });

  it("refuses controls, spaces, invisible characters and what the upstream's e-mail rule refuses", () => {
    for (const email of [
      "ana@empresa.mx\u0007",
      "ana@empresa.mx\r\n",
      "ana@empresa.mx\u2028",
      "ana\u200b@empresa.mx",
      "ana @empresa.mx",
      "ana@empresa..mx",
      ".ana@empresa.mx",
      "ana@-empresa.mx",
      "añá@empresa.mx",
      "ana@empresa",
      `${"a".repeat(250)}@x.mx`,
      "",
    ]) {
      expect(isEmailAddress(email), JSON.stringify(email)).toBe(false);
    }
  });
});
