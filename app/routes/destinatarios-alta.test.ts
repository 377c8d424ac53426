import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { pointAppAtSandbox } from "../../tests/support/app-env";
import { anaBrowser, answerOf, formPost, routeContext as context } from "../../tests/support/route-session";
import type { TestSandbox } from "../../tests/support/sandbox";
import { control, loginAs, requestCount, startTestSandbox } from "../../tests/support/sandbox";
import { action } from "./destinatarios-alta";

let sandbox: TestSandbox;
let appEnv: Awaited<ReturnType<typeof pointAppAtSandbox>>;
let browser: Awaited<ReturnType<typeof anaBrowser>>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  appEnv = await pointAppAtSandbox(sandbox, "destinatarios-alta");
});

afterAll(async () => {
  await sandbox.close();
  await appEnv.restore();
});

beforeEach(async () => {
  await control(sandbox, "/__reset");
  browser = await anaBrowser(await loginAs(sandbox, "ana.admin"));
});

const physicalNational = {
  recipientType: "pfn",
  alias: "Fletes Ramírez",
  email: "jl@fletes.mx",
  phone: "5512345678",
  currency: "MXN",
  name: "José Luis",
  lastname1: "Ramírez",
  lastname2: "Ortega",
  rfc: "RAOJ800101AB1",
  clabe: "014180560032184793",
};

const register = (fields: Record<string, string>) =>
  answerOf(() =>
    action({
      request: formPost("/destinatarios-alta", browser.cookie, {
        csrf: browser.csrf,
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
    expect(sandbox.state.recipientRegistration.registrations).toHaveLength(1);
  });

  it("answers a CLABE with a wrong check digit with its message, keeps the other fields and calls nobody", async () => {
    const response = await register({ ...physicalNational, clabe: "014180560032184790" });
    expect(response.status).toBe(400);
    const { result } = await response.json();
    expect(result.error.clabe).toEqual(["Ingresa una CLABE válida"]);
    expect(result.initialValue.alias).toBe("Fletes Ramírez");
    expect(await requestCount(sandbox, "/api/recipient-registrations")).toBe(0);
  });
});
