import { beforeEach, describe, expect, it } from "vitest";

import { servedRoute } from "#server/http/served-route.server";
import { resetForTests } from "#server/lifecycle.server";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { answerOf, collaboratorBrowser, formPost, routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import { control, loginAs, requestCount } from "../../tests/support/sandbox";
import * as root from "../root";
import * as route from "./contacto";

/**
 * The contact drawers' posts (decision 059): one schema per form judged here, every answer a
 * redirect to the drawer's step, the 12-minute block judged from the product's times before the
 * product is asked (a hand-made post cannot get round it), and the profile read fresh for the page.
 */
const world = sandboxedApp("contacto");
// The confirmation limits (decision 099) count per process: each case starts with its own.
beforeEach(() => resetForTests("rateLimiters"));

type Fields = Record<string, string>;
const post = (fields: Fields, cookie = world.browser.cookie) =>
  answerOf(() =>
    servedRoute(route).action({
      request: formPost("/contacto", cookie, { csrf: world.browser.csrf, redirectTo: "/cuentas", ...fields }),
      context,
      params: {},
    }),
  );
/** The shell's data for a page, as the browser would get it right after the redirect. */
const page = async (path: string) => {
  const response = await answerOf(() =>
    servedRoute(root).loader({ request: new Request(`${APP}${path}`, { headers: { cookie: world.browser.cookie } }), context, params: {} }),
  );
  return (await response.json()) as {
    contact: {
      summary: Record<string, { display: string | null; state: string; messageSent: boolean }>;
      drawer: Record<string, unknown> | null;
    };
    contactResult: { channel: string; step: string; result: { initialValue: Fields; error: Record<string, string[]> } } | null;
  };
};
const modifies = () => requestCount(world.sandbox, "/api/confirmationclients/modify");
const resends = () => requestCount(world.sandbox, "/api/confirmationclients/resend");

describe("'Correo de contacto'", () => {
  it("refuses an address with a space without asking the product, keeping what was typed for the drawer", async () => {
    const before = await modifies();
    const answer = await post({ intent: "enviar", canal: "email", email: "teso reria@bajio.mx" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/cuentas?drawer=correo");
    expect(await modifies()).toBe(before);
    const { contactResult } = await page("/cuentas?drawer=correo");
    expect(contactResult).toMatchObject({ channel: "email", step: "input" });
    expect(contactResult?.result.initialValue).toMatchObject({ email: "teso reria@bajio.mx" });
    expect(contactResult?.result.error.email).toEqual(["Ingresa un correo válido"]);
  });

  it("sends the new address, which is unverified until its link is followed, and shows the sent step", async () => {
    const answer = await post({ intent: "enviar", canal: "email", email: "tesoreria@importadorabajio.com.mx" });
    expect(answer.headers.get("location")).toBe("/cuentas?drawer=correo&paso=enviado");
    const { contact } = await page("/cuentas?drawer=correo&paso=enviado");
    expect(contact.summary.email).toEqual({ display: "tesoreria@importadorabajio.com.mx", state: "pending", messageSent: true });
    expect(contact.drawer).toMatchObject({ channel: "email", step: "sent", sentTo: "tesoreria@importadorabajio.com.mx" });
    expect(contact.drawer?.blockedMessage).toMatch(/^Podrás solicitar un nuevo mensaje a partir de las \d{2}:\d{2}\.$/);
  });

  it("answers 'already confirmed' for the verified address, in the field", async () => {
    await post({ intent: "enviar", canal: "email", email: "ana.martinez@importadorabajio.com.mx" });
    const { contactResult } = await page("/cuentas?drawer=correo");
    expect(contactResult?.result.error.email).toEqual(["Este correo ya está confirmado."]);
  });

  it("keeps the typed address and says §8's generic message when the product fails", async () => {
    await control(world.sandbox, "/__faults", { path: "/api/confirmationclients/modify", kind: "status", status: 500, times: -1 });
    const answer = await post({ intent: "enviar", canal: "email", email: "tesoreria@importadorabajio.com.mx", modo: "editar" });
    expect(answer.headers.get("location")).toBe("/cuentas?drawer=correo&modo=editar");
    const { contactResult } = await page("/cuentas?drawer=correo&modo=editar");
    expect(contactResult?.result.error[""]).toEqual(["Ha ocurrido un error, favor de intentarlo más tarde"]);
    expect(contactResult?.result.initialValue).toMatchObject({ email: "tesoreria@importadorabajio.com.mx" });
  });
});

describe("'WhatsApp'", () => {
  it("refuses anything but 10 digits with §5's message, and a dial code outside the catalogue", async () => {
    const before = await modifies();
    await post({ intent: "enviar", canal: "whatsapp", dialCode: "52", phone: "55123" });
    let { contactResult } = await page("/cuentas?drawer=whatsapp");
    expect(contactResult?.result.error.phone).toEqual(["Ingresa un teléfono válido"]);
    expect(contactResult?.result.initialValue).toMatchObject({ dialCode: "52", phone: "55123" });
    await post({ intent: "enviar", canal: "whatsapp", dialCode: "999", phone: "5512345678" });
    ({ contactResult } = await page("/cuentas?drawer=whatsapp"));
    expect(contactResult?.result.error.dialCode).toEqual(["Selecciona un código de país válido"]);
    expect(await modifies()).toBe(before);
  });

  it("offers the dial codes sorted numerically with +52 first chosen, and sends the code without '+' and the 10 digits", async () => {
    const { contact } = await page("/cuentas?drawer=whatsapp");
    const codes = (contact.drawer?.dialCodes as Array<{ code: string }>).map((option) => Number(option.code));
    expect(codes).toEqual([...codes].sort((a, b) => a - b));
    expect(contact.drawer?.initial).toEqual({ dialCode: "52", phone: "5512345678" });

    await post({ intent: "enviar", canal: "whatsapp", dialCode: "502", phone: "5587654321" });
    const messages = (await control(world.sandbox, "/__whatsapp", undefined, "GET")) as Array<{ to: string }>;
    expect(messages.at(-1)?.to).toBe("5025587654321");
    const after = await page("/cuentas?drawer=whatsapp&paso=enviado");
    expect(after.contact.summary.whatsapp).toEqual({ display: "+502 5587654321", state: "pending", messageSent: true });
  });
});

describe("the 12-minute block (§4, §9)", () => {
  it("refuses a resend posted by hand inside it without asking the product, and lets it through once 12 minutes passed", async () => {
    await post({ intent: "enviar", canal: "email", email: "tesoreria@importadorabajio.com.mx" });
    const before = await resends();
    const refused = await post({ intent: "reenviar", canal: "email" });
    expect(refused.headers.get("location")).toBe("/cuentas?drawer=correo&paso=enviado");
    expect(await resends()).toBe(before);
    const { contactResult } = await page("/cuentas?drawer=correo&paso=enviado");
    expect(contactResult).toMatchObject({ channel: "email", step: "sent" });
    expect(contactResult?.result.error[""]?.[0]).toMatch(/^Podrás solicitar un nuevo mensaje a partir de las \d{2}:\d{2}\.$/);

    // Sending the same address again is a resend in disguise.
    const modifiesBefore = await modifies();
    await post({ intent: "enviar", canal: "email", email: "tesoreria@importadorabajio.com.mx" });
    expect(await modifies()).toBe(modifiesBefore);

    await control(world.sandbox, "/__contact-verification/elapse", { minutes: 12, userName: "ana.admin" });
    const sent = await post({ intent: "reenviar", canal: "email" });
    expect(sent.headers.get("location")).toBe("/cuentas?drawer=correo&paso=enviado");
    expect(await resends()).toBe(before + 1);
    expect((await page("/cuentas?drawer=correo&paso=enviado")).contact.drawer?.blockedMessage).not.toBeNull();
  });

  it("with nothing waiting, the sent step reads as the input and a resend goes back to it", async () => {
    // Ana's e-mail is confirmed: nothing waits on that channel.
    expect((await page("/cuentas?drawer=correo&paso=enviado")).contact.drawer).toMatchObject({ step: "input" });
    const answer = await post({ intent: "reenviar", canal: "email" });
    expect(answer.headers.get("location")).toBe("/cuentas?drawer=correo");
  });
});

describe("confirmation messages under abuse (decision 099)", () => {
  const VICTIM = "victima@example.com";
  const emailsTo = async (address: string) => {
    const outbox = (await control(world.sandbox, "/__outbox", undefined, "GET")) as Array<{ template: string; to: string[] }>;
    return outbox.filter((email) => email.template === "confirmContact" && email.to.includes(address)).length;
  };
  const whatsAppsTo = async (number: string) =>
    ((await control(world.sandbox, "/__whatsapp", undefined, "GET")) as Array<{ to: string }>).filter((message) => message.to === number)
      .length;

  it("40 posts alternating a victim's address with others reach the victim once, and the member a few times in all", async () => {
    const before = await modifies();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post({ intent: "enviar", canal: "email", email: i % 2 === 0 ? VICTIM : `x${i}@example.com` })),
    );
    expect(await emailsTo(VICTIM)).toBe(1);
    const sent = (await modifies()) - before;
    expect(sent).toBeLessThanOrEqual(3);
    // A refusal is the form again, with what was typed and when to try again, never an error page.
    expect(answers.every((answer) => answer.status === 302)).toBe(true);
    expect(answers.filter((answer) => answer.headers.get("location") === "/cuentas?drawer=correo")).toHaveLength(40 - sent);
    const { contactResult } = await page("/cuentas?drawer=correo");
    expect(contactResult?.result.error[""]?.[0]).toMatch(/^Podrás solicitar un nuevo mensaje a partir de las \d{2}:\d{2}\.$/);
    expect(contactResult?.result.initialValue.email).toMatch(/@example\.com$/);
  });

  it("the same for WhatsApp numbers", async () => {
    const answers = [];
    for (let i = 0; i < 40; i += 1) {
      answers.push(
        await post({
          intent: "enviar",
          canal: "whatsapp",
          dialCode: "52",
          phone: i % 2 === 0 ? "5599990000" : `55000000${String(i).padStart(2, "0")}`,
        }),
      );
    }
    expect(await whatsAppsTo("525599990000")).toBe(1);
    expect(
      answers.filter((answer) => answer.headers.get("location") === "/cuentas?drawer=whatsapp&paso=enviado").length,
    ).toBeLessThanOrEqual(3);
  });

  it("an address that just received one is refused to another member of any company, and a spelling variant counts as it", async () => {
    await post({ intent: "enviar", canal: "email", email: VICTIM });
    const carlos = await collaboratorBrowser(await loginAs(world.sandbox, "carlos.colaborador"));
    const refused = await answerOf(() =>
      servedRoute(route).action({
        request: formPost("/contacto", carlos.cookie, {
          csrf: carlos.csrf,
          redirectTo: "/cuentas",
          intent: "enviar",
          canal: "email",
          email: "Victima+2@Example.com",
        }),
        context,
        params: {},
      }),
    );
    expect(refused.headers.get("location")).toBe("/cuentas?drawer=correo");
    expect(await emailsTo(VICTIM)).toBe(1);
    expect(await emailsTo("Victima+2@Example.com")).toBe(0);
  });
});

describe("'Recibir información en mi WhatsApp'", () => {
  it("is refused for a number not yet confirmed, and goes back to the user's data", async () => {
    const answer = await post({ intent: "whatsapp", canal: "whatsapp", activo: "on" });
    expect(answer.headers.get("location")).toBe("/cuentas?drawer=configuracion&tab=datos");
    expect((await page("/cuentas?drawer=configuracion&tab=datos")).contact.summary.whatsapp.state).toBe("pending");
  });
});

describe("malformed posts", () => {
  it("answer 400, never 500", async () => {
    const malformed: Fields[] = [{}, { intent: "enviar" }, { intent: "borrar", canal: "email" }, { intent: "enviar", canal: "fax" }];
    for (const fields of malformed) {
      expect((await post(fields)).status).toBe(400);
    }
    // A target off the site, or one a Location header cannot carry, falls back to the dashboard.
    for (const target of ["https://malo.example/", "//malo.example", "/a\r\nSet-Cookie: x=1", "/cuentas\u2028", "/\t/malo.example"]) {
      const answer = await post({ intent: "enviar", canal: "email", email: "x", redirectTo: target });
      expect([answer.status, answer.headers.get("location")]).toEqual([302, "/?drawer=correo"]);
    }
  });
});
