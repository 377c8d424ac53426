import { readFileSync } from "node:fs";

import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
// Remix renders on react-router's data router; its static flavour is what a server render uses.
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

import { activeBanners } from "#core/domain/announcements";
import { mexicoCity } from "#core/domain/dates";
import { recipientViews } from "#core/domain/recipients";
import { THEME_CHOICES } from "#core/domain/theme";
import { useForm } from "~/components/ui/use-form";
import { resources } from "~/i18n.server";
import { loadEveryOnDemand } from "~/utils/on-demand";

import { RecipientsTable } from "./recipients/RecipientsTable";
import { AppShell } from "./shell/AppShell";
import { BrandedPage } from "./shell/BrandedPage";
import { CompanyChangeError } from "./shell/CompanyChangeError";
import { LogoutDialog } from "./shell/LogoutDialog";
import { Notices } from "./shell/Notices";
import { SessionExpiredNotice } from "./shell/SessionExpiredNotice";
import { type SettingsContact, SettingsDrawer } from "./shell/SettingsDrawer";
import type { SidebarProps } from "./shell/Sidebar";
import { isCurrentItem } from "./shell/Sidebar";
import { TopBar } from "./shell/TopBar";
import { CheckboxField } from "./ui/CheckboxField";
import { Drawer } from "./ui/Drawer";
import { EmptyState } from "./ui/EmptyState";
import { Field } from "./ui/Field";
import { FileField } from "./ui/FileField";
import { FoldingFilters } from "./ui/FoldingFilters";
import { Modal } from "./ui/Modal";
import { Money } from "./ui/Money";
import { SelectField } from "./ui/SelectField";
import { Splash } from "./ui/Splash";
import { SPLASH_MS, WELCOME_MS } from "./ui/splash-timing";
import { SubmitButton } from "./ui/SubmitButton";
import { Tabs } from "./ui/Tabs";
import { Toast } from "./ui/Toast";

/** The HTML a browser with JS off receives for `element` rendered at `url`. */
async function serverHtml(element: ReactElement, url = "/"): Promise<string> {
  const handler = createStaticHandler([{ path: "*", element, handle: { namespaces: resources } }]);
  const context = await handler.query(new Request(`http://portal.test${url}`));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const count = (html: string, needle: string) => html.split(needle).length - 1;

/** The start tags of element `name` that carry every given attribute (attribute order ignored). */
function tags(html: string, name: string, attributes: Record<string, string>): string[] {
  const all = html.match(new RegExp(`<${name}\\b[^>]*>`, "g")) ?? [];
  return all.filter((tag) => Object.entries(attributes).every(([key, value]) => tag.includes(` ${key}="${value}"`)));
}

const sidebar: SidebarProps = {
  items: [
    { key: "dashboard", label: "Operar", href: "/", icon: "dashboard" },
    { key: "planner", label: "Gestión de pagos", href: "/planner", icon: "planner", badge: "Nueva Función" },
    { key: "receivers", label: "Destinatarios", href: "/destinatarios", icon: "receivers" },
    { key: "market", label: "Mercados", href: "https://example.test/mercados", icon: "market", external: true },
  ],
  currentPath: "/planner",
  phone: "55 1234 5678",
  userShortName: "Ana M.",
  avatarInitials: "AM",
  settingsHref: "/?drawer=configuracion",
  logoutHref: "/?dialogo=cerrar-sesion",
};

describe("Drawer", () => {
  it("renders nothing when closed", async () => {
    const html = await serverHtml(
      <Drawer open={false} title="Notificaciones" closeHref="/">
        contenido
      </Drawer>,
    );
    expect(html).toBe("");
  });

  it("is a labelled modal dialog with a backdrop link named 'Cerrar'", async () => {
    const html = await serverHtml(
      <Drawer open id="notificaciones" title="Notificaciones" closeHref="/cuentas" width="md" footer={<p>pie</p>}>
        <p>contenido</p>
      </Drawer>,
    );
    expect(html).toContain('role="dialog"');
    expect(html).toContain('aria-modal="true"');
    expect(html).toContain('aria-labelledby="notificaciones-titulo"');
    expect(html).toMatch(/<h2 id="notificaciones-titulo"[^>]*>Notificaciones<\/h2>/);
    expect(tags(html, "a", { href: "/cuentas", "aria-label": "Cerrar" })).toHaveLength(1);
    expect(html).toContain('aria-label="Cerrar Notificaciones"');
    expect(html).toContain("sm:w-drawer-md");
    expect(html).toContain("<p>pie</p>");
    expect(html).toContain("data-scroll-lock");
  });
});

describe("Modal", () => {
  it("without closeHref has no way out but its actions", async () => {
    const html = await serverHtml(
      <Modal open title="¿Aún estás ahí?" description="Detectamos inactividad">
        <button type="submit">Cerrar sesión</button>
      </Modal>,
    );
    expect(html).toContain('role="dialog"');
    expect(html).not.toContain("href=");
    expect(html).toMatch(/aria-describedby="[^"]+-descripcion"/);
  });

  it("rises and fades in when opened from a page, and is drawn in place when it comes with the page", async () => {
    const opened = await serverHtml(<Modal open title="Aviso" closeHref="/" />);
    expect(opened).toContain("fxn-modal ");
    expect(count(opened, "fxn-backdrop ")).toBe(1);
    const withPage = await serverHtml(<Modal open withPage title="Aviso" closeHref="/" />);
    expect(withPage).toContain('role="dialog"');
    expect(withPage).not.toContain("fxn-modal");
    expect(withPage).not.toContain("fxn-backdrop");
  });
});

describe("Toast", () => {
  // The card is on demand (decision 075): the server loads every on-demand part before it renders.
  beforeAll(() => loadEveryOnDemand());

  it("renders a status with a close control, hidden after 5 s by the stylesheet's rules", async () => {
    const html = await serverHtml(<Toast toast={{ id: "t1", type: "success", title: "Listo", description: "Guardado" }} />);
    expect(html).toMatch(/role="status"[^>]*>.*Listo.*Guardado/s);
    expect(html).toContain('aria-label="Cerrar notificación"');
    expect(html).toContain("--fxn-toast-ms:5000ms");
    expect(html).toContain('class="fxn-toast ');
    expect(html).not.toContain("<style");
    const css = readFileSync(new URL("../tailwind.css", import.meta.url), "utf8");
    expect(css).toMatch(/\.fxn-toast \{\s*animation: fxn-toast-life var\(--fxn-toast-ms, 5000ms\) linear forwards;/);
    expect(css).toMatch(/\.fxn-toast:hover,\s*\.fxn-toast:focus-within \{\s*animation-play-state: paused;/);
  });

  it("puts errors in the alert region", async () => {
    const html = await serverHtml(<Toast toast={{ id: "t2", type: "error", title: "Ocurrió un error." }} />);
    // The card sits in its on-demand wrapper (`display: contents`), right inside the alert region.
    expect(html).toMatch(/role="alert"[^>]*><div data-on-demand="aviso-toast" class="contents"><details/);
  });

  it("keeps both regions even with no toast", async () => {
    const html = await serverHtml(<Toast toast={null} />);
    expect(html).toContain('role="status"');
    expect(html).not.toContain("<details");
  });
});

describe("Field and SubmitButton", () => {
  it("ties errors to the input", async () => {
    const html = await serverHtml(
      <Field label="Alias" meta={{ id: "alias", name: "alias", errors: ["Ingresa un alias distinto al actual."] }} />,
    );
    expect(html).toContain('<label for="alias"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="alias-error"');
    expect(html).toMatch(/<ul id="alias-error"[^>]*text-failed[^>]*><li>Ingresa un alias distinto al actual\.<\/li>/);
  });

  it("has no aria-invalid without errors", async () => {
    const html = await serverHtml(<Field label="Alias" meta={{ id: "a", name: "alias" }} description="Hasta 40" />);
    expect(html).not.toContain("aria-invalid");
    expect(html).toContain('aria-describedby="a-descripcion"');
  });

  it("is a plain submit button on the server", async () => {
    const html = await serverHtml(
      <SubmitButton name="intent" value="save" pendingText="Guardando...">
        Guardar
      </SubmitButton>,
    );
    expect(html).toMatch(/<button type="submit" name="intent" value="save"[^>]*>Guardar<\/button>/);
  });
});

/** A form as a screen builds it: Conform's metadata after a refused submission, constraints from the schema. */
function RefusedForm({ lastResult }: { lastResult: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({ id: "prueba", lastResult, constraint: getZodConstraint(kitSchema) });
  return (
    <form {...getFormProps(form)}>
      <Field meta={fields.alias} label="Alias" />
      <SelectField meta={fields.divisa} label="Divisa" placeholder="Selecciona una opción">
        <option value="MXN">MXN</option>
        <option value="USD">USD</option>
      </SelectField>
      <CheckboxField meta={fields.terminos} label="Acepto" />
    </form>
  );
}

const kitSchema = z.object({
  alias: z.string().min(2).max(40),
  divisa: z.enum(["MXN", "USD"]),
  terminos: z.boolean().optional(),
});

describe("the field kit", () => {
  it("keeps what was typed, ties the errors and takes the schema's constraints from Conform's metadata", async () => {
    const html = await serverHtml(
      <RefusedForm
        lastResult={{
          status: "error",
          initialValue: { alias: "A", divisa: "USD", terminos: "on" },
          error: { alias: ["Mínimo 2 caracteres."] },
        }}
      />,
    );
    // Without JS the browser does not check the constraints, so the server's message shows.
    expect(tags(html, "form", { id: "prueba" })[0]).toContain(' novalidate=""');
    const [alias] = tags(html, "input", { name: "alias" });
    expect(alias).toContain(' value="A"');
    expect(alias).toContain(' aria-invalid="true"');
    expect(alias).toMatch(/ aria-describedby="([^"]+)-error"/);
    const id = / id="([^"]+)"/.exec(alias ?? "")?.[1];
    expect(html).toContain(`<label for="${id}"`);
    expect(html).toMatch(new RegExp(`<ul id="${id}-error"[^>]*><li>Mínimo 2 caracteres\\.</li>`));
    expect(alias).toContain(' required=""');
    expect(alias).toContain(' minLength="2"');
    expect(alias).toContain(' maxLength="40"');
    expect(html).toMatch(/<option value="USD" selected="">USD<\/option>/);
    const [select] = tags(html, "select", { name: "divisa" });
    expect(select).toContain(' required=""');
    expect(select).not.toContain("aria-invalid");
    const [checkbox] = tags(html, "input", { name: "terminos" });
    expect(checkbox).toContain(' checked=""');
    expect(checkbox).not.toContain("required");
  });

  it("lets explicit attributes win over the schema's, and describes with the hint before the errors", async () => {
    const html = await serverHtml(
      <Field
        meta={{ id: "alias", name: "alias", maxLength: 40, initialValue: "Tesorería", errors: ["Máximo 40 caracteres."] }}
        label="Alias"
        description="Hasta 40"
        maxLength={80}
      />,
    );
    const [input] = tags(html, "input", { id: "alias" });
    expect(input).toContain(' maxLength="80"');
    expect(input).toContain(' value="Tesorería"');
    expect(input).toContain(' aria-describedby="alias-descripcion alias-error"');
    expect(html).toContain('<p id="alias-descripcion"');
  });

  it("selects the submitted option, or the fallback, after a placeholder; errors tied only when there are some", async () => {
    const options = (
      <>
        <option value="hoy">Hoy</option>
        <option value="mes">Este mes</option>
      </>
    );
    const chosen = await serverHtml(
      <SelectField
        meta={{ id: "periodo", name: "periodo", initialValue: "hoy", errors: ["Opción inválida."] }}
        label="Periodo"
        placeholder="Todos"
      >
        {options}
      </SelectField>,
    );
    expect(chosen).toContain('<label for="periodo"');
    expect(chosen).toMatch(/<select id="periodo" name="periodo"[^>]* aria-invalid="true" aria-describedby="periodo-error"/);
    expect(chosen).toMatch(/<option value="">Todos<\/option><option value="hoy" selected="">Hoy<\/option>/);
    expect(chosen).toMatch(/<ul id="periodo-error"[^>]*><li>Opción inválida\.<\/li>/);

    const fallback = await serverHtml(
      <SelectField meta={{ id: "periodo", name: "periodo" }} label="Periodo" fallback="mes">
        {options}
      </SelectField>,
    );
    expect(fallback).toContain('<option value="mes" selected="">');
    expect(fallback).not.toContain('<option value="">');
    expect(fallback).not.toContain("aria-invalid");
    expect(fallback).not.toContain("aria-describedby");
  });

  it("checks a checkbox sent as 'on', ties its errors, and mutes it when disabled", async () => {
    const refused = await serverHtml(
      <CheckboxField meta={{ id: "terms", name: "terms", errors: ["Acepta los términos."] }} label="Acepto" />,
    );
    const [box] = tags(refused, "input", { id: "terms", type: "checkbox", name: "terms", value: "on" });
    expect(box).not.toContain("checked");
    expect(box).toContain(' aria-invalid="true"');
    expect(box).toContain(' aria-describedby="terms-error"');
    expect(refused).toMatch(/<label[^>]*><input[^>]*><span>Acepto<\/span><\/label><ul id="terms-error"/);

    const checked = await serverHtml(<CheckboxField meta={{ id: "fxn", name: "fxn", initialValue: "on" }} label="Comprobante" disabled />);
    const [input] = tags(checked, "input", { id: "fxn" });
    expect(input).toContain(' checked=""');
    expect(input).toContain(' disabled=""');
    expect(input).not.toContain("aria-");
    expect(checked).toMatch(/<label class="[^"]*text-slate-400/);
  });

  it("announces a file's errors and ties them with its hint", async () => {
    const html = await serverHtml(
      <FileField
        meta={{ id: "archivo", name: "archivo", required: true, errors: ["Error en formato."] }}
        label="Archivo de Excel"
        description="Hasta 5 MB"
        accept=".xlsx"
      />,
    );
    const [input] = tags(html, "input", { type: "file", id: "archivo", name: "archivo", accept: ".xlsx" });
    expect(input).toContain(' required=""');
    expect(input).toContain(' aria-invalid="true"');
    expect(input).toContain(' aria-describedby="archivo-descripcion archivo-error"');
    expect(html).toMatch(/<ul id="archivo-error" role="alert"[^>]*><li>Error en formato\.<\/li>/);

    const clean = await serverHtml(<FileField meta={{ id: "archivo", name: "archivo" }} label="Archivo de Excel" accept=".xlsx" />);
    expect(clean).not.toContain("aria-invalid");
    expect(clean).not.toContain('role="alert"');
  });
});

describe("Money, Tabs, Splash", () => {
  it("formats money", async () => {
    expect(await serverHtml(<Money amount={1234567.891} currency="MXN" />)).toContain("$1,234,567.89 MXN");
  });

  it("marks the current tab", async () => {
    const html = await serverHtml(
      <Tabs
        label="Secciones"
        current="b"
        tabs={[
          { id: "a", label: "Todas", href: "/?t=a" },
          { id: "b", label: "No leídas", href: "/?t=b" },
        ]}
      />,
    );
    expect(html).toContain('<nav aria-label="Secciones"');
    expect(tags(html, "a", { href: "/?t=b", "aria-current": "page" })).toHaveLength(1);
    expect(count(html, "aria-current")).toBe(1);
  });

  it("hides the splash with CSS after 5.5 s (the stylesheet's rules), with no <style> in the body", async () => {
    const html = await serverHtml(<Splash text="Bienvenido" durationMs={SPLASH_MS} />);
    expect(html).toContain("Bienvenido");
    expect(html).toContain('class="fxn-splash ');
    expect(html).not.toContain("<style");
    const css = readFileSync(new URL("../tailwind.css", import.meta.url), "utf8");
    expect(css).toMatch(/html:has\(\.fxn-splash\) \{\s*overflow: hidden;\s*animation: fxn-splash-unlock 1ms step-end 5500ms forwards;/);
    expect(css).toMatch(
      /\.fxn-splash \{\s*animation:\s*fxn-splash-fade 400ms ease-in 5100ms forwards,\s*fxn-splash-gone 1ms step-end 5500ms forwards;/,
    );
    // The fade is opacity alone (the compositor's); hiding is its own step.
    expect(css).toMatch(/@keyframes fxn-splash-fade \{\s*to \{\s*opacity: 0;\s*\}\s*\}/);
    expect(SPLASH_MS).toBe(5500);
  });

  it("renders the login's welcome as a dialog counting 5 s down, its skip disabled until the page hydrates", async () => {
    const html = await serverHtml(<Splash variant="welcome" text="Te damos la bienvenida" durationMs={WELCOME_MS} />);
    expect(tags(html, "div", { role: "dialog", "aria-modal": "true" })).toHaveLength(1);
    expect(html).toContain('class="fxn-welcome ');
    expect(html).not.toContain("fxn-splash ");
    expect(html).toContain("Tu portal se abre en 5 s");
    expect(tags(html, "button", { disabled: "" })).toHaveLength(1);
    expect(html).toContain("Omitir bienvenida");
    expect(WELCOME_MS).toBe(5000);
  });

  it("keeps the welcome out of a page without JavaScript, and still for reduced motion (decision 112)", () => {
    const css = readFileSync(new URL("../tailwind.css", import.meta.url), "utf8");
    expect(css).toMatch(/html:has\(\.fxn-welcome\) \{\s*overflow: hidden;\s*animation: fxn-splash-unlock 1ms step-end 5000ms forwards;/);
    expect(css).toMatch(
      /\.fxn-welcome \{\s*animation:\s*fxn-splash-fade 400ms ease-in 4600ms forwards,\s*fxn-splash-gone 1ms step-end 5000ms forwards;/,
    );
    expect(css).toMatch(
      /@media \(scripting: none\) \{\s*html:has\(\.fxn-welcome\) \{\s*overflow: visible;\s*animation: none;\s*\}\s*\.fxn-welcome \{\s*display: none;/,
    );
    expect(css).toMatch(
      /@media \(prefers-reduced-motion: reduce\) \{\s*\.fxn-welcome \{\s*animation: fxn-splash-gone 1ms step-end 5000ms forwards;\s*\}\s*\.fxn-welcome \.fxn-splash-count \{\s*animation: none;/,
    );
  });
});

describe("decision 055: folding filters, empty states, the brand frame, the legal links", () => {
  it("folds the filters in a native <details> 'Filtros' that says how many are on, open when asked", async () => {
    const folded = await serverHtml(
      <FoldingFilters activeCount={2}>
        <form aria-label="Filtrar" />
      </FoldingFilters>,
    );
    expect(folded).toMatch(/<details class="[^"]*md:\[&amp;::details-content\]:\[content-visibility:visible\]/);
    expect(folded).not.toMatch(/<details[^>]* open=""/);
    expect(folded).toMatch(/<summary[^>]*><span>Filtros<\/span><span[^>]*>2 activos<\/span>/);
    const open = await serverHtml(
      <FoldingFilters open>
        <form aria-label="Filtrar" />
      </FoldingFilters>,
    );
    expect(open).toMatch(/<details[^>]* open=""/);
    expect(open).not.toContain("activo");
  });

  it("an empty state says what to do next with a link", async () => {
    const html = await serverHtml(
      <EmptyState live message="Aún no tienes operaciones." hint="Haz la primera." action={{ label: "Ir a operar", href: "/" }} />,
    );
    expect(html).toContain('role="status"');
    expect(html).toContain("Aún no tienes operaciones.");
    expect(html).toContain("Haz la primera.");
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Ir a operar<\/a>/);
  });

  it("frames a screen outside the shell with the brand bar and one <main>", async () => {
    const html = await serverHtml(
      <BrandedPage labelledBy="t">
        <h1 id="t">Hola</h1>
      </BrandedPage>,
    );
    expect(html).toMatch(/<header[^>]*>.*FXN.*<\/header>/s);
    expect(count(html, "<main")).toBe(1);
    expect(html).toMatch(/<main id="contenido"[^>]*aria-labelledby="t"/);
  });

  it("links the terms and the privacy notice from the sidebar", async () => {
    const html = await serverHtml(
      <AppShell sidebar={{ ...sidebar, termsHref: "/terminos-condiciones", privacyHref: "/terminos-condiciones#aviso-de-privacidad" }}>
        hola
      </AppShell>,
    );
    expect(html).toMatch(/<a[^>]*href="\/terminos-condiciones"[^>]*>Términos y Condiciones<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/terminos-condiciones#aviso-de-privacidad"[^>]*>Aviso de Privacidad<\/a>/);
  });
});

describe("Sidebar and shell", () => {
  it("marks the current item and opens external ones in a new window", async () => {
    const html = await serverHtml(<AppShell sidebar={sidebar}>hola</AppShell>, "/planner");
    expect(tags(html, "a", { href: "/planner", "aria-current": "page" })).toHaveLength(1);
    expect(count(html, 'aria-current="page"')).toBe(1);
    expect(html).toMatch(/href="https:\/\/example.test\/mercados" target="_blank" rel="noopener noreferrer"/);
    expect(html).toContain('href="tel:5512345678"');
    expect(html).toContain('aria-label="Abrir configuración de Ana M."');
    expect(html).toContain("Cerrar Sesión");
    expect(html).toContain("Nueva Función");
    expect(html).toContain('href="#contenido"');
    expect(html).toContain("Saltar al contenido");
    expect(html).toContain('<main id="contenido"');
    expect(html).toContain('type="checkbox"');
  });

  it("matches nested paths but not siblings that share a prefix", () => {
    expect(isCurrentItem({ href: "/cuentas" }, "/cuentas/123")).toBe(true);
    expect(isCurrentItem({ href: "/destinatarios" }, "/destinatarios-alta")).toBe(false);
    expect(isCurrentItem({ href: "/destinatarios", activePaths: ["/destinatarios-alta"] }, "/destinatarios-alta")).toBe(true);
    expect(isCurrentItem({ href: "/" }, "/cuentas")).toBe(false);
  });

  it("puts the page's overlay first in the document, before the skip link and the page", async () => {
    const html = await serverHtml(
      <AppShell sidebar={sidebar} overlay={<Modal open withPage id="aviso" title="Tu cuenta remunerada está activa" />}>
        hola
      </AppShell>,
    );
    const dialog = html.indexOf('role="dialog"');
    expect(dialog).toBeGreaterThan(0);
    expect(dialog).toBeLessThan(html.indexOf("Saltar al contenido"));
    expect(dialog).toBeLessThan(html.indexOf("Menú principal"));
    expect(dialog).toBeLessThan(html.indexOf("hola"));
  });

  it("renders no sidebar when null", async () => {
    const html = await serverHtml(<AppShell sidebar={null}>hola</AppShell>);
    expect(html).not.toContain("Menú principal");
  });

  it("puts the unread count in the bell's name and shows the dot only when closed", async () => {
    const props = { title: "Operar", contactHref: "https://chat.test", notificationsHref: "/?drawer=notificaciones" };
    const closed = await serverHtml(<TopBar {...props} unreadCount={3} notificationsOpen={false} />);
    expect(closed).toMatch(/<h1[^>]*>Operar<\/h1>/);
    expect(closed).toContain('aria-label="Notificaciones, 3 sin leer"');
    expect(closed).toContain("notification-dot");
    expect(closed).toMatch(/href="https:\/\/chat.test" target="_blank" rel="noopener noreferrer"/);
    const open = await serverHtml(<TopBar {...props} unreadCount={3} notificationsOpen />);
    expect(open).not.toContain("notification-dot");
    const none = await serverHtml(<TopBar {...props} unreadCount={0} notificationsOpen={false} />);
    expect(none).toContain('aria-label="Notificaciones"');
    expect(none).not.toContain("notification-dot");
  });
});

describe("Notices", () => {
  const render = (local: string) => {
    const banners = activeBanners(
      [
        {
          id: "7",
          active: true,
          dateToShow: "2026-12-01",
          service: "SPEI",
          type: "beforeDayOff",
          detail: { date: "2026-12-25", nextWorkingDay: "2026-12-28" },
          resolution_time: null,
        },
      ],
      mexicoCity(`${local}-06:00`),
      [],
    );
    const csrf = <input type="hidden" name="csrf" value="x" />;
    return serverHtml(<Notices banners={banners} serviceOnline dismissAction="/avisos" redirectTo="/" csrfToken={csrf} />);
  };

  it("renders the festive banner from 16:30 on the working day before a day off, closable with a plain form", async () => {
    expect(await render("2026-12-24T16:29:00")).toBe("");
    const html = await render("2026-12-24T16:30:00");
    expect(html).toContain("El viernes 25 de diciembre es día inhábil bancario.");
    expect(html).toContain("Lo que confirmes a partir de ahora se procesará el lunes 28 de diciembre.");
    expect(html).toMatch(/<form method="post" action="\/avisos"/);
    expect(await render("2026-12-25T00:00:00")).toBe("");
  });
});

describe("session dialogs", () => {
  const base = {
    open: true,
    cancelHref: "/",
    action: "/logout",
    csrfToken: <input type="hidden" name="csrf" value="x" />,
    productName: "FXN",
  };

  it("normal logout", async () => {
    const html = await serverHtml(<LogoutDialog {...base} variant="normal" />);
    expect(html).toContain("¿Quieres salir de FXN?");
    expect(html).toMatch(/No, Cancelar.*Si, Cerrar sesión/s);
    expect(html).toMatch(/<form method="post" action="\/logout"/);
    expect(html).toContain('name="csrf"');
    expect(html).not.toContain("fxn-backdrop block");
  });

  it("inactivity logout", async () => {
    const html = await serverHtml(<LogoutDialog {...base} variant="inactivity" />);
    expect(html).toContain("¿Aún estás ahí?");
    expect(html).toContain("Detectamos inactividad en tu sesión. ¿Quieres cerrar tu sesión en FXN?");
    expect(html).toMatch(/Cerrar sesión<\/button>.*Continuar conectado/s);
    // Asked by the idle timer, staying is the likely answer: the primary button.
    expect(html).toMatch(/<a [^>]*bg-brand-600[^>]*>Continuar conectado<\/a>/);
    expect(html).not.toMatch(/<button [^>]*bg-brand-600[^>]*>(<[^>]*>)*Cerrar sesión/);
  });

  it("company change error and session expired", async () => {
    const error = await serverHtml(<CompanyChangeError open closeHref="/" />);
    expect(error).toContain("Ha ocurrido un error");
    expect(error).toContain("No pudimos cambiarte de empresa.");
    expect(error).toContain("Entendido");
    const expired = await serverHtml(<SessionExpiredNotice open closeHref="/login" bankHref="/login/banco" />);
    expect(expired).toContain("Tu sesión ha expirado");
    expect(expired).toContain("Por tu seguridad cerramos tu sesión.");
    expect(expired).toMatch(/href="\/login"[^>]*>Entendido/);
    // The way back in is the primary action, not hidden under the notice.
    expect(expired).toMatch(/<a href="\/login\/banco" class="[^"]*bg-brand-600[^"]*">Ir a la banca en línea<\/a>/);
  });
});

describe("SettingsDrawer", () => {
  const props = {
    open: true,
    closeHref: "/",
    tabHrefs: { empresas: "/?drawer=configuracion&tab=empresas", datos: "/?drawer=configuracion&tab=datos" },
    companies: [
      { clientId: "c1", businessName: "Importadora Uno" },
      { clientId: "c2", businessName: "Exportadora Dos" },
    ],
    currentCompanyId: "c2",
    changeCompanyAction: "/empresa",
    csrfToken: <input type="hidden" name="csrf" value="x" />,
    user: { name: "Ana L.", profileLabel: "Administrador", companyName: "Exportadora Dos" },
    contact: {
      email: {
        display: "ana@example.test",
        state: "verified",
        editHref: "/cuentas?drawer=correo",
      },
      whatsapp: {
        display: null,
        state: "missing",
        editHref: "/cuentas?drawer=whatsapp",
      },
      whatsappInfo: false,
      action: "/contacto",
      redirectTo: "/cuentas",
    } as SettingsContact,
    isAdmin: true,
    appearance: {
      choices: THEME_CHOICES,
      current: "sistema" as const,
      action: "/tema",
      redirectTo: "/cuentas?drawer=configuracion&tab=datos",
    },
  };

  it("lists the companies as radios with the current one checked", async () => {
    const html = await serverHtml(<SettingsDrawer {...props} tab="empresas" />);
    expect(html).toContain("Configuración");
    expect(html).toMatch(/<legend[^>]*>Selecciona la empresa con la que deseas operar<\/legend>/);
    expect(tags(html, "input", { type: "radio", name: "clientId", value: "c2", checked: "" })).toHaveLength(1);
    expect(tags(html, "input", { type: "radio", name: "clientId", value: "c1", checked: "" })).toHaveLength(0);
    expect(html).toMatch(/<button type="submit" form="form-cambiar-empresa"[^>]*>Operar con esta empresa/);
    expect(tags(html, "a", { href: "/?drawer=configuracion&amp;tab=empresas", "aria-current": "page" })).toHaveLength(1);
  });

  it("disables the change with one company", async () => {
    const html = await serverHtml(<SettingsDrawer {...props} companies={[props.companies[0]]} tab="empresas" />);
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*aria-describedby="empresa-unica-motivo"/);
    expect(html).toMatch(/<p id="empresa-unica-motivo"[^>]*>Solo perteneces a una empresa: no hay otra a la cual cambiar\.<\/p>/);
    const several = await serverHtml(<SettingsDrawer {...props} tab="empresas" />);
    expect(several).not.toContain("empresa-unica-motivo");
  });

  it("shows the user's data, 'no disponible', the collaborators' links and the disabled security actions", async () => {
    const html = await serverHtml(
      <SettingsDrawer
        {...props}
        collaboratorsHref="/configuracion/colaboradores"
        activationRequestHref="/configuracion/colaboradores?dialogo=solicitar-activacion"
        tab="datos"
      />,
    );
    for (const text of [
      "Datos Personales",
      "Datos de contacto",
      "Seguridad",
      "Ana L.",
      "ana@example.test",
      "no disponible",
      "Permisos de colaboradores",
    ]) {
      expect(html).toContain(text);
    }
    // An administrator reaches the collaborators and the activation request (decision 058).
    expect(tags(html, "a", { href: "/configuracion/colaboradores" })).toHaveLength(1);
    expect(html).toMatch(/<a[^>]*href="\/configuracion\/colaboradores\?dialogo=solicitar-activacion"[^>]*>Solicitar Activación<\/a>/);
    expect(html).toMatch(/disabled=""[^>]*>(<svg[^]*?<\/svg>)?Cambiar contraseña/);
    expect(html).toMatch(/disabled=""[^>]*>(<svg[^]*?<\/svg>)?Sincronizar token/);
    // Each disabled control says why, in a text it is described by.
    for (const id of ["cambiar-contrasena-motivo", "sincronizar-token-motivo"]) {
      expect(html).toContain(`aria-describedby="${id}"`);
      expect(html).toContain(`id="${id}"`);
    }
    // Not a faded field: each says where it is done, the bank's portal (decision 124).
    expect(html).toMatch(/<p id="cambiar-contrasena-motivo"[^>]*>Por seguridad, tu contraseña se cambia en el portal de tu banco/);
    expect(html).toMatch(/<p id="sincronizar-token-motivo"[^>]*>Tu token se sincroniza en el portal de tu banco/);
    expect(html.split("En tu banca en línea<").length - 1).toBe(2);
    for (const id of ["cambiar-contrasena-motivo", "sincronizar-token-motivo"]) {
      expect(tags(html, "button", { "aria-describedby": id })[0]).not.toContain("opacity-50");
    }
    // With nothing to request (the feature is on), no chip.
    const featureOn = await serverHtml(<SettingsDrawer {...props} collaboratorsHref="/configuracion/colaboradores" tab="datos" />);
    expect(featureOn).toContain("Permisos de colaboradores");
    expect(featureOn).not.toContain("Solicitar Activación");
    const collaborator = await serverHtml(<SettingsDrawer {...props} isAdmin={false} tab="datos" />);
    expect(collaborator).not.toContain("Permisos de colaboradores");
  });

  it("shows each contact row's state, 'Editar', 'Reenviar mensaje' when it waits for its link, and the WhatsApp choice as a native form", async () => {
    const html = await serverHtml(<SettingsDrawer {...props} tab="datos" />);
    expect(html).toContain("Verificado");
    expect(tags(html, "a", { href: "/cuentas?drawer=correo", "aria-label": "Editar correo de contacto" })).toHaveLength(1);
    expect(html).not.toContain("Reenviar");
    // No confirmed number: the choice cannot be ticked, and says why.
    expect(tags(html, "input", { type: "checkbox", name: "activo", disabled: "" })).toHaveLength(1);
    expect(html).toContain("Disponible cuando confirmes tu número de WhatsApp.");
    expect(html).not.toContain("Guardar preferencia");

    const pending = await serverHtml(
      <SettingsDrawer
        {...props}
        contact={{
          ...(props.contact as Extract<SettingsContact, { email: unknown }>),
          whatsapp: {
            display: "+52 5512345678",
            state: "verified",
            editHref: "/cuentas?drawer=whatsapp",
          },
          email: {
            display: "nuevo@example.test",
            state: "pending",
            editHref: "/cuentas?drawer=correo",
          },
          whatsappInfo: true,
        }}
        tab="datos"
      />,
    );
    expect(pending).toContain("Pendiente de confirmar");
    expect(pending).toContain("+52 5512345678");
    expect(pending).not.toContain("no disponible");
    // Whether or not a message went out yet, what waits for its link can be sent again: the drawers' own resend, a native form.
    expect(tags(pending, "input", { type: "hidden", name: "intent", value: "reenviar" })).toHaveLength(1);
    expect(tags(pending, "input", { type: "hidden", name: "canal", value: "email" })).toHaveLength(1);
    expect(pending).toMatch(
      /<button type="submit" aria-label="Reenviar mensaje de confirmación del correo de contacto"[^>]*>Reenviar mensaje<\/button>/,
    );
    expect(pending).toContain("¿No te llegó? Puedes pedir un nuevo mensaje.");
    expect(tags(pending, "input", { type: "checkbox", name: "activo", checked: "" })).toHaveLength(1);
    expect(pending).toMatch(/<button type="submit"[^>]*>Guardar preferencia<\/button>/);

    const unavailable = await serverHtml(
      <SettingsDrawer {...props} contact={{ unavailable: true, retryHref: "/?drawer=configuracion&tab=datos" }} tab="datos" />,
    );
    expect(unavailable).toContain("No pudimos cargar tus datos de contacto.");
    expect(unavailable).not.toContain("no disponible");
  });

  it("offers 'Apariencia' under the user's data as a native form that comes back to the page", async () => {
    const html = await serverHtml(<SettingsDrawer {...props} tab="datos" />);
    expect(html).toMatch(/<form method="post" action="\/tema"/);
    expect(html).toMatch(/<legend[^>]*>Apariencia<\/legend>/);
    expect(tags(html, "input", { type: "hidden", name: "redirectTo", value: "/cuentas?drawer=configuracion&amp;tab=datos" })).toHaveLength(
      1,
    );
    for (const [value, label] of [
      ["claro", "Claro"],
      ["oscuro", "Oscuro"],
      ["sistema", "Según el sistema"],
    ]) {
      expect(html).toMatch(new RegExp(`<input type="radio" name="tema"[^>]*value="${value}"/>${label}</label>`));
    }
    expect(tags(html, "input", { type: "radio", name: "tema", value: "sistema", checked: "" })).toHaveLength(1);
    expect(html).toMatch(/<button type="submit"[^>]*>Aplicar<\/button>/);
    const dark = await serverHtml(<SettingsDrawer {...props} appearance={{ ...props.appearance, current: "oscuro" }} tab="datos" />);
    expect(tags(dark, "input", { type: "radio", name: "tema", value: "oscuro", checked: "" })).toHaveLength(1);
    const companies = await serverHtml(<SettingsDrawer {...props} tab="empresas" />);
    expect(companies).not.toContain("Apariencia");
  });
});

describe("RecipientsTable and the membership (decision 066)", () => {
  const view = (id: string, national: boolean) => ({
    key: `B3-${id}`,
    id,
    ref: id,
    source: "B3" as const,
    name: `Destinatario ${id}`,
    alias: "",
    last4: "1234",
    currency: national ? "MXN" : "USD",
    bankName: "Banco",
    status: "authorized" as const,
    national,
    typePerson: "MORAL" as const,
    favorite: false,
    canFavorite: false,
    canSend: true,
  });
  const table = (internationalAllowed: boolean) =>
    serverHtml(
      <RecipientsTable
        recipients={[view("501", true), view("503", false)]}
        caption="Destinatarios"
        detailHref={(key) => `/destinatarios?detalle=${key}`}
        editHref={(key) => `/destinatarios?editar=${key}`}
        deleteHref={null}
        sendAllowed
        internationalAllowed={internationalAllowed}
        returnTo="/destinatarios"
      />,
      "/destinatarios",
    );

  it("gives a Basic member 'Enviar dinero' for the national recipient and, for the international one, why not and where to change it", async () => {
    const html = await table(false);
    expect(tags(html, "a", { "aria-label": "Enviar dinero a Destinatario 501" })).toHaveLength(1);
    expect(tags(html, "a", { "aria-label": "Enviar dinero a Destinatario 503" })).toHaveLength(0);
    expect(html).toContain("Los envíos internacionales son parte de la membresía Pro.");
    expect(tags(html, "a", { href: "/membresias" })).toHaveLength(1);
  });

  it("gives a Pro member 'Enviar dinero' for both", async () => {
    const html = await table(true);
    expect(tags(html, "a", { "aria-label": "Enviar dinero a Destinatario 503" })).toHaveLength(1);
    expect(html).not.toContain("membresía Pro");
  });
});

describe("RecipientsTable: a recipient loaded in bulk (§4, decision 097)", () => {
  const [loaded] = recipientViews(
    [],
    [],
    [
      {
        id: "9001",
        recipientType: "pmn",
        names: null,
        fatherLastName: null,
        motherLastName: null,
        companyName: "Comercializadora Hidalgo S.A. de C.V.",
        accountClabe: "072180004512398769",
        currency: "MXN",
        bank: "Banorte",
        alias: "Hidalgo",
        status: "pending",
      },
    ],
  );

  it("reads 'Autorizado' and where it came from, never 'En revisión', and 'Enviar dinero' opens the calculator on it", async () => {
    const html = await serverHtml(
      <RecipientsTable
        recipients={[loaded!]}
        caption="Destinatarios"
        detailHref={(key) => `/destinatarios?detalle=${key}`}
        editHref={(key) => `/destinatarios?editar=${key}`}
        deleteHref={null}
        sendAllowed
        internationalAllowed
        returnTo="/destinatarios"
      />,
      "/destinatarios",
    );
    expect(html).toContain("Autorizado");
    expect(html).toContain("Alta por carga múltiple");
    expect(html).not.toContain("En revisión");
    expect(html).not.toContain("Disponible cuando");
    const [send] = tags(html, "a", { "aria-label": "Enviar dinero a Hidalgo" });
    const href = /href="([^"]*)"/.exec(send ?? "")?.[1]?.replaceAll("&amp;", "&") ?? "";
    expect(new URL(href, "http://app.test").searchParams.get("destino")).toBe("r:bo-9001");
  });
});
