import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";

import type { OperationStatus } from "./operation-status";
import { OPERATION_STATUSES } from "./operation-status";
import type { ShareSubject } from "./share-form";
import { emailTemplate, selectableOptions, shareFormSchema, shareRules, showsPreviewButton } from "./share-form";

/** The messages of a submission that failed (undefined when it passed). */
function errorsOf(submission: { status?: string; error?: unknown }) {
  return submission.status === "success" ? undefined : submission.error;
}

const subject = (overrides: Partial<ShareSubject> = {}): ShareSubject => ({
  status: "applied",
  referenceGFB: "GFB-20261120-001019",
  estimatedDate: "2026-11-23",
  receiptPdfAvailable: true,
  ...overrides,
});

describe("share checkboxes (§5)", () => {
  it("the receipt is disabled while sent/validating or without a PDF", () => {
    for (const status of OPERATION_STATUSES) {
      const rule = shareRules(subject({ status })).invoiceFxn;
      expect(rule.visible).toBe(true);
      expect(rule.enabled).toBe(status !== "sent" && status !== "validating");
    }
    expect(shareRules(subject({ receiptPdfAvailable: false })).invoiceFxn.enabled).toBe(false);
  });

  it("the Base invoice is enabled only when applied with a GFB reference", () => {
    for (const status of OPERATION_STATUSES) {
      expect(shareRules(subject({ status })).invoiceGfb).toEqual({ visible: true, enabled: status === "applied" });
    }
    expect(shareRules(subject({ referenceGFB: null })).invoiceGfb.enabled).toBe(false);
  });

  it("the estimated arrival hides without a date, when returned, or when sent/validating without the invoice", () => {
    const arrival = (overrides: Partial<ShareSubject>) => shareRules(subject(overrides)).estimatedArrival.visible;
    expect(arrival({})).toBe(true);
    expect(arrival({ estimatedDate: null })).toBe(false);
    expect(arrival({ status: "returned" })).toBe(false);
    expect(arrival({ status: "sent", referenceGFB: null })).toBe(false);
    expect(arrival({ status: "validating" })).toBe(false);
    for (const status of [
      "applying",
      "appliedNoReceipt",
      "fixappliedNoReceipt",
      "fixApplying",
      "notApplied",
      "notAppliedCan",
    ] as OperationStatus[]) {
      expect(arrival({ status })).toBe(true);
    }
  });

  it("lists what may be chosen, and the preview button follows the checkbox", () => {
    expect(selectableOptions(shareRules(subject()))).toEqual(["invoiceFxn", "invoiceGfb", "estimatedArrival"]);
    expect(selectableOptions(shareRules(subject({ status: "sent", referenceGFB: null })))).toEqual([]);
    const rules = shareRules(subject());
    expect(showsPreviewButton(rules, true)).toBe(true);
    expect(showsPreviewButton(rules, false)).toBe(false);
    expect(showsPreviewButton(shareRules(subject({ estimatedDate: null })), true)).toBe(false);
  });
});

function submit(fields: Record<string, string>, selectable = selectableOptions(shareRules(subject()))) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return parseWithZod(form, { schema: shareFormSchema(selectable) });
}

describe("share form schema (§5)", () => {
  it("accepts an address and one option", () => {
    const result = submit({ email: " tesoreria@empresa.mx ", invoiceFxn: "on" });
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({
      email: "tesoreria@empresa.mx",
      invoiceFxn: true,
      invoiceGfb: false,
      estimatedArrival: false,
    });
  });

  it("says '*Este campo es requerido.' without an address", () => {
    expect(errorsOf(submit({ invoiceFxn: "on" }))).toEqual({ email: ["*Este campo es requerido."] });
    expect(errorsOf(submit({ email: "  ", invoiceFxn: "on" }))).toEqual({ email: ["*Este campo es requerido."] });
  });

  it("says '*Debes de ingresar un email valido.' for a bad address", () => {
    const controls = ["ana@empresa.mx\u0007", "ana\u200b@empresa.mx", "ana@empresa..mx", "ana@empresa.m!x"];
    for (const email of ["ana", "ana@", "ana@empresa", "ana @empresa.mx", `${"a".repeat(250)}@x.mx`, ...controls]) {
      expect(errorsOf(submit({ email, invoiceFxn: "on" }))).toEqual({ email: ["*Debes de ingresar un email valido."] });
    }
  });

  it("says 'Selecciona al menos una opción' without any option", () => {
    expect(errorsOf(submit({ email: "ana@empresa.mx" }))).toEqual({ "": ["Selecciona al menos una opción"] });
  });

  it("ignores an option that may not be chosen (a forged checkbox)", () => {
    const result = submit({ email: "ana@empresa.mx", invoiceGfb: "on" }, ["invoiceFxn"]);
    expect(errorsOf(result)).toEqual({ "": ["Selecciona al menos una opción"] });
  });

  it("picks the estimated-arrival template when chosen", () => {
    expect(emailTemplate({ estimatedArrival: true })).toBe("estimatedArrival");
    expect(emailTemplate({ estimatedArrival: false })).toBe("sendReceipts");
  });
});
