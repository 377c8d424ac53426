import { describe, expect, it } from "vitest";

import texts from "../locales/es-MX/history.json";
import type { OperationKind, OperationStatus, Tracker } from "./operation-status";
import {
  awaitsAdminApproval,
  displayStatusV1,
  displayStatusV2,
  failureNotice,
  fxTracker,
  isDirectCancellation,
  messageDescription,
  OPERATION_STATUSES,
  outcomeOf,
  showsSettlementBanner,
  statusView,
  trackerFor,
  transferTracker,
  voidedByAdmin,
} from "./operation-status";

/** The Spanish a key resolves to in history.json, with {{pair}} filled. */
function say(key: string | null, pair = "USD/MXN"): string | null {
  if (key === null) return null;
  const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts);
  return String(value).replace("{{pair}}", pair);
}

const v1 = (status: OperationStatus) => say(displayStatusV1(status) && `statusV1.${displayStatusV1(status)}`);
const v2 = (status: OperationStatus, kind: OperationKind) => say(`statusV2.${displayStatusV2(status, kind)}`);

describe("display status v1 (§4)", () => {
  it.each<[OperationStatus, string | null]>([
    ["applied", "Finalizada con éxito"],
    ["appliedNoReceipt", "Finalizada, generando factura"],
    ["fixappliedNoReceipt", "Finalizada, generando factura"],
    ["applying", "En proceso"],
    ["notApplying", "Error"],
    ["notApplied", "Error"],
    ["returned", "Devuelta"],
    ["sent", "Iniciada"],
    // Not in the v1 table.
    ["fixApplying", null],
    ["notAppliedCan", null],
    ["validating", null],
    ["notAppliedByAdmin", null],
  ])("%s → %s", (status, label) => {
    expect(v1(status)).toBe(label);
  });

  it("covers every status code", () => {
    expect(OPERATION_STATUSES).toHaveLength(12);
  });
});

describe("display status v2 (§4) and generic outcome", () => {
  it.each<[OperationStatus, string, string, "success" | "pending" | "failed"]>([
    ["applied", "Enviada", "Enviada", "success"],
    ["appliedNoReceipt", "Enviada", "Enviada", "success"],
    ["fixappliedNoReceipt", "Enviada", "Enviada", "success"],
    ["applying", "Pactada", "Confirmada", "success"],
    ["fixApplying", "Pactada", "Confirmada", "success"],
    ["notApplied", "Anulada", "Anulada", "failed"],
    ["notApplying", "Anulada", "Anulada", "failed"],
    ["notAppliedByAdmin", "Anulada", "Anulada", "failed"],
    ["notAppliedCan", "Cancelada", "Cancelada", "failed"],
    ["returned", "Devuelta", "Devuelta", "failed"],
    ["sent", "En proceso", "En proceso", "pending"],
    ["validating", "En proceso", "En proceso", "pending"],
  ])("%s → buy/sell '%s', transfer '%s', %s", (status, exchange, transfer, outcome) => {
    expect(v2(status, "buy")).toBe(exchange);
    expect(v2(status, "sell")).toBe(exchange);
    expect(v2(status, "transfer")).toBe(transfer);
    expect(statusView(status, "buy").outcome).toBe(outcome);
    expect(statusView(status, "transfer").outcome).toBe(outcome);
  });

  it("maps every v2 label to its outcome", () => {
    expect(outcomeOf("voided")).toBe("failed");
    expect(outcomeOf("cancelled")).toBe("failed");
    expect(outcomeOf("returned")).toBe("failed");
    expect(outcomeOf("inProcess")).toBe("pending");
    expect(outcomeOf("sent")).toBe("success");
    expect(outcomeOf("agreed")).toBe("success");
    expect(outcomeOf("confirmed")).toBe("success");
  });
});

/** "En proceso*" = reached; description after a colon. */
function read(tracker: Tracker, pair = "USD/MXN"): string[] {
  return tracker.steps.map((step) => {
    const label = `${say(step.labelKey)}${step.active ? "*" : ""}`;
    const description = say(step.descriptionKey, pair);
    return description ? `${label}: ${description}` : label;
  });
}

describe("FX tracker (§4), every status", () => {
  it.each<[OperationStatus, string[], string]>([
    ["sent", ["En proceso*: Operación cambiaria en proceso", "Pactada", "Enviada"], "pending"],
    ["validating", ["En proceso*: Operación cambiaria en proceso", "Pactada", "Enviada"], "pending"],
    ["applying", ["En proceso*", "Pactada*: Cambio de divisa USD/MXN exitoso.", "Enviada"], "success"],
    ["fixApplying", ["En proceso*", "Pactada*: Cambio de divisa USD/MXN exitoso.", "Enviada"], "success"],
    [
      "applied",
      ["En proceso*", "Pactada*: Cambio de divisa USD/MXN exitoso.", "Enviada*: Divisa acreditada en la cuenta de destino."],
      "success",
    ],
    [
      "appliedNoReceipt",
      ["En proceso*", "Pactada*: Cambio de divisa USD/MXN exitoso.", "Enviada*: Divisa acreditada en la cuenta de destino."],
      "success",
    ],
    [
      "fixappliedNoReceipt",
      ["En proceso*", "Pactada*: Cambio de divisa USD/MXN exitoso.", "Enviada*: Divisa acreditada en la cuenta de destino."],
      "success",
    ],
    ["notApplied", ["Registrada*: Operación registrada", "Anulada*: Operación anulada"], "failed"],
    ["notApplying", ["Registrada*: Operación registrada", "Anulada*: Operación anulada"], "failed"],
    ["notAppliedByAdmin", ["Registrada*: Operación registrada", "Anulada*: Operación anulada"], "failed"],
    ["notAppliedCan", ["Registrada*: Operación registrada", "Cancelada*: Operación cancelada"], "failed"],
    ["returned", ["Registrada*: Operación registrada", "Devuelta*: Devolución"], "failed"],
  ])("%s", (status, steps, tone) => {
    const tracker = fxTracker(status);
    expect(tracker.kind).toBe("fx");
    expect(read(tracker)).toEqual(steps);
    expect(tracker.tone).toBe(tone);
    expect(trackerFor("sell", status)).toEqual(tracker);
  });

  it("names the pair in 'Pactada'", () => {
    expect(read(fxTracker("applying"), "EUR/USD")[1]).toBe("Pactada*: Cambio de divisa EUR/USD exitoso.");
  });
});

describe("transfer tracker (§4), every status", () => {
  it.each<[OperationStatus, string[], string]>([
    ["sent", ["En proceso*: Transferencia en proceso", "Confirmada", "Enviada"], "pending"],
    ["validating", ["En proceso*: Transferencia en proceso", "Confirmada", "Enviada"], "pending"],
    ["applying", ["Procesada*", "Confirmada*", "Enviada"], "success"],
    ["fixApplying", ["Procesada*", "Confirmada*", "Enviada"], "success"],
    ["applied", ["Procesada*", "Confirmada*", "Enviada*: Dinero enviado a cuenta de destino"], "success"],
    ["appliedNoReceipt", ["Procesada*", "Confirmada*", "Enviada*: Dinero enviado a cuenta de destino"], "success"],
    ["fixappliedNoReceipt", ["Procesada*", "Confirmada*", "Enviada*: Dinero enviado a cuenta de destino"], "success"],
    ["notApplied", ["Registrada*: Operación registrada", "Anulada*: Operación anulada"], "failed"],
    ["notApplying", ["Registrada*: Operación registrada", "Anulada*: Operación anulada"], "failed"],
    ["notAppliedByAdmin", ["Registrada*: Operación registrada", "Anulada*: Operación anulada"], "failed"],
    ["notAppliedCan", ["Registrada*: Operación registrada", "Cancelada*: Operación cancelada"], "failed"],
    ["returned", ["Registrada*: Operación registrada", "Devuelta*: Devolución"], "failed"],
  ])("%s", (status, steps, tone) => {
    const tracker = transferTracker(status);
    expect(tracker.kind).toBe("transfer");
    expect(read(tracker)).toEqual(steps);
    expect(tracker.tone).toBe(tone);
    expect(trackerFor("transfer", status)).toEqual(tracker);
  });
});

describe("tracker of an operation waiting for a person", () => {
  it.each<[OperationKind, OperationStatus, string[]]>([
    ["transfer", "sent", ["En proceso", "Confirmada", "Enviada"]],
    ["transfer", "validating", ["En proceso", "Confirmada", "Enviada"]],
    ["buy", "sent", ["En proceso", "Pactada", "Enviada"]],
    ["sell", "validating", ["En proceso", "Pactada", "Enviada"]],
  ])("%s %s reaches no step while it waits for approval, a token or a key", (kind, status, steps) => {
    const tracker = trackerFor(kind, status, true);
    expect(read(tracker)).toEqual(steps);
    expect(tracker.tone).toBe("pending");
  });

  it("reads as usual once the bank has it", () => {
    expect(trackerFor("transfer", "applying", true)).toEqual(transferTracker("applying"));
    expect(trackerFor("buy", "notAppliedByAdmin", true)).toEqual(fxTracker("notAppliedByAdmin"));
    expect(trackerFor("transfer", "sent", false)).toEqual(transferTracker("sent"));
  });
});

const entry = (status: string, message: string | null = null) => ({ status, message });

describe("direct cancellation (§4)", () => {
  it("is a failed operation whose binnacle has one entry", () => {
    expect(isDirectCancellation("notApplied", [entry("notApplied")])).toBe(true);
    expect(isDirectCancellation("notAppliedCan", [entry("sent")])).toBe(true);
    expect(isDirectCancellation("notApplying", [entry("challenge")])).toBe(true);
  });

  it("or whose entries are all notApplied or notAppliedCan", () => {
    expect(isDirectCancellation("notAppliedCan", [entry("notAppliedCan"), entry("notAppliedCan")])).toBe(true);
    expect(isDirectCancellation("notApplied", [entry("notApplied"), entry("notAppliedCan"), entry("notApplied")])).toBe(true);
  });

  it("is not an operation that went further before failing", () => {
    expect(isDirectCancellation("notApplied", [entry("sent"), entry("challenge"), entry("applying"), entry("notApplied")])).toBe(false);
    expect(isDirectCancellation("notApplied", [])).toBe(false);
  });

  it("is never an operation that did not fail, nor one voided by the administrator or returned", () => {
    for (const status of [
      "sent",
      "validating",
      "applying",
      "fixApplying",
      "applied",
      "appliedNoReceipt",
      "fixappliedNoReceipt",
      "returned",
      "notAppliedByAdmin",
    ] as const) {
      expect(isDirectCancellation(status, [entry("notApplied")])).toBe(false);
    }
  });
});

describe("notices (§4)", () => {
  it("'Por aprobar' while a flagged operation waits, not after", () => {
    expect(awaitsAdminApproval({ status: "sent", requiresAdminApproval: true })).toBe(true);
    expect(awaitsAdminApproval({ status: "validating", requiresAdminApproval: true })).toBe(true);
    expect(awaitsAdminApproval({ status: "sent", requiresAdminApproval: false })).toBe(false);
    expect(awaitsAdminApproval({ status: "applied", requiresAdminApproval: true })).toBe(false);
    expect(awaitsAdminApproval({ status: "notAppliedByAdmin", requiresAdminApproval: true })).toBe(false);
  });

  it("'Anulada' by the administrator only for notAppliedByAdmin", () => {
    expect(OPERATION_STATUSES.filter(voidedByAdmin)).toEqual(["notAppliedByAdmin"]);
    expect(texts.notice.voidedByAdmin).toEqual({ title: "Anulada", copy: "El usuario administrador eliminó esta operación." });
  });

  it("a returned transfer is refunded to the account; a buy/sell through online banking, with its reason", () => {
    const transfer = failureNotice({ kind: "transfer", status: "returned", reasonReturned: "Cuenta cancelada", binnacle: [] });
    expect(transfer).toEqual({
      titleKey: "notice.returned.title",
      copyKey: "notice.returned.transfer",
      copyText: null,
      reason: "Cuenta cancelada",
      link: null,
    });
    const sell = failureNotice({ kind: "sell", status: "returned", reasonReturned: "Cuenta cancelada", binnacle: [] });
    expect(sell).toMatchObject({ copyKey: "notice.returned.exchange", reason: "Cuenta cancelada", link: "bankPortal" });
    expect(say("notice.returned.title")).toBe("Devolución");
  });

  it("a direct cancellation by the person says 'Cancelaste la operación.'", () => {
    const notice = failureNotice({
      kind: "buy",
      status: "notAppliedCan",
      reasonReturned: null,
      binnacle: [entry("notAppliedCan", "Movimiento cancelado por el usuario")],
    });
    expect(say(notice?.titleKey ?? null)).toBe("Operación cancelada");
    expect(say(notice?.copyKey ?? null)).toBe("Cancelaste la operación.");
  });

  it("a voided direct cancellation shows the binnacle's message, else the §8 fallback", () => {
    const withMessage = failureNotice({
      kind: "buy",
      status: "notApplied",
      reasonReturned: null,
      binnacle: [entry("notApplied", "Error de autenticación|La clave de operación es incorrecta")],
    });
    expect(withMessage).toMatchObject({ titleKey: "notice.voided.title", copyText: "La clave de operación es incorrecta", copyKey: null });
    const without = failureNotice({ kind: "transfer", status: "notApplied", reasonReturned: null, binnacle: [entry("notApplied")] });
    expect(say(without?.copyKey ?? null)).toBe("Hubo un problema al confirmar la operación");
  });

  it("no badge for an operation that failed later, nor for one that did not fail", () => {
    const later = [entry("sent"), entry("challenge"), entry("applying"), entry("notApplied", "Fondos insuficientes|Sin saldo")];
    expect(failureNotice({ kind: "buy", status: "notApplied", reasonReturned: null, binnacle: later })).toBeNull();
    expect(failureNotice({ kind: "buy", status: "applied", reasonReturned: null, binnacle: [entry("applied")] })).toBeNull();
  });

  it("takes the description part of 'title|description' messages", () => {
    expect(messageDescription("Fondos insuficientes|La cuenta no tiene saldo")).toBe("La cuenta no tiene saldo");
    expect(messageDescription("Movimiento cancelado por el usuario")).toBe("Movimiento cancelado por el usuario");
    expect(messageDescription("")).toBeNull();
    expect(messageDescription(null)).toBeNull();
  });
});

describe("settlement banner (§4)", () => {
  it.each<[OperationStatus, boolean]>([
    ["applied", true],
    ["appliedNoReceipt", true],
    ["applying", true],
    ["fixappliedNoReceipt", true],
    ["fixApplying", false],
    ["sent", false],
    ["validating", false],
    ["notApplied", false],
    ["notAppliedCan", false],
    ["notApplying", false],
    ["returned", false],
    ["notAppliedByAdmin", false],
  ])("%s → %s", (status, shown) => {
    expect(showsSettlementBanner(status, "2026-11-23")).toBe(shown);
    expect(showsSettlementBanner(status, null)).toBe(false);
  });

  it("reads 'Llegada aproximada | date'", () => {
    expect(texts.settlement.replace("{{date}}", "lunes 23, noviembre")).toBe("Llegada aproximada | lunes 23, noviembre");
  });
});
