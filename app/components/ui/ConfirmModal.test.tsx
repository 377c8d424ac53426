import { describe, expect, it } from "vitest";

import { serverHtml, tags } from "../../../tests/support/server-html";
import { ConfirmModal } from "./ConfirmModal";

const LABELS = { cancel: "Cancelar", confirm: "Eliminar", pending: "Eliminando..." };

const confirm = (open: boolean, error?: string) => (
  <ConfirmModal
    open={open}
    id="eliminar-cosa"
    title="¿Eliminar esta alerta?"
    description="Dejarás de recibir avisos de compra USD/MXN."
    closeHref="/alertas?orden=par"
    fields={{ id: "al-7", version: "3" }}
    intent="eliminar"
    labels={LABELS}
    error={error}
  />
);

describe("ConfirmModal", () => {
  it("closed: nothing in the page", async () => {
    expect(await serverHtml(confirm(false))).toBe("");
  });

  it("open without JS: a labelled dialog, a link back and a POST form with the object's fields", async () => {
    const html = await serverHtml(confirm(true), "/alertas?orden=par&dialogo=eliminar-alerta&alerta=al-7");
    expect(
      tags(html, "div", { role: "dialog", "aria-modal": "true", id: "eliminar-cosa", "aria-labelledby": "eliminar-cosa-titulo" }),
    ).toHaveLength(1);
    expect(html).toContain("¿Eliminar esta alerta?");
    expect(html).toContain("Dejarás de recibir avisos de compra USD/MXN.");
    expect(tags(html, "form", { method: "post" })).toHaveLength(1);
    expect(tags(html, "input", { type: "hidden", name: "csrf", value: "token-de-prueba" })).toHaveLength(1);
    expect(tags(html, "input", { type: "hidden", name: "id", value: "al-7" })).toHaveLength(1);
    expect(tags(html, "input", { type: "hidden", name: "version", value: "3" })).toHaveLength(1);
    // 'Cancelar' is a real link back (the backdrop's link is for the pointer only, hidden from AT).
    const back = tags(html, "a", { href: "/alertas?orden=par" });
    expect(back.filter((tag) => !tag.includes("aria-hidden"))).toHaveLength(1);
    expect(html).toMatch(/<a [^>]*href="\/alertas\?orden=par"[^>]*>Cancelar<\/a>/);
    // The destructive button is the form's only submit and says which intent it is.
    expect(tags(html, "button", { type: "submit" })).toHaveLength(1);
    expect(tags(html, "button", { type: "submit", name: "intent", value: "eliminar" })).toHaveLength(1);
    expect(html).toMatch(/<button [^>]*>Eliminar<\/button>/);
    expect(html).not.toContain('role="alert"');
  });

  it("a refused deletion is said inside the dialog, which stays open", async () => {
    const html = await serverHtml(confirm(true, "No pudimos eliminarla. Intenta de nuevo."));
    expect(html).toMatch(/<p role="alert"[^>]*>No pudimos eliminarla\. Intenta de nuevo\.<\/p>/);
    expect(html.indexOf('role="alert"')).toBeLessThan(html.indexOf("<form"));
  });
});
