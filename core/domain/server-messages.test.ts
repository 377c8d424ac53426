import { describe, expect, it } from "vitest";

import { catalogueText, serverMessageHelp } from "./server-messages";

describe("serverMessageHelp (§8 server messages with a help link)", () => {
  it.each([
    ["Cliente no autorizado a operar spot", "spotNotAuthorized", "whatsapp"],
    ["Privilegios de mancomunación insuficientes", "jointSignatureInsufficient", "bank"],
    ["PRIVILEGIOS DE MANCOMUNACION INSUFICIENTES", "jointSignatureInsufficient", "bank"],
    ["Se requiere una firma adicional para autorizar|Otro firmante debe autorizar la operación", "extraSignatureRequired", "bank"],
    ["Additional authorizing signature required", "extraSignatureRequired", "bank"],
    ["Dirección del destinatario incompleta|Completa su domicilio", "recipientAddressIncomplete", "bank"],
    ["El domicilio del destinatario está incompleto", "recipientAddressIncomplete", "bank"],
    ["Monto diario del destinatario excedido", "recipientDailyAmountExceeded", "bank"],
    ["Monto mensual del destinatario excedido", "recipientMonthlyAmountExceeded", "bank"],
    ["Monto diario de la cuenta excedido", "accountDailyAmountExceeded", "bank"],
    ["Monto por operación de la cuenta excedido", "accountTransactionAmountExceeded", "bank"],
    ["Monto por transacción de la cuenta excedido", "accountTransactionAmountExceeded", "bank"],
    ["Token desincronizado, sincronízalo en tu banca en línea", "tokenOutOfSync", "bank"],
    ["Token out of sync", "tokenOutOfSync", "bank"],
  ])("%s → %s", (message, topic, target) => {
    expect(serverMessageHelp(message)).toEqual({ topic, target });
  });

  it("leaves every other message alone", () => {
    for (const message of [
      "",
      "Operación autorizada",
      "Error de autenticación|La clave de operación es incorrecta",
      "Servicio no disponible, intenta más tarde",
      "Monto excedido",
      "Cuenta bloqueada",
    ]) {
      expect(serverMessageHelp(message)).toBeNull();
    }
  });

  it("a recipient's limit is not read as the account's", () => {
    expect(serverMessageHelp("Monto diario del destinatario excedido para esta cuenta")?.topic).toBe("recipientDailyAmountExceeded");
  });
});

describe("catalogueText", () => {
  const catalogue = [{ code: "SPT-001", message: "Cliente no autorizado a operar spot" }];

  it("takes the catalogue's wording for a known code", () => {
    expect(catalogueText(catalogue, "SPT-001", "not authorized")).toBe("Cliente no autorizado a operar spot");
  });

  it("keeps the message when the code is unknown, missing or the catalogue unavailable", () => {
    expect(catalogueText(catalogue, "XXX-999", "as sent")).toBe("as sent");
    expect(catalogueText(catalogue, undefined, "as sent")).toBe("as sent");
    expect(catalogueText(null, "SPT-001", "as sent")).toBe("as sent");
  });
});
