import { Writable } from "node:stream";

import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { loginAs } from "../tests/support/sandbox";
import { until } from "../tests/support/wait";
import { startSandbox } from "./server";

/**
 * The sandbox's request log once printed contact e-mails, WhatsApp numbers, login
 * `state` values and challenge `trk` values. Its lines go to the demo's output beside the app's,
 * so they are censored the way the app's are (core/log-redaction).
 */
const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString("utf8"));
    done();
  },
});
let sandbox: Awaited<ReturnType<typeof startSandbox>>;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, appUrl: "http://localhost:3999", logger: pino({ level: "info" }, capture) });
});
afterAll(() => sandbox.close());

const SECRETS = {
  state: "estado-secreto-7f3a9c",
  trk: "trk-secreto-55b1e0",
  email: "victima.contacto@example.com",
  whatsapp: "525599990000",
  token: "enlace-secreto-0c4d2b",
};

describe("the sandbox's request log", () => {
  it("shows no login state, challenge tracker, token, contact address or number", async () => {
    const { productJwt } = await loginAs(sandbox, "ana.admin");
    const auth = { authorization: `Bearer ${productJwt}` };
    await fetch(`${sandbox.url}/banca/entrar?usuario=ana.admin&state=${SECRETS.state}`, { redirect: "manual" });
    await fetch(`${sandbox.url}/challenge?trk=${SECRETS.trk}`, { redirect: "manual" });
    for (const [channel, data] of [
      ["email", SECRETS.email],
      ["whatsapp", SECRETS.whatsapp],
    ]) {
      await fetch(
        `${sandbox.url}/api/confirmationclients/modify?channel=${channel}&data=${encodeURIComponent(data)}&profile=true&verifyType=profile`,
        {
          method: "PUT",
          headers: auth,
        },
      );
    }
    await fetch(`${sandbox.url}/contacto/confirmar?token=${SECRETS.token}`, { redirect: "manual" });
    await fetch(`${sandbox.url}/api/profiles?member=1`, { headers: auth });
    // A request is logged once its response closes, which may be just after fetch() resolved: the last one ends the log.
    await until(() => lines.some((line) => line.includes('"path":"/api/profiles?member=1"')), { what: "the last request's log line" });

    const logged = lines.join("");
    expect(lines.length).toBeGreaterThanOrEqual(6);
    for (const secret of [...Object.values(SECRETS), encodeURIComponent(SECRETS.email), productJwt]) {
      expect(logged).not.toContain(secret);
    }
    // Still a useful log: the paths and statuses are there.
    expect(logged).toContain("/api/confirmationclients/modify?channel=email&data=[redactado]");
    expect(logged).toContain("/challenge?trk=[redactado]");
  });
});
