import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { CONTACT_CODE_BLOCK_MS } from "./contact";
import { type Sandbox, startSandbox } from "./server";
import { type Json, sandboxClient } from "./test-support";

const NOW = new Date("2026-03-10T18:00:00.000Z");

let sandbox: Sandbox;
const { call, control, get, post, productJwt, put } = sandboxClient(() => sandbox);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, appUrl: "http://app.test:3000", now: () => NOW });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(async () => {
  await fetch(`${sandbox.url}/__reset`, { method: "POST" });
});

async function profileOf(jwt: string, memberId: number): Promise<Json> {
  const { body } = await get(jwt, `/api/profiles?member=${memberId}`);
  return body[0];
}

/** Follows a confirmation link as a person does: opens the page, then presses its button. */
async function confirmLink(url: string): Promise<{ status: number; text: string }> {
  const page = await fetch(url);
  const pageText = await page.text();
  if (page.status !== 200) return { status: page.status, text: pageText };
  const token = new URL(url).searchParams.get("token") ?? "";
  const res = await fetch(`${sandbox.url}/contacto/confirmar`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token }),
  });
  return { status: res.status, text: await res.text() };
}

describe("profiles", () => {
  it("shows each demo member's contact data and its verified state", async () => {
    const ana = await profileOf(await productJwt("ana.admin"), 1);
    expect(ana).toMatchObject({
      email: "ana.martinez@importadorabajio.com.mx",
      emailVerified: true,
      phone: "525512345678",
      phoneVerified: false,
      to_verify_phone_number: "525512345678",
      email_to_verify: null,
      phone_channel: false,
      profileType: "ADMINISTRADOR",
      verification: { whatsapp: { requestVerification: true, lastCodeSentTs: null, blockedUntilTs: null } },
    });
    const carlos = await profileOf(await productJwt("carlos.colaborador"), 2);
    expect(carlos).toMatchObject({ phone: "524771234567", phoneVerified: true, phone_channel: true, emailVerified: false });
    expect((await profileOf(await productJwt("paula.prueba"), 4)).phone).toBeNull();
  });

  it("needs the member's jwt; POST /profiles answers the caller's own profile only", async () => {
    expect((await call("/api/profiles?member=1")).status).toBe(401);
    expect((await post("not-a-jwt", "/api/profiles/verification")).status).toBe(401);
    const jwt = await productJwt("ana.admin");
    expect((await post(jwt, "/api/profiles", { member: 1 })).body).toMatchObject({
      id: 101,
      email: "ana.martinez@importadorabajio.com.mx",
    });
    expect((await post(jwt, "/api/profiles", { member: 2 })).status).toBe(403);
    expect((await post(jwt, "/api/profiles", {})).status).toBe(400);
  });

  it("lists real dial codes", async () => {
    const { body } = await get(await productJwt("ana.admin"), "/api/countrycodes");
    expect(body).toEqual(expect.arrayContaining([expect.objectContaining({ country_code: "+52", country: "México" })]));
    expect(body.map((code) => code.country_code)).toEqual(expect.arrayContaining(["+1", "+34", "+44", "+502"]));
  });
});

describe("PUT /confirmationclients/modify", () => {
  it("refuses a bad channel, e-mail or number", async () => {
    const jwt = await productJwt("ana.admin");
    expect((await put(jwt, "/api/confirmationclients/modify?channel=sms&data=x")).body.code).toBe("INVALID_CHANNEL");
    for (const data of ["ana @x.mx", "sin-arroba", ""]) {
      const answer = await put(jwt, `/api/confirmationclients/modify?channel=email&data=${encodeURIComponent(data)}`);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe("INVALID_EMAIL");
    }
    // 9 digits; 11 digits after +52; an unknown dial code (+999); a '+' sign.
    for (const data of ["52551234567", "5255123456789", "9995512345678", "+525512345678"]) {
      const answer = await put(jwt, `/api/confirmationclients/modify?channel=whatsapp&data=${encodeURIComponent(data)}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: "INVALID_PHONE", message: "Ingresa un teléfono válido" });
    }
    expect(sandbox.state.outbox).toHaveLength(0);
    expect((await call("/__whatsapp")).body).toHaveLength(0);
  });

  it("changes the e-mail, unverified, and e-mails a link that confirms it with a profileUpdate notification", async () => {
    const jwt = await productJwt("ana.admin");
    const data = "tesoreria@importadorabajio.com.mx";
    const sent = await put(
      jwt,
      `/api/confirmationclients/modify?channel=email&data=${encodeURIComponent(data)}&profile=true&verifyType=profile`,
    );
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      channel: "email",
      data,
      sent: true,
      requestVerification: true,
      lastCodeSentTs: NOW.getTime(),
      blockedUntilTs: NOW.getTime() + CONTACT_CODE_BLOCK_MS,
    });
    expect(await profileOf(jwt, 1)).toMatchObject({ email: data, emailVerified: false, email_to_verify: data, verify_type: "profile" });

    const { body: outbox } = await call("/__outbox");
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ template: "confirmContact", to: [data], memberId: 1, clientId: "100234" });
    const url = String((outbox[0].data as Json).confirmUrl);
    expect(url).toMatch(new RegExp(`^${sandbox.url}/contacto/confirmar\\?token=`));

    const unreadBefore = sandbox.state.notifications.filter((n) => n.memberId === 1 && !n.read).length;
    const confirmed = await confirmLink(url);
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain("Correo confirmado");
    expect(await profileOf(jwt, 1)).toMatchObject({ email: data, emailVerified: true, email_to_verify: null });
    const notices = sandbox.state.notifications.filter((n) => n.memberId === 1 && !n.read);
    expect(notices).toHaveLength(unreadBefore + 1);
    expect(notices.at(-1)).toMatchObject({
      module: "profileUpdate",
      title: "Datos de contacto actualizados",
      detail: { channel: "email" },
    });

    // A link works once.
    expect((await confirmLink(url)).status).toBe(404);
  });

  it("sends WhatsApp messages to the second outbox, and the number is verified once its link is followed", async () => {
    const jwt = await productJwt("ana.admin");
    const sent = await put(jwt, "/api/confirmationclients/modify?channel=whatsapp&data=523312345678");
    expect(sent.body).toMatchObject({ channel: "whatsapp", data: "523312345678", sent: true });
    const { body: messages } = await call("/__whatsapp");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ memberId: 1, to: "523312345678" });
    expect(String(messages[0].text)).toContain(String(messages[0].confirmUrl));
    expect(sandbox.state.outbox).toHaveLength(0);

    const page = await (await fetch(`${sandbox.url}/bandeja`)).text();
    expect(page).toContain("Confirmar número");
    // Opening the link does not confirm by itself (a link scanner must not confirm for the person).
    await fetch(String(messages[0].confirmUrl));
    expect((await profileOf(jwt, 1)).phoneVerified).toBe(false);

    expect((await confirmLink(String(messages[0].confirmUrl))).text).toContain("Número confirmado");
    expect(await profileOf(jwt, 1)).toMatchObject({ phone: "523312345678", phoneVerified: true, to_verify_phone_number: null });
  });

  it("refuses to re-verify a confirmed address; changing a verified number unverifies it and turns its channel off", async () => {
    const jwt = await productJwt("carlos.colaborador");
    const same = await put(jwt, "/api/confirmationclients/modify?channel=whatsapp&data=524771234567");
    expect(same).toMatchObject({ status: 409, body: { code: "ALREADY_VERIFIED" } });
    await put(jwt, "/api/confirmationclients/modify?channel=whatsapp&data=524779876543");
    expect(await profileOf(jwt, 2)).toMatchObject({ phone: "524779876543", phoneVerified: false, phone_channel: false });
    // Carlos's seeded e-mail is unverified: the same address may be sent again, and confirming it ends his notice.
    const flag = () => sandbox.state.modalFlags.find((candidate) => candidate.memberId === 2 && candidate.modal === "verify_email_on_init");
    expect(flag()?.show).toBe(true);
    await put(jwt, "/api/confirmationclients/modify?channel=email&data=carlos.hernandez%40importadorabajio.com.mx");
    const { body: outbox } = await call("/__outbox");
    expect((await confirmLink(String((outbox[0].data as Json).confirmUrl))).status).toBe(200);
    expect(flag()?.show).toBe(false);
    expect((await profileOf(jwt, 2)).emailVerified).toBe(true);
    // Now verified: the same address again is refused.
    expect((await put(jwt, "/api/confirmationclients/modify?channel=email&data=carlos.hernandez%40importadorabajio.com.mx")).status).toBe(
      409,
    );
  });

  it("an older link stops working once a newer message is sent", async () => {
    const jwt = await productJwt("ana.admin");
    await put(jwt, "/api/confirmationclients/modify?channel=whatsapp&data=523312345678");
    await put(jwt, "/api/confirmationclients/modify?channel=whatsapp&data=523398765432");
    const { body: messages } = await call("/__whatsapp");
    expect((await confirmLink(String(messages[0].confirmUrl))).status).toBe(404);
    expect((await confirmLink(String(messages[1].confirmUrl))).status).toBe(200);
    expect((await profileOf(jwt, 1)).phone).toBe("523398765432");
  });
});

describe("PUT /confirmationclients/resend and the 12-minute block", () => {
  it("refuses a resend within 12 minutes of the last message, saying when, and allows it after (clock control)", async () => {
    const jwt = await productJwt("ana.admin");
    // Ana's seeded number waits for confirmation and no message went out yet: the first resend is free.
    const first = await put(jwt, "/api/confirmationclients/resend?channel=whatsapp");
    expect(first.status).toBe(200);
    expect(first.body.blockedUntilTs).toBe(NOW.getTime() + CONTACT_CODE_BLOCK_MS);

    const blocked = await put(jwt, "/api/confirmationclients/resend?channel=whatsapp");
    expect(blocked.status).toBe(409);
    // 18:12 UTC is 12:12 in Mexico City.
    expect(blocked.body).toEqual({
      code: "RESEND_BLOCKED",
      message: "Podrás solicitar un nuevo mensaje a partir de las 12:12.",
      blockedUntilTs: NOW.getTime() + CONTACT_CODE_BLOCK_MS,
    });

    expect((await control("/__contact-verification/elapse", { minutes: 11, userName: "ana.admin" })).body).toEqual({ moved: 1 });
    expect((await put(jwt, "/api/confirmationclients/resend?channel=whatsapp")).status).toBe(409);
    await control("/__contact-verification/elapse", { minutes: 1 });
    const again = await put(jwt, "/api/confirmationclients/resend?channel=whatsapp");
    expect(again.status).toBe(200);
    expect((await call("/__whatsapp")).body).toHaveLength(2);
    expect((await post(jwt, "/api/profiles/verification")).body).toMatchObject({
      whatsapp: {
        verified: false,
        requestVerification: true,
        lastCodeSentTs: NOW.getTime(),
        blockedUntilTs: NOW.getTime() + CONTACT_CODE_BLOCK_MS,
      },
      email: { verified: true, requestVerification: false },
    });
  });

  it("a modify also starts the block; nothing pending answers NOTHING_TO_CONFIRM", async () => {
    const jwt = await productJwt("ana.admin");
    expect((await put(jwt, "/api/confirmationclients/resend?channel=email")).body.code).toBe("NOTHING_TO_CONFIRM");
    expect((await put(jwt, "/api/confirmationclients/resend")).body.code).toBe("INVALID_CHANNEL");
    await put(jwt, "/api/confirmationclients/modify?channel=email&data=pagos%40importadorabajio.com.mx");
    expect((await put(jwt, "/api/confirmationclients/resend?channel=email")).body.code).toBe("RESEND_BLOCKED");
    expect((await control("/__contact-verification/elapse", { minutes: 0 })).status).toBe(400);
    expect((await control("/__contact-verification/elapse", { minutes: 5, userName: "nadie" })).status).toBe(404);
  });
});

describe("POST /profiles/activate-channel", () => {
  it("turns WhatsApp information on only for a verified number", async () => {
    const ana = await productJwt("ana.admin");
    expect((await post(ana, "/api/profiles/activate-channel", { channel: "whatsapp", active: true })).body.code).toBe("PHONE_NOT_VERIFIED");
    const carlos = await productJwt("carlos.colaborador");
    const off = await post(carlos, "/api/profiles/activate-channel", { channel: "whatsapp", active: false });
    expect(off).toMatchObject({ status: 200, body: { phone_channel: false } });
    expect((await post(carlos, "/api/profiles/activate-channel", { channel: "whatsapp", active: true })).body.phone_channel).toBe(true);
    expect((await post(carlos, "/api/profiles/activate-channel", { channel: "sms", active: true })).status).toBe(400);
  });
});
