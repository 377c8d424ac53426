import type { Page } from "@playwright/test";
import { expect } from "@playwright/test";

import { transferBody } from "../../sandbox/test-support";
import { loginAs, productJwtOf, SANDBOX_URL, sandboxControl } from "./support";

/**
 * The server-rendered screens, drawers, dialogs and states the page-wide checks walk through (valid
 * HTML, no sideways scroll on a phone), by who opens them: "" is a browser without a session.
 */
/** Mexico City's today ("YYYY-MM-DD"): the planner's day modal of the current month. */
const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City" }).format(new Date());

export const SCREENS: Record<string, string[]> = {
  // Decision 098: a login the bank started continues on a page that names whose access it is.
  "": ["/login", "/login?sesion=cerrada", "/login?sesion=expirada", "/access?jwt={enlace:ana.admin}"],
  // A bank link whose token the bank does not know ends on the error screen.
  "token-falso": ["/error"],
  "ana.admin": [
    "/",
    "/?drawer=configuracion&tab=empresas",
    "/?drawer=configuracion&tab=datos",
    // The contact drawers (decision 059): the input modes; the sent step is reached by a click (accessibility.spec.ts).
    "/?drawer=correo",
    "/?drawer=whatsapp",
    "/?drawer=whatsapp&modo=editar",
    "/?dialogo=cerrar-sesion",
    "/?dialogo=inactividad",
    "/?drawer=correo&modo=editar",
    "/?drawer=notificaciones",
    // The surveys' thank-you dialog, and the modal that says an operation went to the administrators for approval.
    "/?aviso=gracias",
    "/?aprobacion=1002",
    "/?operacion=transferencia",
    "/?operacion=compra",
    "/?tour=1",
    "/?tour=2",
    "/?tour=4",
    "/cuentas",
    "/cuentas?editar=A-100234-02",
    "/cuentas/A-100234-02",
    // Decision 123: an account's deposit data and a recipient's full account, revealed on request.
    "/cuentas/A-100234-02?ver=clabe",
    "/destinatarios?detalle=B3-501&ver=cuenta",
    "/cuentas/A-100234-02?periodo=rango&desde=2025-01-01&hasta=2025-01-31",
    "/destinatarios",
    "/destinatarios?editar=B3-501",
    "/destinatarios?eliminar=B3-502",
    "/destinatarios?detalle=B3-501",
    // Decision 097: a recipient loaded in bulk, authorized and payable: its drawer, and the calculator with it chosen.
    "/destinatarios?detalle=BO-9001",
    "/?operacion=transferencia&destino=r:bo-9001",
    "/destinatarios-alta",
    "/destinatarios-alta?tipo=pme",
    "/destinatarios-alta-multiple",
    "/historial-operaciones",
    "/historial-operaciones?tipo=compra&estado=confirmada",
    "/historial-operaciones/1021",
    "/historial-operaciones/1021/compartir",
    "/historial-operaciones/1021/vista-previa",
    "/historial-operaciones/1019",
    "/historial-operaciones/1002",
    // Decision 108: an applied SPEI, with its clave de rastreo and the CEP card.
    "/historial-operaciones/1017",
    "/comportamiento-de-mercado",
    "/comportamiento-de-mercado?par=EURMXN&rango=1S",
    "/comportamiento-de-mercado?par=USDJPY&rango=1M",
    "/comportamiento-de-mercado?par=GBPMXN&rango=1A",
    "/portafolio",
    "/portafolio?mes=todos&tipo=venta",
    "/portafolio?mes=13",
    // Alert 1 (active) and 2 (triggered) and a follow of USD/MXN come from withMarketTools().
    "/alertas",
    "/alertas?drawer=alerta&tipo=crear&par=USD/MXN&operacion=venta",
    "/alertas?dialogo=eliminar-alerta&alerta=1",
    "/monitoreo-de-divisas",
    // Payments (decision 057): schedule 1 is Ana's seeded weekly payment.
    "/pagos-recurrentes",
    "/pagos-recurrentes?dialogo=eliminar-pago&pago=1",
    // Decision 063: the edit drawer, and 'Pagar ahora' on the calculator (a payment of the seed, and one that does not exist).
    "/pagos-recurrentes?drawer=editar-pago&pago=1",
    "/?operacion=transferencia&pagoProgramado=8",
    "/?operacion=transferencia&pagoProgramado=999999",
    "/planner",
    `/planner?dia=${TODAY}`,
    "/planner?mes=2&anio=2028",
    "/planner?mes=13&anio=2026",
    // The multiple payment (decision 062): the upload, and an upload that is gone. Its preview and
    // progress need a file: tests/e2e/multiple-payment.spec.ts checks them with axe and at 390 px.
    "/pago-multiple",
    "/pago-multiple?carga=caducada",
    // One signature for several payments (decision 093), made by withPaymentBatches(): Ana's batch waiting for
    // her token, Carlos's file waiting for approval (also a card on /aprobaciones), and 1016, Ana's seeded
    // transfer registered and never confirmed ('Por autorizar' with 'Autorizar con mi token').
    "/pago-multiple/autorizacion/1",
    "/pago-multiple/autorizacion/2",
    "/historial-operaciones/1016",
    "/terminos-condiciones",
    "/configuracion/colaboradores",
    "/configuracion/colaboradores?colaborador=2",
    // Membership (decision 061): Ana's Pro with its changes.
    "/membresias",
    "/membresias?dialogo=cancelar",
    "/membresias?dialogo=cuenta",
    // Approvals (decision 060): 1002 and 1015 wait for Ana, loaded by Carlos.
    "/aprobaciones",
    "/aprobaciones?dialogo=anular-operacion&operacion=1002",
    "/historial-operaciones/1002?dialogo=anular-operacion",
    // One life per operation (decision 092, withOperationsUnderWay): 1015 approved and waiting for Ana's key, the weekly
    // payment 6 being paid, and the bank's return address for 1011, which an administrator voided.
    "/historial-operaciones/1015",
    "/?operacion=transferencia&pagoProgramado=6",
    "/transaction?trk=seed-100234-1011&ope=1011&operation=buy&res=0&msg=Operaci%C3%B3n%20autorizada&retries=0",
    // Not found, inside the shell: another company's account, an operation that does not exist.
    "/cuentas/A-300501-04",
    "/historial-operaciones/999999",
    // Somebody else's bank link in Ana's browser: the continuation says whose session it would close (decision 098).
    "/access?jwt={enlace:carlos.colaborador}",
  ],
  "beatriz.basica": [
    "/",
    // Her company is without the permissions feature: 'Solicitar Activación' and its modal (decision 058).
    "/?drawer=configuracion&tab=datos",
    "/configuracion/colaboradores?dialogo=solicitar-activacion",
    "/cuentas",
    "/alertas",
    "/monitoreo-de-divisas",
    "/pagos-recurrentes",
    "/planner",
    "/membresias",
    "/membresias?dialogo=mejorar",
  ],
  "nuevo.usuario": ["/wizard"],
  // The session's global overlays (decision 125), each in a session of its own (a session chooses its overlay at its
  // first page): over the first page, and over another page, where it waits until closed.
  "ana.admin+cuenta-remunerada": ["/", "/historial-operaciones"],
  "ana.admin+rebrand": ["/", "/cuentas"],
  "carlos.colaborador+contacto": ["/", "/destinatarios"],
  "paula.prueba+encuesta-nps": ["/"],
};

/** The modal flag (§3) a session's overlay needs, by the name its SCREENS key gives after the user's. */
const OVERLAY_FLAGS: Record<string, string> = {
  "cuenta-remunerada": "paid_account",
  rebrand: "rebrand",
  contacto: "verify_email_on_init",
  "encuesta-nps": "nps",
};

/**
 * Opens a session as `user` the way a person does (or none, for ""); `user+overlay` first turns on the
 * modal flag of that overlay, which the session then shows on its pages.
 */
export async function enterAs(page: Page, user: string) {
  const [userName, overlay] = user.split("+");
  if (overlay) await sandboxControl("/__modal-flags", { userName, modal: OVERLAY_FLAGS[overlay], show: true });
  if (userName === "token-falso") {
    await page.goto(`/access?jwt=token-que-no-existe-${Date.now()}`);
    await expect(page).toHaveURL(/\/error$/);
  } else if (userName) await loginAs(page, userName);
}

const BANK_LINK = /\{enlace:([\w.]+)\}/;

/**
 * A screen's address: `{enlace:USER}` becomes a fresh token of USER, as the bank's portal hands it out
 * to a login it starts (a token opens one session, and the screens only look at the page it leads to).
 */
export async function screenUrl(path: string): Promise<string> {
  const user = BANK_LINK.exec(path)?.[1];
  if (!user) return path;
  const response = await fetch(`${SANDBOX_URL}/banca/entrar?usuario=${encodeURIComponent(user)}`, { redirect: "manual" });
  const token = new URL(response.headers.get("location") ?? "").searchParams.get("jwt") ?? "";
  return path.replace(BANK_LINK, encodeURIComponent(token));
}

/** Ana's price alerts (1 active, 2 triggered) and a followed pair, for the screens of /alertas and monitoring. */
export async function withMarketTools() {
  const alert = { userName: "ana.admin", pair: "USD/MXN", operation: "buy", condition: "above" };
  await sandboxControl("/__price-alerts", { ...alert, targetRate: 25 });
  await sandboxControl("/__price-alerts", { ...alert, operation: "sell", condition: "below", targetRate: 16.9, status: "triggered" });
  await sandboxControl("/__follows", { userName: "ana.admin", pair: "USD/MXN" });
}

/**
 * Operations under way (decision 092): Ana approved 1015 (it waits for her key), and an operation pays the
 * weekly payment 6 (the dashboard's notice, the recurring list and its calculator say so).
 */
export async function withOperationsUnderWay() {
  const headers = { authorization: `Bearer ${await productJwtOf("ana.admin")}`, "content-type": "application/json" };
  const approved = await fetch(`${SANDBOX_URL}/api/operations`, {
    method: "PUT",
    headers,
    body: JSON.stringify({ id: 1015, action: "approve" }),
  });
  expect(approved.ok).toBe(true);
  const paying = await fetch(`${SANDBOX_URL}/api/setoperation`, {
    method: "POST",
    headers: { ...headers, "idempotency-key": crypto.randomUUID() },
    body: JSON.stringify(transferBody({ amount: 12500, recipient: { idRecipient: 502 }, scheduledPaymentEvent: { id: 6 } })),
  });
  // Already under way from an earlier call of this run: the bank keeps one operation per payment.
  expect([201, 409]).toContain(paying.status);
}

/**
 * Two batches of payments (decision 093), as right after a reset: 1, Ana's two transfers waiting for
 * her one token; 2, a transfer Carlos (who may only load) handed to the administrators.
 */
export async function withPaymentBatches() {
  const ana = await productJwtOf("ana.admin");
  const call = async (jwt: string, path: string, method: string, body: unknown) => {
    const response = await fetch(`${SANDBOX_URL}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${jwt}`, "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
      body: JSON.stringify(body),
    });
    expect(response.ok).toBe(true);
    return (await response.json()) as { id: number };
  };
  const transfer = (jwt: string, amount: number, recipient: number) =>
    call(jwt, "/setoperation", "POST", transferBody({ amount, recipient: { idRecipient: recipient }, aditionalInformation: "Factura" }));
  const mine = [await transfer(ana, 12500.5, 501), await transfer(ana, 8300, 502)];
  await call(ana, "/operation-batches", "POST", { operationIds: mine.map((operation) => operation.id), fileName: "proveedores.xlsx" });
  // Carlos may load payments to third parties (send_money_to_own_accounts, send_money_to_third_accounts, can_create_operations).
  await call(ana, "/members/update-collaborator/2", "PUT", { permissions: [{ id: 1 }, { id: 2 }, { id: 3 }] });
  const carlos = await productJwtOf("carlos.colaborador");
  const loaded = await transfer(carlos, 4750.25, 502);
  await call(carlos, "/operation-batches", "POST", { operationIds: [loaded.id], fileName: "fletes.csv" });
}

/** Banners on every page, and a survey over Beatriz's first page: the screens as they are with notices. */
export async function withNoticesOn() {
  await sandboxControl("/__announcements", [
    { id: 31, service: "SPID", type: "issues", resolution_time: "2 horas" },
    { id: 32, service: "FX", type: "novelty", detail: { title: "Nuevo", copy: "Conócelo.", path: "/historial-operaciones" } },
  ]);
  await sandboxControl("/__modal-flags", { userName: "beatriz.basica", modal: "csat", show: true });
}
