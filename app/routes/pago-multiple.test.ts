import { describe, expect, it } from "vitest";

import { servedRoute } from "#server/http/served-route.server";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { answerOf, collaboratorBrowser, formPost, routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import type { TestSandbox } from "../../tests/support/sandbox";
import { control, loginAs, setCollaboratorPermissions } from "../../tests/support/sandbox";
import * as approvals from "./aprobaciones";
import * as page from "./pago-multiple";
import * as batchPage from "./pago-multiple_.autorizacion.$id";
import * as resultFile from "./pago-multiple_.resultado";
import * as transaction from "./transaction";

/**
 * One signature for a file of payments (decision 093), through the routes as a browser drives them:
 * the page stays amber until the token signs the file, 'Autorizar' makes one batch and one challenge
 * however often it is posted, the bank's one result comes back through /transaction once, and a
 * member who only loads payments can never sign them.
 */
const world = sandboxedApp("pago-multiple");
const PATH = "/pago-multiple";

type Browser = { cookie: string; csrf: string };

/** Ana's 'Operativa MXN' pays Textil del Norte and Aceros Querétaro (sandbox seed). */
const HEADER = "Origen,Cuenta origen,Destinatario,Cuenta destino,Divisa,Monto,Id motivo de pago,Motivo de pago,Detalle";
const csv = (amounts: string[]) =>
  [
    HEADER,
    ...amounts.map(
      (amount, index) =>
        `Operativa MXN,062225001002340014,Proveedor,${index % 2 ? "072680004588127341" : "012580019283746509"},MXN,${amount},1,,Factura ${index}`,
    ),
  ].join("\r\n");

const load = (browser: Browser, query: string) =>
  answerOf(() =>
    servedRoute(page).loader({
      request: new Request(`${APP}${PATH}${query}`, { headers: { cookie: browser.cookie } }),
      context,
      params: {},
    }),
  );
const post = (browser: Browser, fields: Record<string, string>) =>
  answerOf(() =>
    servedRoute(page).action({ request: formPost(PATH, browser.cookie, { csrf: browser.csrf, ...fields }), context, params: {} }),
  );

async function upload(browser: Browser, file: string): Promise<string> {
  const form = new FormData();
  form.set("csrf", browser.csrf);
  form.set("archivo", new File([file], "pagos.csv", { type: "text/csv" }));
  const response = await answerOf(() =>
    servedRoute(page).action({
      request: new Request(`${APP}${PATH}`, { method: "POST", headers: { cookie: browser.cookie }, body: form }),
      context,
      params: {},
    }),
  );
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location") ?? "", APP).searchParams.get("carga") ?? "";
}

/** Uploads, registers the valid rows and waits for the job; the page's data once it ended. */
async function registered(browser: Browser, amounts: string[]) {
  const id = await upload(browser, csv(amounts));
  expect((await post(browser, { intent: "registrar", carga: id })).status).toBe(302);
  for (let tries = 0; tries < 200; tries++) {
    const data = await (await load(browser, `?carga=${id}`)).json();
    if (data.upload.job?.finished) return { id, data: data.upload };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the job did not finish");
}

const batchesOf = async (sandbox: TestSandbox) =>
  (await control(sandbox, "/__operation-batches", undefined, "GET")) as Array<{
    id: number;
    status: string;
    reference: string | null;
    operationIds: number[];
  }>;
const batchPosts = async (sandbox: TestSandbox) =>
  ((await control(sandbox, "/__requests?path=/api/operation-batches", undefined, "GET")) as Array<{ method: string; path: string }>).filter(
    (entry) => entry.method === "POST" && entry.path === "/api/operation-batches",
  ).length;

/** The person types the key on the bank's page; the bank sends the browser back to the app's /transaction. */
async function signOnBankPage(challengeUrl: string, key = "123456"): Promise<string> {
  const trk = new URL(challengeUrl).searchParams.get("trk") ?? "";
  const response = await fetch(new URL("/challenge/batch", challengeUrl), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ trk, clave: key, action: "confirmar" }),
    redirect: "manual",
  });
  const back = new URL(response.headers.get("location") ?? "");
  return `${back.pathname}${back.search}`;
}

const returnTo = (browser: Browser, path: string) =>
  answerOf(() =>
    servedRoute(transaction).loader({
      request: new Request(`${APP}${path}`, { headers: { cookie: browser.cookie } }),
      context,
      params: {},
    }),
  );

const balanceOf = (sandbox: TestSandbox, idAccount: string) =>
  sandbox.state.accounts.find((account) => account.idAccount === idAccount)!.balance;

describe("a registered file", () => {
  it("is amber with one 'Autorizar' for its rows and totals, never green before the token", async () => {
    const { data } = await registered(world.browser, ["100.10", "200.20", "0"]);
    expect(data.state).toBe("toAuthorise");
    expect(data.authorise).toMatchObject({ count: 2, totals: [{ currency: "MXN", count: 2, total: "300.30" }], allowed: true });
    expect(data.rows.map((row: { status: string }) => row.status)).toEqual(["toAuthorise", "toAuthorise", "invalid"]);
    expect(await batchesOf(world.sandbox)).toHaveLength(0);
  });

  it("makes one batch and one challenge for any number of concurrent posts, and refuses a key that is not the page's", async () => {
    const { id, data } = await registered(world.browser, ["10.00", "20.00", "30.00"]);
    const fields = { intent: "autorizar", carga: id, idempotencyKey: data.authorise.idempotencyKey };
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(world.browser, fields)));
    expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302, 302, 302, 302]);
    const locations = new Set(answers.map((answer) => answer.headers.get("location")));
    expect(locations.size).toBe(1);
    const challenge = new URL([...locations][0] ?? "");
    expect(challenge.pathname).toBe("/challenge/batch");
    expect(challenge.searchParams.has("jwt")).toBe(false);
    expect(await batchPosts(world.sandbox)).toBe(1);
    const batches = await batchesOf(world.sandbox);
    expect(batches).toMatchObject([{ status: "pending", reference: id }]);
    expect(batches[0].operationIds).toHaveLength(3);

    // A second instance (no shared claims) asks the bank with the same key: the same batch answers.
    const bank = await fetch(`${world.sandbox.url}/api/operation-batches`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${(await loginAs(world.sandbox, "ana.admin")).productJwt}`,
        "content-type": "application/json",
        "idempotency-key": data.authorise.idempotencyKey,
      },
      body: JSON.stringify({ operationIds: batches[0].operationIds, reference: id, fileName: "pagos.csv" }),
    });
    expect(((await bank.json()) as { uri: string }).uri).toBe(challenge.toString());
    expect(await batchesOf(world.sandbox)).toHaveLength(1);

    const stale = await post(world.browser, { ...fields, idempotencyKey: "00000000-0000-4000-8000-000000000000" });
    expect(stale.status).toBe(422);
    expect((await stale.json()).authorise.message).toBe("Esta página ya no está al día. Actualízala y vuelve a autorizar.");
    expect((await post(world.browser, { ...fields, idempotencyKey: "x" })).status).toBe(400);
  });

  it("goes green once the bank sent every row; a reload of the return moves nothing again", async () => {
    const { id, data } = await registered(world.browser, ["1000.00", "2500.50"]);
    const before = balanceOf(world.sandbox, "A-100234-01");
    const answer = await post(world.browser, { intent: "autorizar", carga: id, idempotencyKey: data.authorise.idempotencyKey });
    const back = await signOnBankPage(answer.headers.get("location") ?? "");
    expect(back).toMatch(/^\/transaction\?trk=.+&batch=\d+&res=0&/);

    const landed = await returnTo(world.browser, back);
    expect(landed.status).toBe(302);
    expect(landed.headers.get("location")).toBe(`/pago-multiple?carga=${id}`);
    const after = await (await load(world.browser, `?carga=${id}`)).json();
    expect(after.upload.state).toBe("sent");
    expect(after.upload.authorise).toBeNull();
    expect(after.upload.rows.map((row: { status: string }) => row.status)).toEqual(["sent", "sent"]);
    expect(balanceOf(world.sandbox, "A-100234-01")).toBeCloseTo(before - 3500.5, 2);

    const again = await returnTo(world.browser, back);
    expect(again.headers.get("location")).toBe(`/pago-multiple?carga=${id}`);
    expect(balanceOf(world.sandbox, "A-100234-01")).toBeCloseTo(before - 3500.5, 2);

    const file = await answerOf(() =>
      servedRoute(resultFile).loader({
        request: new Request(`${APP}/pago-multiple/resultado?carga=${id}&formato=csv`, { headers: { cookie: world.browser.cookie } }),
        context,
        params: {},
      }),
    );
    const lines = (await file.text()).split("\r\n").slice(1).filter(Boolean);
    expect(lines.map((line) => line.split(",")[6])).toEqual(["Enviado", "Enviado"]);
  });

  it("says which rows were not sent when the file's account could not pay them all", async () => {
    const { id, data } = await registered(world.browser, ["300.00", "500.00", "100.00"]);
    const answer = await post(world.browser, { intent: "autorizar", carga: id, idempotencyKey: data.authorise.idempotencyKey });
    // Money left the account after the preview: 650 pays the first and third rows only.
    world.sandbox.state.accounts.find((account) => account.idAccount === "A-100234-01")!.balance = 650;
    await returnTo(world.browser, await signOnBankPage(answer.headers.get("location") ?? ""));
    const after = (await (await load(world.browser, `?carga=${id}`)).json()).upload;
    expect(after.state).toBe("partial");
    expect(after.rows.map((row: { status: string }) => row.status)).toEqual(["sent", "failedFunds", "sent"]);
  });
});

describe("a member who only loads payments", () => {
  it("cannot sign them: his file goes to the administrator, who approves and signs it with one token", async () => {
    await setCollaboratorPermissions(world.sandbox, ["send_money_to_third_accounts", "can_create_operations"]);
    const carlos = await collaboratorBrowser(await loginAs(world.sandbox, "carlos.colaborador"));
    const { id, data } = await registered(carlos, ["40.00", "60.00"]);
    expect(data.state).toBe("toApprove");
    expect(data.authorise).toBeNull();
    const forged = await post(carlos, { intent: "autorizar", carga: id, idempotencyKey: "00000000-0000-4000-8000-000000000000" });
    expect(forged.status).toBe(403);
    const [handed] = await batchesOf(world.sandbox);
    expect(handed).toMatchObject({ status: "awaitingApproval", reference: id });

    // Ana sees the file as one item, not its rows one by one, and approves it with one action.
    const list = await (
      await answerOf(() =>
        servedRoute(approvals).loader({
          request: new Request(`${APP}/aprobaciones`, { headers: { cookie: world.browser.cookie } }),
          context,
          params: {},
        }),
      )
    ).json();
    expect(list.files).toMatchObject([{ id: String(handed.id), count: 2, fileName: "pagos.csv", loadedBy: "Carlos Hernández Soto" }]);
    const rowIds = list.rows.map((row: { id: string }) => row.id);
    for (const operationId of handed.operationIds) expect(rowIds).not.toContain(String(operationId));
    // Carlos cannot approve it, however he posts.
    const carlosApproves = await answerOf(() =>
      servedRoute(approvals).action({
        request: formPost("/aprobaciones", carlos.cookie, {
          csrf: carlos.csrf,
          intent: "aprobar-archivo",
          lote: String(handed.id),
          idempotencyKey: list.files[0].idempotencyKey,
        }),
        context,
        params: {},
      }),
    );
    expect(carlosApproves.status).toBe(403);

    const approve = () =>
      answerOf(() =>
        servedRoute(approvals).action({
          request: formPost("/aprobaciones", world.browser.cookie, {
            csrf: world.browser.csrf,
            intent: "aprobar-archivo",
            lote: String(handed.id),
            idempotencyKey: list.files[0].idempotencyKey,
          }),
          context,
          params: {},
        }),
      );
    const [first, second] = await Promise.all([approve(), approve()]);
    expect(first.status).toBe(302);
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    const back = await signOnBankPage(first.headers.get("location") ?? "");
    const landed = await returnTo(world.browser, back);
    // The upload is Carlos's: Ana lands on the batch's own page.
    expect(landed.headers.get("location")).toBe(`/pago-multiple/autorizacion/${handed.id}`);
    const shown = await (
      await answerOf(() =>
        servedRoute(batchPage).loader({
          request: new Request(`${APP}/pago-multiple/autorizacion/${handed.id}`, { headers: { cookie: world.browser.cookie } }),
          context,
          params: { id: String(handed.id) },
        }),
      )
    ).json();
    expect(shown).toMatchObject({ state: "sent", sent: 2, loadedBy: "Carlos Hernández Soto", approvedBy: "Ana Martínez Ríos" });
    // And Carlos's page says his file was sent.
    expect((await (await load(carlos, `?carga=${id}`)).json()).upload.state).toBe("sent");
  });
});
