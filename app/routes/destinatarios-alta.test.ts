import { describe, expect, it } from "vitest";

import { physicalNationalInput } from "../../tests/support/recipient-inputs";
import { answerOf, formPost, routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import { requestCount } from "../../tests/support/sandbox";
import { action } from "./destinatarios-alta";

const world = sandboxedApp("destinatarios-alta");

const physicalNational = physicalNationalInput;

const register = (fields: Record<string, string>) =>
  answerOf(() =>
    action({
      request: formPost("/destinatarios-alta", world.browser.cookie, {
        csrf: world.browser.csrf,
        intent: "registrar",
        idempotencyKey: "5b0a7c1e-9d2f-4c3b-8a6e-1f2d3c4b5a69",
        ...fields,
      }),
      context,
      params: {},
    }),
  );

describe("registering a recipient (action)", () => {
  it("sends a valid registration to the bank's challenge, once for one key", async () => {
    const first = await register(physicalNational);
    const second = await register(physicalNational);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toMatch(/\/challenge/);
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    expect(world.sandbox.state.recipientRegistration.registrations).toHaveLength(1);
  });

  it("refuses the same key with other data (422), keeps what was typed and calls nobody", async () => {
    const idempotencyKey = "0d6e2f4a-3b1c-4e5d-9f8a-7b6c5d4e3f2a";
    expect((await register({ ...physicalNational, idempotencyKey })).status).toBe(302);
    const calls = await requestCount(world.sandbox, "/api/recipient-registrations");
    const changed = await register({ ...physicalNational, alias: "Fletes Norte", idempotencyKey });
    expect(changed.status).toBe(422);
    const { result } = await changed.json();
    expect(result.error[""]).toEqual([
      "Este formulario ya se envió con otros datos. Revisa el destinatario y pulsa Continuar con mi token de nuevo para registrarlo.",
    ]);
    expect(result.initialValue.alias).toBe("Fletes Norte");
    expect(await requestCount(world.sandbox, "/api/recipient-registrations")).toBe(calls);
    expect(world.sandbox.state.recipientRegistration.registrations).toHaveLength(1);
  });

  it("answers a CLABE with a wrong check digit with its message, keeps the other fields and calls nobody", async () => {
    const response = await register({ ...physicalNational, clabe: "014180560032184790" });
    expect(response.status).toBe(400);
    const { result } = await response.json();
    expect(result.error.clabe).toEqual(["Ingresa una CLABE válida"]);
    expect(result.initialValue.alias).toBe("Fletes Ramírez");
    expect(await requestCount(world.sandbox, "/api/recipient-registrations")).toBe(0);
  });

  it("refuses an alias a spreadsheet would run as a formula, and calls nobody", async () => {
    const response = await register({ ...physicalNational, alias: '=HYPERLINK("http://evil.example","Fletes")' });
    expect(response.status).toBe(400);
    const { result } = await response.json();
    expect(result.error.alias).toEqual(["El alias no puede empezar con =, +, - ni @"]);
    expect(await requestCount(world.sandbox, "/api/recipient-registrations")).toBe(0);
  });
});

describe("switching the recipient type (action, decision 053)", () => {
  const post = (fields: Record<string, string>) =>
    answerOf(() =>
      action({
        request: formPost("/destinatarios-alta?tipo=pmn", world.browser.cookie, {
          csrf: world.browser.csrf,
          idempotencyKey: "7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
          ...fields,
        }),
        context,
        params: {},
      }),
    );

  it("answers what was typed, without rules and without calling the bank", async () => {
    const response = await post({
      intent: "tipo:pmn",
      recipientType: "pfn",
      name: "Mariana",
      alias: "Mariana Torres",
      email: "m@torres.mx",
    });
    expect(response.status).toBe(200);
    const { result } = await response.json();
    expect(result.error ?? {}).toEqual({});
    expect(result.initialValue).toMatchObject({ name: "Mariana", alias: "Mariana Torres", email: "m@torres.mx" });
    expect(await requestCount(world.sandbox, "/api/recipient-registrations")).toBe(0);
  });

  it("registers a moral recipient without the física fields the form carried along", async () => {
    const response = await post({
      ...physicalNational,
      intent: "registrar",
      recipientType: "pmn",
      companyName: "Fletes Ramírez S.A.",
      relationType: "PROVIDER",
      amountMax: "1",
    });
    expect(response.status).toBe(302);
    const [registration] = world.sandbox.state.recipientRegistration.registrations;
    expect(registration?.data).toMatchObject({
      recipientType: "pmn",
      companyName: "Fletes Ramírez S.A.",
      names: null,
      fatherLastName: null,
    });
  });
});
