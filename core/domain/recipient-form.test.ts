import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";

import { physicalNationalInput } from "../../tests/support/recipient-inputs";
import type { RecipientField, RecipientType } from "./recipient-form";
import { aliasSchema, AliasSet, isValidRfc, recipientSchema, recipientTypeOf } from "./recipient-form";

const physicalNational = physicalNationalInput;

const moralNational: Record<string, string> = {
  recipientType: "pmn",
  alias: "Aceros",
  email: "pagos@aceros.mx",
  phone: "4421234567",
  currency: "MXN",
  companyName: "Aceros del Centro S.A. de C.V.",
  rfc: "ACE010101AB1",
  relationType: "PROVIDER",
  amountMax: "2",
  clabe: "072680004588127341",
};

const international = {
  account: "0128756003945",
  codeType: "9",
  bankCode: "BKCHHKHH",
  bankName: "Bank of China",
  bankCity: "Hong Kong",
  bankCountry: "China",
  street: "Nathan Road",
  numberDir: "88",
  postalCode: "999077",
  suburb: "Kowloon",
  city: "Hong Kong",
  state: "Kowloon",
  country: "China",
};

const physicalForeign: Record<string, string> = {
  ...international,
  recipientType: "pfe",
  alias: "Wei Zhang",
  email: "wei@example.cn",
  phone: "8612345678",
  currency: "USD",
  name: "Wei",
  lastname1: "Zhang",
};

const moralForeign: Record<string, string> = {
  ...international,
  recipientType: "pme",
  alias: "Bright Components",
  email: "ap@bright.cn",
  phone: "8698765432",
  currency: "USD",
  companyName: "Shenzhen Bright Components Co., Ltd.",
  relationType: "OTHER",
  relationTypeExtra: "Maquila",
  amountMax: "4",
};

function errorsOf(values: Record<string, string | undefined>, options?: Parameters<typeof recipientSchema>[0]) {
  const result = recipientSchema(options).safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<RecipientField, string>> = {};
  for (const issue of result.error.issues) errors[issue.path[0] as RecipientField] ??= issue.message;
  return errors;
}

const fieldError = (base: Record<string, string>, field: RecipientField, value: string | undefined) =>
  errorsOf({ ...base, [field]: value })[field];

describe("recipientSchema: the four variants accept valid data", () => {
  it("física nacional, deriving the bank from the CLABE", () => {
    const value = recipientSchema().parse(physicalNational);
    expect(value).toMatchObject({
      recipientType: "pfn",
      typePerson: "FISICA",
      typeOriginPerson: "NACIONAL",
      name: "José Luis",
      lastname2: "Ortega",
      clabe: "014180560032184793",
      bank: { code: "014", name: "Santander" },
    });
    expect(value.companyName).toBeUndefined();
    expect(value.address).toBeUndefined();
  });

  it("moral nacional", () => {
    expect(recipientSchema().parse(moralNational)).toMatchObject({
      typePerson: "MORAL",
      companyName: "Aceros del Centro S.A. de C.V.",
      relationType: "PROVIDER",
      amountMax: 2,
      bank: { name: "Banorte" },
    });
  });

  it("física internacional, with address and no intermediary", () => {
    const value = recipientSchema().parse(physicalForeign);
    expect(value).toMatchObject({
      typeOriginPerson: "EXTRANJERA",
      account: "0128756003945",
      codeType: 9,
      bankCode: "BKCHHKHH",
      intermediary: null,
    });
    expect(value.address).toMatchObject({ street: "Nathan Road", postalCode: "999077", country: "China" });
    expect(value.rfc).toBeUndefined();
  });

  it("with IBAN, takes the IBAN as printed and sends it compact", () => {
    const value = recipientSchema().parse({
      ...physicalForeign,
      codeType: "11",
      account: "de89 3704 0044 0532 0130 00",
      bankCode: "COBADEFF",
    });
    expect(value).toMatchObject({ account: "DE89370400440532013000", codeType: 11 });
  });

  it("moral internacional, with an intermediary bank", () => {
    const value = recipientSchema().parse({
      ...moralForeign,
      hasIntermediary: "on",
      intermediaryCodeType: "9",
      intermediaryBankCode: "chasus33",
      intermediaryBankName: "JPMorgan Chase",
      intermediaryBankCity: "Nueva York",
      intermediaryBankCountry: "Estados Unidos",
    });
    expect(value.relationTypeExtra).toBe("Maquila");
    expect(value.intermediary).toEqual({
      codeType: 9,
      bankCode: "CHASUS33",
      bankName: "JPMorgan Chase",
      bankCity: "Nueva York",
      bankCountry: "Estados Unidos",
    });
  });

  it("ignores the fields of other variants (§5: natural-person fields only for física, …)", () => {
    const value = recipientSchema().parse({ ...physicalNational, companyName: "x", account: "abc", bankCity: "1" });
    expect(value).not.toHaveProperty("account");
    expect(value.companyName).toBeUndefined();
  });

  it("maps person and origin to the type codes", () => {
    const pairs: [Parameters<typeof recipientTypeOf>, RecipientType][] = [
      [["FISICA", "NACIONAL"], "pfn"],
      [["FISICA", "EXTRANJERA"], "pfe"],
      [["MORAL", "NACIONAL"], "pmn"],
      [["MORAL", "EXTRANJERA"], "pme"],
    ];
    for (const [args, type] of pairs) expect(recipientTypeOf(...args)).toBe(type);
  });
});

describe("recipientSchema: every §5 rule rejects with its message", () => {
  const cases: Array<[string, Record<string, string>, RecipientField, string | undefined, string]> = [
    ["unknown type", physicalNational, "recipientType", "xyz", "Selecciona una opción válida"],
    ["name required", physicalNational, "name", "", "Campo obligatorio"],
    ["name min 2", physicalNational, "name", "J", "Mínimo 2 caracteres"],
    ["name letters only", physicalNational, "name", "J0sé", "Ingresa un nombre válido"],
    ["name no symbols", physicalNational, "name", "Ana; DROP", "Ingresa un nombre válido"],
    ["last name required", physicalNational, "lastname1", undefined, "Campo obligatorio"],
    ["last name min 2", physicalNational, "lastname1", "R", "Mínimo 2 caracteres"],
    ["last name letters", physicalNational, "lastname1", "Ramírez2", "Ingresa un apellido válido"],
    ["mother's name letters when given", physicalNational, "lastname2", "0rtega", "Ingresa un apellido válido"],
    ["company required", moralNational, "companyName", "", "Campo obligatorio"],
    ["company min 4", moralNational, "companyName", "ABC", "Mínimo 4 caracteres"],
    ["alias required", physicalNational, "alias", "   ", "Campo obligatorio"],
    ["alias min 2", physicalNational, "alias", "A", "Mínimo 2 caracteres"],
    ["alias max 40", physicalNational, "alias", "A".repeat(41), "Máximo 40 caracteres"],
    ["alias not a formula (=)", physicalNational, "alias", '=HYPERLINK("http://x")', "El alias no puede empezar con =, +, - ni @"],
    ["alias not a formula (+)", physicalNational, "alias", "+52 Fletes", "El alias no puede empezar con =, +, - ni @"],
    ["alias not a formula (-)", physicalNational, "alias", "-1+1", "El alias no puede empezar con =, +, - ni @"],
    ["alias not a formula (@)", physicalNational, "alias", "@SUM(1)", "El alias no puede empezar con =, +, - ni @"],
    ["alias not a formula after a tab", physicalNational, "alias", "\t=1+1", "El alias no puede empezar con =, +, - ni @"],
    ["alias not a formula after a CR", physicalNational, "alias", "\r\n=1+1", "El alias no puede empezar con =, +, - ni @"],
    ["alias not a formula after spaces", physicalNational, "alias", "  =1+1", "El alias no puede empezar con =, +, - ni @"],
    ["alias without controls", physicalNational, "alias", "Fletes\u0000Ramírez", "Ingresa un alias válido"],
    ["alias without line separators", physicalNational, "alias", "Fletes\u2028Ramírez", "Ingresa un alias válido"],
    ["rfc required (national)", physicalNational, "rfc", "", "Campo obligatorio"],
    ["rfc pattern", physicalNational, "rfc", "RAOJ8001", "Ingresa un RFC válido"],
    ["rfc impossible month", physicalNational, "rfc", "RAOJ801301AB1", "Ingresa un RFC válido"],
    ["email required", physicalNational, "email", "", "Campo obligatorio"],
    ["email valid", physicalNational, "email", "jl@fletes", "Ingresa un correo electrónico válido"],
    ["email without spaces", physicalNational, "email", "j l@fletes.mx", "Ingresa un correo electrónico válido"],
    ["email max 30", physicalNational, "email", `${"a".repeat(25)}@mail.mx`, "Máximo 30 caracteres"],
    ["phone required", physicalNational, "phone", "", "Campo obligatorio"],
    ["phone digits", physicalNational, "phone", "55-1234-567", "Ingresa un teléfono válido"],
    ["phone exactly 10 (short)", physicalNational, "phone", "551234567", "Ingresa un teléfono válido"],
    ["phone exactly 10 (long)", physicalNational, "phone", "55123456789", "Ingresa un teléfono válido"],
    ["clabe required", physicalNational, "clabe", "", "Campo obligatorio"],
    ["clabe digits", physicalNational, "clabe", "01418056003218479a", "Ingresa una CLABE válida"],
    ["clabe exactly 18", physicalNational, "clabe", "01418056003218479", "Ingresa una CLABE válida"],
    ["clabe check digit", physicalNational, "clabe", "014180560032184794", "Ingresa una CLABE válida"],
    ["clabe known bank", physicalNational, "clabe", "999180001234567893", "Ingresa una CLABE válida"],
    ["currency option (national)", physicalNational, "currency", "EUR", "Selecciona una opción válida"],
    ["currency required", physicalNational, "currency", "", "Campo obligatorio"],
    ["relation type required", moralNational, "relationType", "", "Campo obligatorio"],
    ["relation type option", moralNational, "relationType", "FRIEND", "Selecciona una opción válida"],
    ["other relation needs a description", { ...moralNational, relationType: "OTHER" }, "relationTypeExtra", "", "Campo obligatorio"],
    ["amount band option", moralNational, "amountMax", "5", "Selecciona una opción válida"],
    ["international account required", physicalForeign, "account", "", "Campo obligatorio"],
    ["international account digits", physicalForeign, "account", "DE89370400", "Ingresa un número de cuenta válido"],
    ["international account max 34", physicalForeign, "account", "1".repeat(35), "Máximo 34 caracteres"],
    [
      "an IBAN account is an IBAN",
      { ...physicalForeign, codeType: "11" },
      "account",
      "370400440532013000",
      "Ingresa un IBAN válido: 2 letras del país, 2 dígitos y de 11 a 30 letras o dígitos",
    ],
    [
      "an IBAN with a typo",
      { ...physicalForeign, codeType: "11" },
      "account",
      "DE89 3704 0044 0532 0130 01",
      "Revisa el IBAN: sus dígitos de control no coinciden con el resto",
    ],
    ["code type option", physicalForeign, "codeType", "10", "Selecciona una opción válida"],
    ["bank code required", physicalForeign, "bankCode", "", "Campo obligatorio"],
    ["bank code min 8", physicalForeign, "bankCode", "BKCHHK", "Mínimo 8 caracteres"],
    ["bank code max 11", physicalForeign, "bankCode", "BKCHHKHHXXX1", "Máximo 11 caracteres"],
    ["bank name required", physicalForeign, "bankName", "", "Campo obligatorio"],
    ["bank name letters", physicalForeign, "bankName", "Bank 0f China", "Ingresa un nombre de banco válido"],
    ["bank name min 4", physicalForeign, "bankName", "BOC", "Mínimo 4 caracteres"],
    ["bank city min 4", physicalForeign, "bankCity", "Rio", "Mínimo 4 caracteres"],
    ["bank city letters", physicalForeign, "bankCity", "Hong Kong 1", "Ingresa una ciudad válida"],
    ["bank country required", physicalForeign, "bankCountry", "", "Campo obligatorio"],
    ["street required", physicalForeign, "street", "", "Campo obligatorio"],
    ["street min 4", physicalForeign, "street", "Av.", "Mínimo 4 caracteres"],
    ["outer number required", physicalForeign, "numberDir", "", "Campo obligatorio"],
    ["outer number max 10", physicalForeign, "numberDir", "12345678901", "Máximo 10 caracteres"],
    ["inner number max 10", physicalForeign, "numberInt", "Depto 1234567", "Máximo 10 caracteres"],
    ["postal code required", physicalForeign, "postalCode", "", "Campo obligatorio"],
    ["postal code digits", physicalForeign, "postalCode", "9990A", "Ingresa un código postal válido"],
    ["postal code 5 to 6 (short)", physicalForeign, "postalCode", "9990", "Ingresa un código postal válido"],
    ["postal code 5 to 6 (long)", physicalForeign, "postalCode", "9990771", "Ingresa un código postal válido"],
    ["suburb letters", physicalForeign, "suburb", "Zona 1", "Ingresa una colonia válida"],
    ["suburb min 4", physicalForeign, "suburb", "Sur", "Mínimo 4 caracteres"],
    ["city max 30", physicalForeign, "city", "A".repeat(31), "Máximo 30 caracteres"],
    ["state letters", physicalForeign, "state", "Estado 9", "Ingresa un estado válido"],
    ["country required", physicalForeign, "country", "", "Campo obligatorio"],
    ["country min 4", physicalForeign, "country", "USA", "Mínimo 4 caracteres"],
  ];

  it.each(cases)("%s", (_name, base, field, value, message) => {
    expect(fieldError(base, field, value)).toBe(message);
  });

  const intermediary: Record<string, string> = {
    ...moralForeign,
    hasIntermediary: "on",
    intermediaryCodeType: "9",
    intermediaryBankCode: "CHASUS33",
    intermediaryBankName: "JPMorgan Chase",
    intermediaryBankCity: "Nueva York",
    intermediaryBankCountry: "Estados Unidos",
  };
  const intermediaryCases: Array<[RecipientField, string, string]> = [
    ["intermediaryCodeType", "", "Campo obligatorio"],
    ["intermediaryBankCode", "CHAS", "Mínimo 8 caracteres"],
    ["intermediaryBankCode", "CHASUS33XXXX", "Máximo 11 caracteres"],
    ["intermediaryBankName", "JPM", "Mínimo 4 caracteres"],
    ["intermediaryBankName", "J".repeat(31), "Máximo 30 caracteres"],
    ["intermediaryBankCity", "N3w York", "Ingresa una ciudad válida"],
    ["intermediaryBankCountry", "", "Campo obligatorio"],
  ];
  it.each(intermediaryCases)("intermediary %s = %j", (field, value, message) => {
    expect(fieldError(intermediary, field, value)).toBe(message);
  });

  it("does not ask for the intermediary bank unless the person says there is one", () => {
    expect(errorsOf({ ...moralForeign, intermediaryBankCode: "x" })).toEqual({});
  });

  it("reports every wrong field at once", () => {
    const errors = errorsOf({ recipientType: "pfn", clabe: "123" });
    expect(Object.keys(errors).sort()).toEqual(["alias", "clabe", "currency", "email", "lastname1", "name", "phone", "rfc"]);
    expect(errors.clabe).toBe("Ingresa una CLABE válida");
  });

  it("refuses an alias the company already uses (§8), ignoring case and spaces", () => {
    expect(errorsOf(physicalNational, { takenAliases: ["  fletes RAMÍREZ "] }).alias).toBe(
      "Ya creaste un destinatario con el mismo alias. Por favor, elige un alias diferente para continuar.",
    );
    expect(errorsOf(physicalNational, { takenAliases: ["Otro"] })).toEqual({});
    const taken = new AliasSet(["aceros"]);
    expect(taken.has(" ACEROS ")).toBe(true);
    expect(taken.has("Aceros 2")).toBe(false);
  });

  it("never throws on hostile input", () => {
    const hostile = {
      recipientType: "pfn",
      alias: "=cmd|'/C calc'!A0",
      name: "<script>",
      clabe: "0".repeat(10_000),
      email: "@".repeat(500),
    };
    expect(() => recipientSchema().safeParse(hostile)).not.toThrow();
    expect(recipientSchema().safeParse(hostile).success).toBe(false);
    expect(recipientSchema().safeParse(null).success).toBe(false);
  });
});

describe("recipientSchema through Conform (the form's path)", () => {
  const formData = (values: Record<string, string>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(values)) data.set(key, value);
    return data;
  };

  it("treats empty inputs as missing and answers the same messages", () => {
    const submission = parseWithZod(formData({ ...physicalNational, name: "", clabe: "014180560032184794" }), {
      schema: recipientSchema(),
    });
    expect(submission.status).toBe("error");
    const reply = submission.reply();
    expect(reply.error).toMatchObject({ name: ["Campo obligatorio"], clabe: ["Ingresa una CLABE válida"] });
    // What the person typed comes back with the errors.
    expect(reply.initialValue).toMatchObject({ alias: "Fletes Ramírez", clabe: "014180560032184794" });
  });

  it("accepts a valid submission", () => {
    const submission = parseWithZod(formData(physicalNational), { schema: recipientSchema() });
    expect(submission.status).toBe("success");
  });
});

describe("isValidRfc", () => {
  it("accepts persons (4 letters) and companies (3 letters), any case", () => {
    expect(isValidRfc("RAOJ800101AB1")).toBe(true);
    expect(isValidRfc("ace010101ab1")).toBe(true);
    expect(isValidRfc("ÑAC010101AB1")).toBe(true);
  });

  it("rejects wrong shapes and impossible dates", () => {
    for (const rfc of ["", "RA800101AB1", "RAOJX800101AB1", "RAOJ800001AB1", "RAOJ800132AB1", "RAOJ800101AB", "RAOJ800101AB1 "]) {
      expect(isValidRfc(rfc)).toBe(false);
    }
  });
});

describe("aliasSchema (§5 alias update)", () => {
  it("accepts a new alias", () => {
    expect(aliasSchema.parse({ id: "A-1", alias: " Pagos Asia ", currentAlias: "Proveedores Asia" })).toMatchObject({
      alias: "Pagos Asia",
    });
  });

  it("requires an alias of at least 2 characters and at most 40", () => {
    const messages = (alias: unknown) => aliasSchema.safeParse({ id: "A-1", alias }).error?.issues.map((issue) => issue.message);
    expect(messages(undefined)).toEqual(["Campo obligatorio"]);
    expect(messages("A")).toEqual(["Mínimo 2 caracteres"]);
    expect(messages("A".repeat(41))).toEqual(["Máximo 40 caracteres"]);
  });

  it("refuses an alias a spreadsheet would run as a formula, and control characters", () => {
    const messages = (alias: string) => aliasSchema.safeParse({ id: "A-1", alias }).error?.issues.map((issue) => issue.message);
    for (const alias of ["=1+1", "+521234", "-2+3", "@SUM(A1)", "\t=1+1", "\r=1+1"]) {
      expect(messages(alias), JSON.stringify(alias)).toEqual(["El alias no puede empezar con =, +, - ni @"]);
    }
    expect(messages("Pagos\nUSD")).toEqual(["Ingresa un alias válido"]);
    expect(aliasSchema.safeParse({ id: "A-1", alias: "Pagos = USD" }).success).toBe(true);
    expect(aliasSchema.safeParse({ id: "A-1", alias: "Pagos-USD @ 2026" }).success).toBe(true);
  });

  it("refuses the current alias, ignoring case and spaces (§8)", () => {
    const result = aliasSchema.safeParse({ id: "A-1", alias: "pagos usd ", currentAlias: "Pagos USD" });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["Ingresa un alias distinto al actual."]);
  });
});
