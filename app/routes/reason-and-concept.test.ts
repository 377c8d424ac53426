import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import type { LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it, onTestFinished } from "vitest";

import { mexicoDate } from "#core/domain/dates";
import { addDays } from "#core/domain/schedule-dates";
import { servedRoute } from "#server/http/served-route.server";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { answerOf, collaboratorBrowser, formPost, routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import { control, loginAs, requestCount, setCollaboratorPermissions } from "../../tests/support/sandbox";
import * as dashboard from "./_index";
import * as approvals from "./aprobaciones";
import * as detail from "./historial-operaciones.$id._index";
import * as receipt from "./historial-operaciones.$id.comprobante";
import * as sharePreview from "./historial-operaciones.$id.vista-previa";
import * as transaction from "./transaction";

/**
 * Decision 095: an operation made in the app shows the reason chosen ('Motivo de pago', the catalogue's text of its
 * id) and what was typed ('Concepto') each under its own label, on every surface: what the bank is told, the detail,
 * the approvals list, the shared e-mail, the receipt and 'Verificar datos'. Decision 095.
 */
const world = sandboxedApp("motivo-concepto");

/** §3 conceptpays in the sandbox: 5 is 'Pago de arrendamiento'. */
const REASON_ID = "5";
const REASON = "Pago de arrendamiento";
const CONCEPT = "Renta bodega León";

type Browser = { cookie: string; csrf: string };

type Route = Parameters<typeof servedRoute>[0] & { loader: (args: LoaderFunctionArgs) => Promise<Response> };

const load = (route: Route, browser: Browser, url: string, params: Record<string, string> = {}) =>
  answerOf(() =>
    servedRoute(route).loader({
      request: new Request(`${APP}${url}`, { headers: { cookie: browser.cookie } }),
      context,
      params,
    }),
  );

/** A peso transfer from the calculator, to the company's first peso recipient, with the reason and the concept typed. */
async function transferFields(browser: Browser, fields: Record<string, string> = {}) {
  const { calculator } = await (await load(dashboard, browser, "/?operacion=transferencia")).json();
  const origin = calculator.accounts.find((account: { currency: string }) => account.currency === "MXN");
  const destination = calculator.recipients.find((recipient: { currency: string }) => recipient.currency === "MXN");
  return {
    csrf: browser.csrf,
    operation: "transfer",
    intent: "confirmar",
    idempotencyKey: calculator.idempotencyKey as string,
    amount: "1500",
    origin: origin.idAccount as string,
    destination: `r:${destination.id as string}`,
    reason: REASON_ID,
    concept: CONCEPT,
    ...fields,
  };
}

const submit = (browser: Browser, fields: Record<string, string>) =>
  answerOf(() => servedRoute(dashboard).action({ request: formPost("/", browser.cookie, fields), context, params: {} }));

/** Answers the bank's challenge with `key` and opens the return address, as the browser would. */
async function challenge(location: string, key = "123456") {
  const trk = new URL(location).searchParams.get("trk") ?? "";
  const answered = await fetch(`${world.sandbox.url}/challenge`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ trk, clave: key, action: "confirmar" }),
  });
  const back = new URL(answered.headers.get("location") ?? "");
  const result = await (await load(transaction, world.browser, `/transaction${back.search}`)).json();
  const id = String(world.sandbox.state.operations.find((operation) => operation.trk === trk)?.id);
  return { id, result };
}

/** Ana's transfer made in the app and confirmed with her key: its id. */
async function anasTransfer(): Promise<string> {
  const sent = await submit(world.browser, await transferFields(world.browser));
  expect(sent.status).toBe(302);
  const { id, result } = await challenge(sent.headers.get("location") ?? "");
  expect(result.outcome).toEqual({ kind: "success" });
  return id;
}

describe("what the bank is told", () => {
  it("the reason's id and its catalogue text, and what was typed apart", async () => {
    const id = await anasTransfer();
    const booked = world.sandbox.state.operations.find((operation) => String(operation.id) === id);
    expect(booked).toMatchObject({ concept: Number(REASON_ID), conceptString: REASON, aditionalInformation: CONCEPT });
  });

  it("a recurring payment made from the calculator is told the same way", async () => {
    const fields = await transferFields(world.browser, {
      intent: "programar",
      amount: "4,321.00",
      frequency: "monthly",
      firstDate: addDays(mexicoDate(), 1),
      ends: "count",
      count: "3",
    });
    expect((await submit(world.browser, fields)).headers.get("location")).toBe("/pagos-recurrentes");
    const schedule = world.sandbox.state.scheduledPayments.schedules.find((candidate) => candidate.transfer.amount === 4321);
    expect(schedule?.transfer).toMatchObject({ concept: Number(REASON_ID), conceptString: REASON, aditionalInformation: CONCEPT });
  });

  it("refuses a reason that is not in the catalogue, keeps what was typed, and sends nothing", async () => {
    const calls = await requestCount(world.sandbox, "/api/setoperation");
    const refused = await submit(world.browser, await transferFields(world.browser, { reason: "7" }));
    expect(refused.status).toBe(400);
    const { result } = await refused.json();
    expect(result.error.reason).toEqual(["Selecciona un motivo de pago de la lista."]);
    expect(result.initialValue.concept).toBe(CONCEPT);
    expect(await requestCount(world.sandbox, "/api/setoperation")).toBe(calls);
  });
});

describe("where it is read", () => {
  it("the detail drawer: 'Motivo de pago' is the reason, 'Concepto' what was typed", async () => {
    const id = await anasTransfer();
    const { detail: view } = await (await load(detail, world.browser, `/historial-operaciones/${id}`, { id })).json();
    expect(view).toMatchObject({ paymentReason: REASON, concept: CONCEPT });
  });

  it("the approvals list: what Carlos loaded shows its reason and its concept apart", async () => {
    await setCollaboratorPermissions(world.sandbox, [
      "send_money_to_own_accounts",
      "send_money_to_third_accounts",
      "can_create_operations",
    ]);
    const carlos = await collaboratorBrowser(await loginAs(world.sandbox, "carlos.colaborador"));
    const loaded = await submit(carlos, await transferFields(carlos));
    expect(loaded.headers.get("location")).toMatch(/^\/\?aprobacion=\d+$/);
    const id = new URL(`${APP}${loaded.headers.get("location")}`).searchParams.get("aprobacion");
    const { rows } = await (await load(approvals, world.browser, "/aprobaciones")).json();
    expect(rows.find((row: { id: string }) => row.id === id)).toMatchObject({ paymentReason: REASON, concept: CONCEPT });
  });

  it("the shared e-mail of the estimated arrival: the reason and the concept, each in its field", async () => {
    const id = await anasTransfer();
    await control(world.sandbox, "/__outbox", undefined, "DELETE");
    const sent = await answerOf(() =>
      servedRoute(sharePreview).action({
        request: formPost(`/historial-operaciones/${id}/vista-previa`, world.browser.cookie, {
          csrf: world.browser.csrf,
          intent: "send",
          estimatedArrival: "on",
          email: "pagos@proveedoratextil.mx",
        }),
        context,
        params: { id },
      }),
    );
    expect(sent.status).toBe(302);
    const [email] = (await control(world.sandbox, "/__outbox", undefined, "GET")) as Array<{
      template: string;
      data: Record<string, string>;
    }>;
    expect(email.template).toBe("estimatedArrival");
    expect(email.data).toMatchObject({ paymentReason: REASON, concept: CONCEPT });
  });

  it("'Verificar datos' after a refused key brings back the reason and the typed concept, not the reason as concept", async () => {
    const sent = await submit(world.browser, await transferFields(world.browser));
    const { result } = await challenge(sent.headers.get("location") ?? "", "111111");
    expect(result.outcome.kind).toBe("operationError");
    const verify = new URL(`${APP}${result.verifyHref}`).searchParams;
    expect(verify.get("motivo")).toBe(REASON_ID);
    expect(verify.get("concepto")).toBe(CONCEPT);
  });

  it.skipIf(!existsSync("/usr/bin/chromium"))(
    "the receipt prints the reason under 'Motivo de pago' and the concept under 'Concepto'",
    async () => {
      const id = await anasTransfer();
      const response = await load(receipt, world.browser, `/historial-operaciones/${id}/comprobante`, { id });
      expect(response.headers.get("Content-Type")).toBe("application/pdf");
      const dir = mkdtempSync(path.join(tmpdir(), "comprobante-"));
      onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
      const file = path.join(dir, "comprobante.pdf");
      writeFileSync(file, Buffer.from(await response.arrayBuffer()));
      const lines = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" })
        .split("\n")
        .map((line) => line.trim().replace(/\s{2,}/g, " | "));
      expect(lines).toContain(`Motivo de pago | ${REASON}`);
      expect(lines).toContain(`Concepto | ${CONCEPT}`);
    },
    30_000,
  );
});
