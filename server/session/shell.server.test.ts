import { describe, expect, it } from "vitest";

import { needsPermissionsFeature } from "./shell.server";
import type { SessionData } from "./types";

/** The sidebar's approve label (decision 060): the permissions feature is read once per administrator's session and company. */
const companies: SessionData["companies"] = [
  { clientId: "100234", name: "Importadora", businessName: "Importadora del Bajío S.A. de C.V.", profileType: "ADMINISTRADOR" },
  { clientId: "100871", name: "Logística", businessName: "Logística Pacífico Norte S.A. de C.V.", profileType: "ADMINISTRADOR" },
  { clientId: "200115", name: "Otra", businessName: "Otra S.A. de C.V.", profileType: "COLABORADOR" },
];

describe("needsPermissionsFeature", () => {
  it("asks at an administrator's first page, and not again for the same company", () => {
    expect(needsPermissionsFeature({ companies, companyId: "100234" })).toBe(true);
    expect(needsPermissionsFeature({ companies, companyId: "100234", permissionsFeature: { companyId: "100234", enabled: false } })).toBe(
      false,
    );
  });

  it("asks again after a company change", () => {
    expect(needsPermissionsFeature({ companies, companyId: "100871", permissionsFeature: { companyId: "100234", enabled: true } })).toBe(
      true,
    );
  });

  it("never asks for a collaborator, whose item does not change, nor without a session's company", () => {
    expect(needsPermissionsFeature({ companies, companyId: "200115" })).toBe(false);
    expect(needsPermissionsFeature({})).toBe(false);
  });
});
