import { describe, expect, it } from "vitest";

import { notificationLink } from "./notification-links";
import { NOTIFICATION_MODULES } from "./notifications";

describe("notificationLink", () => {
  it("opens the operation a notification is about, as support's link would", () => {
    expect(notificationLink({ module: "operation", status: "applied", detail: { id: 1260, status: "applied" } })).toEqual({
      href: "/historial-operaciones/1260",
      label: "operation",
    });
    expect(notificationLink({ module: "operation", detail: { id: "1261" } })?.href).toBe("/historial-operaciones/1261");
    // No usable id: the history, never a made-up address.
    for (const id of [0, -4, 1.5, "12a", "../x", null]) {
      expect(notificationLink({ module: "operation", detail: { id } })?.href).toBe("/historial-operaciones");
    }
  });

  it("leads approvals to the approvals screen and a fired alert to the calculator with its pair", () => {
    expect(notificationLink({ module: "operationsToBeApproved", detail: { count: 2 } })).toEqual({
      href: "/aprobaciones",
      label: "approvals",
    });
    expect(notificationLink({ module: "priceAlert", detail: { pair: "EUR/MXN", operation: "sell" } })).toEqual({
      href: "/?operacion=venta&par=EUR%2FMXN",
      label: "calculator",
    });
    expect(notificationLink({ module: "priceAlert", detail: { pair: "javascript:alert(1)" } })).toBeNull();
    expect(notificationLink({ module: "priceAlert", detail: null })).toBeNull();
  });

  it("opens a recipient's drawer, searches it by name without an id, and sends a rejected one to register again", () => {
    expect(notificationLink({ module: "receiver", status: "authorized", detail: { idRecipient: 31, name: "Harinas" } })?.href).toBe(
      "/destinatarios?detalle=B3-31",
    );
    expect(notificationLink({ module: "receiver", detail: { name: "Harinas Selectas de Puebla" } })?.href).toBe(
      "/destinatarios?q=Harinas+Selectas+de+Puebla",
    );
    expect(notificationLink({ module: "receiver", status: "rejected", detail: { idRecipient: 31 } })).toEqual({
      href: "/destinatarios-alta",
      label: "registerAgain",
    });
    expect(notificationLink({ module: "borecipient", detail: { id: 7, name: "Acme" } })?.href).toBe("/destinatarios?detalle=BO-7");
    expect(notificationLink({ module: "borecipient", detail: { companyName: "Acme & Co" } })?.href).toBe("/destinatarios?q=Acme+%26+Co");
  });

  it("leads money received to its account's movements, the planner to the payment's day", () => {
    expect(notificationLink({ module: "movement", detail: [{ id: "m1", idAccount: "A-100234-01" }] })).toEqual({
      href: "/cuentas/A-100234-01",
      label: "account",
    });
    expect(notificationLink({ module: "movement", detail: [{ idAccount: "../../x" }] })).toEqual({ href: "/cuentas", label: "accounts" });
    expect(notificationLink({ module: "planner", detail: { dateToPay: "2026-12-03" } })).toEqual({
      href: "/planner?mes=12&anio=2026&dia=2026-12-03",
      label: "plannerDay",
    });
    expect(notificationLink({ module: "planner", detail: { dateToPay: null } })).toEqual({ href: "/planner", label: "planner" });
  });

  it("keeps an announcement inside the portal", () => {
    expect(notificationLink({ module: "announcement", detail: { path: "/monitoreo-de-divisas" } })?.href).toBe("/monitoreo-de-divisas");
    expect(notificationLink({ module: "announcement", detail: { path: "//evil.example" } })?.href).toBe("/");
    expect(notificationLink({ module: "announcement", detail: { path: "https://evil.example" } })?.href).toBe("/");
  });

  it("gives every module of the centre somewhere to go", () => {
    for (const module of NOTIFICATION_MODULES) {
      const detail = module === "priceAlert" ? { pair: "USD/MXN" } : {};
      expect(notificationLink({ module, detail }), module).not.toBeNull();
    }
    expect(notificationLink({ module: "unknown", detail: {} })).toBeNull();
  });
});
