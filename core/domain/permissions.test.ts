import { describe, expect, it } from "vitest";

import { canDeleteRecipients, canOperate, canSendToRecipients, PERMISSIONS } from "./permissions";

const collaborator = (...permissions: string[]) => ({ profileType: "COLABORADOR" as const, permissions });

describe("canOperate (§6)", () => {
  it("lets administrators do everything", () => {
    const admin = { profileType: "ADMINISTRADOR" as const, permissions: [] };
    expect(canOperate(admin, { kind: "transfer", toRecipient: true })).toBe(true);
    expect(canOperate(admin, { kind: "buy", toRecipient: false })).toBe(true);
  });

  it("needs 'own accounts' for buy, sell and transfers between own accounts", () => {
    const own = collaborator(PERMISSIONS.ownAccounts);
    expect(canOperate(own, { kind: "buy", toRecipient: false })).toBe(true);
    expect(canOperate(own, { kind: "sell", toRecipient: false })).toBe(true);
    expect(canOperate(own, { kind: "transfer", toRecipient: false })).toBe(true);
    expect(canOperate(collaborator(), { kind: "buy", toRecipient: false })).toBe(false);
  });

  it("needs 'third accounts' to send to a recipient", () => {
    expect(canOperate(collaborator(PERMISSIONS.ownAccounts), { kind: "transfer", toRecipient: true })).toBe(false);
    expect(canOperate(collaborator(PERMISSIONS.thirdAccounts), { kind: "transfer", toRecipient: true })).toBe(true);
    expect(canSendToRecipients(collaborator(PERMISSIONS.ownAccounts))).toBe(false);
  });
});

describe("canDeleteRecipients (decision 028)", () => {
  it("lets administrators and collaborators with third-party sending delete, nobody else", () => {
    expect(canDeleteRecipients({ profileType: "ADMINISTRADOR", permissions: [] })).toBe(true);
    expect(canDeleteRecipients(collaborator(PERMISSIONS.thirdAccounts))).toBe(true);
    expect(canDeleteRecipients(collaborator(PERMISSIONS.ownAccounts, PERMISSIONS.createOperations, PERMISSIONS.executeOperations))).toBe(
      false,
    );
    expect(canDeleteRecipients(collaborator())).toBe(false);
  });
});
