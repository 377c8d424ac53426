import { describe, expect, it } from "vitest";

import { recipientSchema } from "#core/domain/recipient-form";

import { UpstreamError } from "../upstream/errors";
import { recipientRejection, recipientResult, toRecipientData } from "./register.server";

const national = recipientSchema().parse({
  recipientType: "pfn",
  alias: "Fletes",
  email: "jl@fletes.mx",
  phone: "5512345678",
  currency: "MXN",
  name: "José Luis",
  lastname1: "Ramírez",
  rfc: "RAOJ800101AB1",
  clabe: "014180560032184793",
});

const foreignCompany = recipientSchema().parse({
  recipientType: "pme",
  alias: "Bright",
  email: "ap@bright.cn",
  phone: "8612345678",
  currency: "USD",
  companyName: "Shenzhen Bright Components",
  relationType: "OTHER",
  relationTypeExtra: "Maquila",
  amountMax: "4",
  account: "0128756003945",
  codeType: "9",
  bankCode: "bkchhkhh",
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
  hasIntermediary: "on",
  intermediaryCodeType: "9",
  intermediaryBankCode: "CHASUS33",
  intermediaryBankName: "JPMorgan Chase",
  intermediaryBankCity: "Nueva York",
  intermediaryBankCountry: "Estados Unidos",
});

describe("toRecipientData", () => {
  it("maps a national física recipient with the bank of its CLABE", () => {
    expect(toRecipientData(national)).toMatchObject({
      recipientType: "pfn",
      names: "José Luis",
      fatherLastName: "Ramírez",
      motherLastName: null,
      companyName: null,
      rfc: "RAOJ800101AB1",
      accountClabe: "014180560032184793",
      bank: "Santander",
      bankCode: "014",
      bankTypeAccount: null,
      countryName: null,
      intermediaryBankCode: null,
    });
  });

  it("maps an international company with address and intermediary", () => {
    expect(toRecipientData(foreignCompany)).toMatchObject({
      recipientType: "pme",
      names: null,
      companyName: "Shenzhen Bright Components",
      rfc: null,
      relationType: "OTHER",
      relationTypeExtra: "Maquila",
      maxTransferAmount: 4,
      accountClabe: "0128756003945",
      bank: "Bank of China",
      bankCode: "BKCHHKHH",
      bankTypeAccount: 9,
      street: "Nathan Road",
      numberInt: null,
      countryName: "China",
      intermediaryBankCode: "CHASUS33",
      intermediaryAccountType: 9,
    });
  });
});

describe("recipientRejection (§8)", () => {
  const status = (code: string | undefined, message: string, httpStatus = 422) =>
    new UpstreamError("product", "status", "x", { status: httpStatus, code, upstreamMessage: message });
  it("reads the bank's code, or its message", () => {
    expect(recipientRejection(status("BANK_FORMAT", "The bank format is not valid"))).toBe("bankFormat");
    expect(recipientRejection(status(undefined, "The bank format is not valid"))).toBe("bankFormat");
    expect(recipientRejection(status("IBAN", "Parece que hubo un error con el código IBAN..."))).toBe("iban");
    expect(recipientRejection(status(undefined, "Error en IBAN"))).toBe("iban");
    expect(recipientRejection(status("ACCOUNT_NUMBER", "x"))).toBe("account");
    expect(recipientRejection(status("DUPLICATE_ALIAS", "x", 409))).toBe("duplicateAlias");
  });

  it("leaves everything else alone", () => {
    expect(recipientRejection(status("DEST-401", "No se pudo agregar tu destinatario", 500))).toBeNull();
    expect(recipientRejection(new UpstreamError("product", "timeout", "x"))).toBeNull();
    expect(recipientRejection(new Error("x"))).toBeNull();
  });
});

describe("recipientResult (§8 recipient challenge errors)", () => {
  it("token expired and wrong token get their own single-button modals; the rest is informational", () => {
    expect(recipientResult({ kind: "operationError", error: "tokenExpired" })).toEqual({ kind: "tokenExpired" });
    expect(recipientResult({ kind: "operationError", error: "wrongToken" })).toEqual({ kind: "wrongToken" });
    expect(recipientResult({ kind: "operationError", error: "wrongKey" })).toEqual({ kind: "failed" });
    expect(recipientResult({ kind: "timeout", modal: "timeExpired" })).toEqual({ kind: "failed" });
    expect(recipientResult({ kind: "error", title: "x", description: null })).toEqual({ kind: "failed" });
    expect(recipientResult({ kind: "desync" })).toEqual({ kind: "desync" });
  });
});
