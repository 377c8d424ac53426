import { describe, expect, it } from "vitest";

import type { Side } from "#core/domain/prices";
import { priceHub } from "#server/prices/hub.server";

import { TEST_APP_URL as APP } from "../../tests/support/app-env";
import { answerOf, formPost, routeContext as context, sandboxedApp } from "../../tests/support/route-session";
import { control } from "../../tests/support/sandbox";
import { action, loader } from "./_index";
import { loader as detailLoader } from "./historial-operaciones.$id._index";
import { loader as transactionLoader } from "./transaction";

/**
 * Decision 094 through the routes: the calculator's price is the provider best for the client on the side
 * traded, the quote and /setoperation carry that provider's signed price, and the success result and the detail
 * name the provider as the bank recorded it.
 */
const world = sandboxedApp("proveedor");

const SLUG: Record<Side, string> = { buy: "compra", sell: "venta" };

async function calculatorOf(side: Side) {
  const response = await loader({
    request: new Request(`${APP}/?operacion=${SLUG[side]}`, { headers: { cookie: world.browser.cookie } }),
    context,
    params: {},
  });
  return (await response.json()).calculator;
}

/**
 * The calculator once the feed holds still: a tick signed after the reset (which replaced the signing secret),
 * then no more ticks, so the page's ranking and the hub's providers are of the same moment.
 */
async function stillCalculator(side: Side) {
  const started = Date.now();
  let calculator = await calculatorOf(side);
  for (let tries = 0; tries < 50 && (calculator.price?.ts ?? 0) < started; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    calculator = await calculatorOf(side);
  }
  await control(world.sandbox, "/__prices", { mode: "silent" });
  await new Promise((resolve) => setTimeout(resolve, 300));
  calculator = await calculatorOf(side);
  if (!calculator.price || !calculator.pair) throw new Error("the sandbox quotes the company's first pair");
  const providers = priceHub().current(calculator.pair).quote?.providers ?? [];
  return { calculator: { ...calculator, price: calculator.price }, providers };
}

const post = (fields: Record<string, string>) =>
  answerOf(() => action({ request: formPost("/", world.browser.cookie, fields), context, params: {} }));

function formOf(calculator: Awaited<ReturnType<typeof stillCalculator>>["calculator"], side: Side) {
  const [base, quote] = String(calculator.pair).split("/");
  const best = calculator.price[side].top[0];
  const accountIn = (currency: string) =>
    calculator.accounts.find((account: { currency: string }) => account.currency === currency)?.idAccount ?? "";
  return {
    csrf: world.browser.csrf,
    operation: side,
    intent: "cotizar",
    pair: calculator.pair as string,
    typed: "left",
    left: "1000",
    origin: accountIn(side === "buy" ? quote : base),
    destination: accountIn(side === "buy" ? base : quote),
    reason: String(calculator.reasons[0].id),
    idempotencyKey: calculator.idempotencyKey as string,
    lpId: best.lpId,
    sig: best.sig,
    priceTs: String(best.ts),
    lpBuy: String(best.buy),
    lpSell: String(best.sell),
  };
}

describe("the provider whose price the client gets (decision 094)", () => {
  it("buying: the page leads with the lowest Sell of every provider quoting, and the quote names it", async () => {
    const { calculator, providers } = await stillCalculator("buy");
    expect(providers.length).toBeGreaterThanOrEqual(4);
    const lowestSell = Math.min(...providers.map((provider) => provider.sell));
    const best = calculator.price.buy.top[0];
    expect(best.sell).toBe(lowestSell);
    expect(calculator.price.buy.price).toBe(lowestSell);
    const answer = await post(formOf(calculator, "buy"));
    expect(answer.status).toBe(200);
    const { quote } = await answer.json();
    expect(quote.price).toMatchObject({ lpId: best.lpId, price: lowestSell });
  });

  it("selling: the page leads with the highest Buy of every provider quoting, and the quote names it", async () => {
    const { calculator, providers } = await stillCalculator("sell");
    const highestBuy = Math.max(...providers.map((provider) => provider.buy));
    const best = calculator.price.sell.top[0];
    expect(best.buy).toBe(highestBuy);
    expect(calculator.price.sell.price).toBe(highestBuy);
    const { quote } = await (await post(formOf(calculator, "sell"))).json();
    expect(quote.price).toMatchObject({ lpId: best.lpId, price: highestBuy });
  });

  it("the bank books the chosen provider's signed price; the success result and the detail name it from the bank", async () => {
    const { calculator } = await stillCalculator("buy");
    const form = formOf(calculator, "buy");
    const { quote } = await (await post(form)).json();
    const sent = await post({
      ...form,
      left: quote.left,
      right: quote.right,
      quotedLeft: quote.left,
      quotedRight: quote.right,
      intent: "confirmar",
    });
    expect(sent.status).toBe(302);
    const trk = new URL(sent.headers.get("location") ?? "").searchParams.get("trk") ?? "";
    const booked = world.sandbox.state.operations.find((operation) => operation.trk === trk);
    expect(booked?.priceObject).toMatchObject({ lpId: form.lpId, sig: form.sig, sell: Number(form.lpSell) });

    const answered = await fetch(`${world.sandbox.url}/challenge`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ trk, clave: "123456", action: "confirmar" }),
    });
    const back = new URL(answered.headers.get("location") ?? "");
    const result = await answerOf(() =>
      transactionLoader({
        request: new Request(`${APP}/transaction${back.search}`, { headers: { cookie: world.browser.cookie } }),
        context,
        params: {},
      }),
    );
    const { outcome, summary } = await result.json();
    expect(outcome).toEqual({ kind: "success" });
    expect(summary.provider).toBe(form.lpId);

    const id = String(booked?.id);
    const detail = await answerOf(() =>
      detailLoader({
        request: new Request(`${APP}/historial-operaciones/${id}`, { headers: { cookie: world.browser.cookie } }),
        context,
        params: { id },
      }),
    );
    expect((await detail.json()).detail.amount.provider).toBe(form.lpId);
  });
});
