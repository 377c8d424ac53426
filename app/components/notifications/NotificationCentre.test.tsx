import { describe, expect, it } from "vitest";

import { serverHtml, tags } from "../../../tests/support/server-html";
import type { NotificationCentreView } from "./NotificationCentre";
import { NotificationCentre } from "./NotificationCentre";

const count = (html: string, needle: string) => html.split(needle).length - 1;

const HERE = "/cuentas?drawer=notificaciones&ncat=operation";

const centre: NotificationCentreView = {
  tab: "todas",
  category: "operation",
  categories: ["announcement", "operation", "planner"],
  items: [
    {
      id: "61",
      module: "operation",
      type: "info",
      title: "Compra de divisas enviada",
      copy: "Tu compra de $25,000.00 USD (USD/MXN) se acreditó en tu cuenta Pagos USD.",
      read: false,
      createdAt: "2026-03-10T17:57:00.000Z",
      timeAgo: "hace 3 minutos",
      createdAtText: "martes 10 de marzo de 2026, 11:57",
      anchor: null,
    },
    {
      id: "12",
      module: "operation",
      type: "error",
      title: "Operación devuelta",
      copy: null,
      read: true,
      createdAt: "2026-01-10T17:57:00.000Z",
      timeAgo: "hace 2 meses",
      createdAtText: "sábado 10 de enero de 2026, 11:57",
      anchor: "notificaciones-pagina-2",
    },
  ],
  unreadCount: 7,
  empty: null,
  links: {
    here: HERE,
    close: "/cuentas",
    todas: "/cuentas?drawer=notificaciones&ncat=operation&ntab=todas",
    noLeidas: "/cuentas?drawer=notificaciones&ncat=operation&ntab=no-leidas",
    all: "/cuentas?drawer=notificaciones&ntab=todas",
    loadMore: "/cuentas?drawer=notificaciones&ncat=operation&npag=2#notificaciones-pagina-2",
  },
  filter: { action: "/cuentas", hidden: [{ name: "drawer", value: "notificaciones" }] },
};

describe("NotificationCentre", () => {
  it("renders nothing when the URL does not open it", async () => {
    expect(await serverHtml(<NotificationCentre centre={null} />)).toBe("");
  });

  it("is the 440 px drawer 'Notificaciones' with link tabs", async () => {
    const html = await serverHtml(<NotificationCentre centre={centre} />, HERE);
    expect(html).toMatch(/<h2 id="notificaciones-titulo"[^>]*>Notificaciones<\/h2>/);
    expect(html).toContain("sm:w-drawer-sm");
    expect(tags(html, "a", { href: "/cuentas", "aria-label": "Cerrar Notificaciones" })).toHaveLength(1);
    expect(html).toMatch(/aria-current="page"[^>]*>Todas</);
    expect(tags(html, "a", { href: "/cuentas?drawer=notificaciones&amp;ncat=operation&amp;ntab=no-leidas" })).toHaveLength(1);
    expect(html).toContain(">No leídas<");
  });

  it("filters by category with a GET form that keeps the other params", async () => {
    const html = await serverHtml(<NotificationCentre centre={centre} />, HERE);
    expect(tags(html, "form", { method: "get", action: "/cuentas" })).toHaveLength(1);
    expect(tags(html, "input", { type: "hidden", name: "drawer", value: "notificaciones" })).toHaveLength(1);
    expect(html).toMatch(/<label for="notificaciones-categoria"[^>]*>Categoría<\/label>/);
    expect(tags(html, "select", { id: "notificaciones-categoria", name: "ncat" })).toHaveLength(1);
    expect(html).toContain('<option value="">Todas las categorías</option>');
    expect(html).toMatch(/<option value="operation" selected="">Operaciones<\/option>/);
    expect(html).toContain('<option value="planner">Planificador de pagos</option>');
    expect(html).toMatch(/<button type="submit"[^>]*>Filtrar<\/button>/);
  });

  it("marks each notification with its module's icon, coloured by its type", async () => {
    const item = centre.items[0];
    const items = (["operation", "receiver", "movement", "priceAlert", "profileUpdate", "announcement"] as const).map((module, index) => ({
      ...item,
      id: String(index),
      module,
      type: module === "receiver" ? ("error" as const) : ("info" as const),
    }));
    const html = await serverHtml(<NotificationCentre centre={{ ...centre, items }} />, HERE);
    const marks = html.match(/<span data-module="[^"]+"[^>]*>.*?<\/svg><\/span>/g) ?? [];
    expect(marks).toHaveLength(6);
    // Six modules, six different drawings.
    expect(new Set(marks.map((mark) => mark.replace(/^<span[^>]*>/, ""))).size).toBe(6);
    expect(marks.find((mark) => mark.includes('data-module="receiver"'))).toContain("text-failed");
    expect(marks.find((mark) => mark.includes('data-module="movement"'))).toContain("text-brand-700");
  });

  it("lists title, copy, time ago and the unread marker, with a CSRF-protected 'Marcar como leída' per unread one", async () => {
    const html = await serverHtml(<NotificationCentre centre={centre} />, HERE);
    expect(html).toContain('aria-label="Lista de notificaciones"');
    expect(html).toContain("Compra de divisas enviada");
    expect(html).toContain("se acreditó en tu cuenta Pagos USD.");
    expect(html).toMatch(/<time dateTime="2026-03-10T17:57:00.000Z" title="martes 10 de marzo de 2026, 11:57"[^>]*>hace 3 minutos<\/time>/);
    expect(html).toContain(">hace 2 meses</time>");
    expect(count(html, '<span class="sr-only">No leída</span>')).toBe(1);

    expect(tags(html, "form", { method: "post", action: "/notificaciones" })).toHaveLength(2);
    expect(tags(html, "input", { type: "hidden", name: "intent", value: "leer" })).toHaveLength(1);
    expect(tags(html, "button", { type: "submit", name: "id", value: "61" })).toHaveLength(1);
    expect(tags(html, "button", { name: "id", value: "12" })).toHaveLength(0);
    expect(html).toContain('Marcar como leída<span class="sr-only">: <!-- -->Compra de divisas enviada</span>');
    expect(tags(html, "input", { type: "hidden", name: "csrf", value: "token-de-prueba" })).toHaveLength(2);
    expect(tags(html, "input", { type: "hidden", name: "redirectTo", value: HERE.replace("&", "&amp;") })).toHaveLength(2);
    expect(html).toContain('id="notificaciones-pagina-2"');
  });

  it("offers 'Marcar todas como leídas' and 'Cargar más'", async () => {
    const html = await serverHtml(<NotificationCentre centre={centre} />, HERE);
    expect(tags(html, "button", { type: "submit", name: "intent", value: "leer-todas" })).toHaveLength(1);
    expect(html).toContain("Marcar todas como leídas");
    expect(html).toMatch(
      /<a [^>]*href="\/cuentas\?drawer=notificaciones&amp;ncat=operation&amp;npag=2#notificaciones-pagina-2"[^>]*>Cargar más<\/a>/,
    );
  });

  it("hides both when nothing is unread and there is nothing more", async () => {
    const html = await serverHtml(
      <NotificationCentre centre={{ ...centre, unreadCount: 0, links: { ...centre.links, loadMore: null } }} />,
      HERE,
    );
    expect(html).not.toContain("Marcar todas como leídas");
    expect(html).not.toContain("Cargar más");
  });

  it("says 'No pudimos cargar tus notificaciones' with a link back to the same URL", async () => {
    const html = await serverHtml(
      <NotificationCentre centre={{ ...centre, items: [], empty: "error", unreadCount: 0, links: { ...centre.links, loadMore: null } }} />,
      HERE,
    );
    expect(html).toMatch(/role="alert"[^>]*>.*No pudimos cargar tus notificaciones/s);
    expect(html).toMatch(/<a [^>]*href="\/cuentas\?drawer=notificaciones&amp;ncat=operation"[^>]*>Volver a cargar<\/a>/);
    expect(html).not.toContain("Lista de notificaciones");
    expect(html).not.toContain("Marcar todas como leídas");
  });

  it("says 'Aún no tienes notificaciones' and, under a filter, 'No tienes notificaciones aquí'", async () => {
    const none = await serverHtml(<NotificationCentre centre={{ ...centre, items: [], empty: "none", unreadCount: 0 }} />, HERE);
    expect(none).toContain("Aún no tienes notificaciones");
    expect(none).not.toContain("Volver a cargar");
    // Each says what to do next, with a link.
    expect(none).toMatch(/<a[^>]*href="\/alertas"[^>]*>Crear una alerta de precio<\/a>/);
    const filtered = await serverHtml(<NotificationCentre centre={{ ...centre, items: [], empty: "filtered" }} />, HERE);
    expect(filtered).toContain("No tienes notificaciones aquí");
    expect(filtered).toMatch(/<a[^>]*href="\/cuentas\?drawer=notificaciones&amp;ntab=todas"[^>]*>Ver todas las notificaciones<\/a>/);
    // Something unread elsewhere can still be marked from here.
    expect(filtered).toContain("Marcar todas como leídas");
  });
});
