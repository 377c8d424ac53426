import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";

import type { RecipientType } from "./recipient-form";
import {
  carriedFields,
  formFields,
  RECIPIENT_FIELDS,
  RECIPIENT_TYPES,
  recipientSchema,
  summaryEntries,
  switchedType,
  withPart,
} from "./recipient-form";

/** Every field with a message when the variant is posted empty (with an intermediary bank declared). */
function requiredFields(type: RecipientType): string[] {
  const form = new FormData();
  form.set("recipientType", type);
  form.set("hasIntermediary", "on");
  form.set("relationType", "OTHER");
  const reply = parseWithZod(form, { schema: recipientSchema() }).reply();
  return Object.keys(reply.error ?? {});
}

describe("formFields: what each variant shows, in order", () => {
  it.each(RECIPIENT_TYPES)("%s shows every field its rules check", (type) => {
    const required = requiredFields(type);
    expect(required.length).toBeGreaterThan(5);
    for (const field of required) expect(formFields(type)).toContain(field);
  });

  it("puts the person first, then contact, then the bank", () => {
    expect(formFields("pfn")).toEqual(["name", "lastname1", "lastname2", "rfc", "alias", "email", "phone", "currency", "clabe"]);
    expect(formFields("pme").slice(0, 7)).toEqual([
      "companyName",
      "relationType",
      "relationTypeExtra",
      "amountMax",
      "alias",
      "email",
      "phone",
    ]);
    expect(formFields("pfe")).not.toContain("rfc");
  });

  it("carries every other field, so a switch and back keeps them", () => {
    for (const type of RECIPIENT_TYPES) {
      const all = new Set([...formFields(type), ...carriedFields(type), "recipientType"]);
      expect([...all].sort()).toEqual([...RECIPIENT_FIELDS].sort());
      expect(carriedFields(type).filter((field) => formFields(type).includes(field))).toEqual([]);
    }
    expect(carriedFields("pmn")).toEqual(expect.arrayContaining(["name", "lastname1", "account", "country"]));
  });
});

describe("the type switch", () => {
  it("reads the variant a switch button asks for", () => {
    expect(switchedType("tipo:pme")).toBe("pme");
    expect(switchedType("tipo:xyz")).toBeNull();
    expect(switchedType("continuar")).toBeNull();
  });

  it("changes one part of the variant and keeps the other", () => {
    expect(withPart("pfn", "pm")).toBe("pmn");
    expect(withPart("pfn", "e")).toBe("pfe");
    expect(withPart("pme", "pf")).toBe("pfe");
    expect(withPart("pme", "n")).toBe("pmn");
  });
});

describe("summaryEntries: the error summary", () => {
  it("lists one message per field in the form's order, skipping empty ones and the form's own", () => {
    const entries = summaryEntries("pfn", {
      clabe: ["Ingresa una CLABE válida"],
      alias: ["Campo obligatorio", "otro"],
      name: ["Campo obligatorio"],
      email: [],
      "": ["Este formulario ya se envió"],
    });
    expect(entries).toEqual([
      { field: "name", message: "Campo obligatorio" },
      { field: "alias", message: "Campo obligatorio" },
      { field: "clabe", message: "Ingresa una CLABE válida" },
    ]);
  });

  it("orders a real refusal like the fields", () => {
    const form = new FormData();
    form.set("recipientType", "pme");
    const reply = parseWithZod(form, { schema: recipientSchema() }).reply();
    const fields = summaryEntries("pme", reply.error).map((entry) => entry.field);
    expect(fields).toEqual(formFields("pme").filter((field) => fields.includes(field)));
    expect(fields[0]).toBe("companyName");
  });

  it("is empty without errors", () => {
    expect(summaryEntries("pfn", null)).toEqual([]);
    expect(summaryEntries("pfn", {})).toEqual([]);
  });
});
