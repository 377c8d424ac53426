import { describe, expect, it } from "vitest";

import {
  collaboratorPermissionsSchema,
  formValuesOf,
  permissionIdsOf,
  permissionNamesOf,
  permissionSummary,
  whatsappLabel,
} from "./collaborator-permissions";
import { PERMISSIONS } from "./permissions";

const CATALOGUE = [
  { id: 1, name: "send_money_to_own_accounts" },
  { id: 2, name: "send_money_to_third_accounts" },
  { id: 3, name: "can_create_operations" },
  { id: 4, name: "can_execute_operations" },
];

const parse = (fields: Record<string, string>) => collaboratorPermissionsSchema.safeParse(fields);

describe("the collaborator permissions form (§5/§6)", () => {
  it("defaults to nothing granted and the 'none' radio", () => {
    const result = parse({});
    expect(result.success && result.data).toEqual({ ownAccounts: false, thirdAccounts: false, operationMode: "none" });
    expect(result.success && permissionNamesOf(result.data)).toEqual([]);
  });

  it("refuses either radio without third-party sending, with its message on the radios", () => {
    for (const operationMode of ["create", "execute"]) {
      const result = parse({ ownAccounts: "on", operationMode });
      expect(result.success).toBe(false);
      if (!result.success) {
        expect(result.error.issues[0].path).toEqual(["operationMode"]);
        expect(result.error.issues[0].message).toBe("Activa el envío a cuentas de terceros para elegir esta opción.");
      }
    }
  });

  it("grants the radio's permission with third-party sending, never both radios", () => {
    const create = parse({ thirdAccounts: "on", operationMode: "create" });
    expect(create.success && permissionNamesOf(create.data)).toEqual(["send_money_to_third_accounts", "can_create_operations"]);
    const execute = parse({ ownAccounts: "on", thirdAccounts: "on", operationMode: "execute" });
    expect(execute.success && permissionIdsOf(permissionNamesOf(execute.data), CATALOGUE)).toEqual([1, 2, 4]);
  });

  it("refuses values a checkbox or the radio group cannot send", () => {
    expect(parse({ ownAccounts: "yes" }).success).toBe(false);
    expect(parse({ thirdAccounts: "on", operationMode: "both" }).success).toBe(false);
  });

  it("shows the current names as the form's values; a radio without third-party sending reads as 'none'", () => {
    expect(formValuesOf(["send_money_to_own_accounts", "can_create_operations"])).toEqual({
      ownAccounts: "on",
      thirdAccounts: "",
      operationMode: "none",
    });
    expect(formValuesOf(["send_money_to_third_accounts", "can_execute_operations"]).operationMode).toBe("execute");
  });

  it("maps names to the catalogue's ids, or null when one is unknown", () => {
    expect(permissionIdsOf(["send_money_to_third_accounts"], CATALOGUE)).toEqual([2]);
    expect(permissionIdsOf(["unknown"], CATALOGUE)).toBeNull();
  });

  it("writes WhatsApp as +code and 10 digits, or null", () => {
    expect(whatsappLabel("524771234567")).toBe("+52 4771234567");
    expect(whatsappLabel(null)).toBeNull();
    expect(whatsappLabel("123")).toBeNull();
  });
});

describe("a collaborator's permissions in the list", () => {
  it("says yes or no for each kind of account and, with third parties on, what may be done there", () => {
    expect(permissionSummary([PERMISSIONS.ownAccounts, PERMISSIONS.thirdAccounts, PERMISSIONS.createOperations])).toEqual([
      "Cuentas propias: sí",
      "Cuentas de terceros: sí",
      "Puede cargar transferencias",
    ]);
    expect(permissionSummary([PERMISSIONS.thirdAccounts, PERMISSIONS.executeOperations])).toEqual([
      "Cuentas propias: no",
      "Cuentas de terceros: sí",
      "Puede enviar transferencias y compra-venta de divisas",
    ]);
    expect(permissionSummary([PERMISSIONS.thirdAccounts])).toEqual([
      "Cuentas propias: no",
      "Cuentas de terceros: sí",
      "Operaciones a terceros: ninguna",
    ]);
  });

  it("never names an operation mode without third parties, as the drawer", () => {
    expect(permissionSummary([PERMISSIONS.ownAccounts, PERMISSIONS.executeOperations])).toEqual([
      "Cuentas propias: sí",
      "Cuentas de terceros: no",
    ]);
    expect(permissionSummary([])).toEqual(["Cuentas propias: no", "Cuentas de terceros: no"]);
  });
});
