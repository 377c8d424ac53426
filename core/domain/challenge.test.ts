import { describe, expect, it } from "vitest";

import { challengeModalType, challengeOutcome, operationError, splitChallengeMessage, timeoutModal, withoutFreeText } from "./challenge";

describe("challenge modal type (§4)", () => {
  it("reads time, insufficiency or anything else", () => {
    expect(challengeModalType("Se agotó el TIEMPO para confirmar")).toBe("timeout");
    expect(challengeModalType("Saldo insuficiente|Revisa tu cuenta")).toBe("insufficient");
    expect(challengeModalType("Algo falló")).toBe("error");
  });

  it("picks the retries-limit modal only when retries equal 1", () => {
    expect(timeoutModal(1)).toBe("retriesLimit");
    expect(timeoutModal(2)).toBe("timeExpired");
    expect(timeoutModal(0)).toBe("timeExpired");
  });
});

describe("splitChallengeMessage", () => {
  it("splits at the first '|'", () => {
    expect(splitChallengeMessage("Título|Descripción|más")).toEqual({ title: "Título", description: "Descripción|más" });
    expect(splitChallengeMessage("Solo título")).toEqual({ title: "Solo título", description: null });
    expect(splitChallengeMessage("Título| ")).toEqual({ title: "Título", description: null });
  });
});

describe("operation errors by substring (§8)", () => {
  it("maps each bank message", () => {
    expect(operationError("Error: La clave de operación es incorrecta")).toBe("wrongKey");
    expect(operationError("Token válido, usuario no autenticado con la clave dinámica")).toBe("wrongToken");
    expect(operationError("Token válido, usuario no autenticado con la clave dinámica. Verifique e intente nuevamente")).toBe(
      "tokenExpired",
    );
    expect(operationError("Servicio no disponible, intente más tarde")).toBe("unavailable");
    expect(operationError("La operación fue cancelado por el usuario")).toBe("desync");
    expect(operationError("Otro error")).toBeNull();
  });
});

describe("challengeOutcome", () => {
  const outcome = (res: string, msg: string, retries = 0) => challengeOutcome({ res, msg, retries });
  it("is a success only for res 0", () => {
    expect(outcome("0", "Operación autorizada")).toEqual({ kind: "success" });
  });

  it("lets the §8 substring errors win over the modal type", () => {
    expect(outcome("1", "Error de autenticación|La clave de operación es incorrecta")).toEqual({
      kind: "operationError",
      error: "wrongKey",
    });
    expect(outcome("7", "Movimiento cancelado por el usuario")).toEqual({ kind: "desync" });
  });

  it("follows §8's messages with a help link before the wording rule", () => {
    expect(outcome("8", "Privilegios de mancomunación insuficientes")).toEqual({
      kind: "help",
      topic: "jointSignatureInsufficient",
      target: "bank",
    });
    expect(outcome("8", "Cliente no autorizado a operar spot")).toEqual({ kind: "help", topic: "spotNotAuthorized", target: "whatsapp" });
    expect(outcome("8", "Monto diario de la cuenta excedido|Supera tu límite")).toEqual({
      kind: "help",
      topic: "accountDailyAmountExceeded",
      target: "bank",
    });
  });

  it("picks the timeout modal by retries, then insufficient, then a split error", () => {
    expect(outcome("5", "Se agotó el tiempo|Vuelve a intentarlo", 1)).toEqual({ kind: "timeout", modal: "retriesLimit" });
    expect(outcome("5", "Se agotó el tiempo|Vuelve a intentarlo", 2)).toEqual({ kind: "timeout", modal: "timeExpired" });
    expect(outcome("6", "Fondos insuficientes|Sin saldo")).toEqual({ kind: "insufficient" });
    expect(outcome("9", "Rechazada|Por políticas del banco")).toEqual({
      kind: "error",
      title: "Rechazada",
      description: "Por políticas del banco",
    });
    expect(outcome("9", "")).toEqual({ kind: "error", title: null, description: null });
  });
});

describe("withoutFreeText", () => {
  it("drops the generic error's texts and keeps every catalogue outcome", () => {
    expect(withoutFreeText({ kind: "error", title: "Llama al 55 0000 0000", description: "Tu cuenta fue bloqueada" })).toEqual({
      kind: "error",
      title: null,
      description: null,
    });
    for (const outcome of [
      { kind: "success" },
      { kind: "desync" },
      { kind: "insufficient" },
      { kind: "timeout", modal: "timeExpired" },
      { kind: "operationError", error: "wrongKey" },
      { kind: "help", topic: "spotNotAuthorized", target: "whatsapp" },
    ] as const) {
      expect(withoutFreeText(outcome)).toEqual(outcome);
    }
  });
});
