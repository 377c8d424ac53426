import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import { typedAmount } from "#core/domain/calculator-prefill";
import { SLUG_OF } from "#core/domain/calculator-tabs";
import { marketNotice } from "#core/domain/market";
import { exchangeSchema, transferSchema } from "#core/domain/trade-form";
import { displayCurrency, formatMoney } from "#core/money";
import { withoutParams, withParams } from "#core/url";
import { formAnswer } from "#server/forms.server";
import { newToast, redirectWithToast, requireAccess } from "#server/session/auth.server";
import { readForm } from "#server/session/csrf.server";
import { companyAccounts } from "#server/trading/accounts.server";
import type { ComputedQuote, Tab } from "#server/trading/calculator.server";
import { computeQuote, loadCalculator, priceFieldsSchema } from "#server/trading/calculator.server";
import { submitTrade } from "#server/trading/submit.server";
import { optional } from "#server/upstream/optional.server";
import { Calculator } from "~/components/trading/Calculator";
import { PricePanel } from "~/components/trading/PricePanel";
import { useLivePrice } from "~/components/trading/use-live-price";
import { buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/Modal";
import { serverT } from "~/i18next.server";
import type { PageHandle } from "~/utils/page-title";

/**
 * Dashboard 'Operar' (§2): live prices, the accounts and the calculator. Its upstream calls run
 * in parallel, so the page costs its slowest call.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context);
  const url = new URL(request.url);
  const started = performance.now();
  const [accounts, calculatorData] = await Promise.all([
    optional(companyAccounts(access), null, { log: context.log, event: "bank_accounts_unavailable" }),
    loadCalculator(access, url),
  ]);
  const calculator = { ...calculatorData, accounts: accounts?.views ?? [] };
  const upstreamMs = Math.round(performance.now() - started);

  // A prefilled amount (e.g. 'Verificar datos' after a timeout) is quoted again at today's best price.
  let quote: ComputedQuote | null = null;
  const prefilledAmount = typedAmount(calculator.prefill);
  const best = calculator.price?.[calculator.tab === "sell" ? "sell" : "buy"].top[0];
  if (calculator.pair && calculator.tab !== "transfer" && prefilledAmount && best) {
    const computed = await computeQuote(access, {
      side: calculator.tab,
      pair: calculator.pair,
      typed: calculator.prefill.typed,
      amount: prefilledAmount,
      price: { lpId: best.lpId, sig: best.sig, priceTs: best.ts, lpBuy: best.buy, lpSell: best.sell },
    });
    quote = typeof computed === "string" ? null : computed;
  }

  return json(
    {
      companyName: access.company.businessName,
      accounts: accounts?.views ?? null,
      calculator,
      quote,
      approval: url.searchParams.get("aprobacion"),
    },
    { headers: { "Server-Timing": `upstream;dur=${upstreamMs}`, "Cache-Control": "private, no-store" } },
  );
}

/**
 * Without JS the form cannot say which amount was typed: after a quote both are filled, so the
 * one that differs from the quoted value is the one the person changed.
 */
function typedSide(form: FormData): "left" | "right" {
  const typed = form.get("typed") === "right" ? "right" : "left";
  const quotedLeft = form.get("quotedLeft");
  if (quotedLeft === null) return form.get("left") ? typed : "right";
  const leftChanged = form.get("left") !== quotedLeft;
  const rightChanged = form.get("right") !== form.get("quotedRight");
  if (leftChanged !== rightChanged) return leftChanged ? "left" : "right";
  return typed;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireAccess(request, context);
  const formData = await readForm(request);
  const transfer = formData.get("operation") === "transfer";
  if (!transfer) formData.set("typed", typedSide(formData));
  const t = await serverT("dashboard");

  if (transfer) {
    const submission = parseWithZod(formData, { schema: transferSchema });
    if (submission.status !== "success") return formAnswer({ result: submission.reply(), quote: null }, 400);
    const outcome = await submitTrade(access, submission.value, null);
    return respond(request, outcome, (message, field, quote) =>
      formAnswer(
        { result: submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }), quote: quote ?? null },
        400,
      ),
    );
  }

  const submission = parseWithZod(formData, { schema: exchangeSchema });
  if (submission.status !== "success") return formAnswer({ result: submission.reply(), quote: null }, 400);
  const price = priceFieldsSchema.safeParse(Object.fromEntries(formData)).data ?? null;
  const fail = (message: string, field?: string, quote?: ComputedQuote) =>
    formAnswer(
      { result: submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }), quote: quote ?? null },
      400,
    );

  if (formData.get("intent") === "cotizar") {
    const value = submission.value;
    const computed = await computeQuote(access, {
      side: value.operation,
      pair: value.pair,
      typed: value.typed,
      amount: (value.typed === "left" ? value.left : value.right) ?? "0",
      price,
    });
    if (typeof computed === "string") return fail(t(`calculator.errors.${computed}`));
    return formAnswer({ result: submission.reply(), quote: computed });
  }
  const outcome = await submitTrade(access, submission.value, price);
  return respond(request, outcome, fail);

  async function respond(req: Request, result: Awaited<ReturnType<typeof submitTrade>>, failWith: typeof fail) {
    switch (result.kind) {
      case "challenge":
        return redirect(result.url);
      case "approval":
        return redirect(`/?aprobacion=${encodeURIComponent(result.operationId)}`);
      case "unknown":
        return redirectWithToast(req, "/", newToast("info", t("calculator.unknown")));
      case "forbidden":
        throw new Response("No autorizado", { status: 403 });
      case "formError":
        return failWith(t(`calculator.errors.${result.message}`), result.field, result.quote);
    }
  }
}

export default function Dashboard() {
  const { companyName, accounts, calculator, quote: loaderQuote, approval } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("dashboard");
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const live = useLivePrice(calculator.pair, { price: calculator.price, status: calculator.priceStatus });
  const quote = actionData ? actionData.quote : loaderQuote;
  const tabHref = (tab: Tab) => withoutParams(withParams(here, { operacion: SLUG_OF[tab] }), ["aprobacion"]);
  const pairHref = (pair: string) => withoutParams(withParams(here, { par: pair }), ["aprobacion"]);
  const noticeKey = marketNotice(calculator.market);
  const notice = noticeKey ? t(noticeKey) : null;

  return (
    <div className="flex flex-col gap-8">
      {notice ? (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-pending dark:bg-amber-950">
          {notice}
        </p>
      ) : null}
      <div className="grid gap-8 xl:grid-cols-2">
        <PricePanel pairs={calculator.pairs} pair={calculator.pair} price={live.price} status={live.status} pairHref={pairHref} />
        <Calculator
          key={`${calculator.tab}-${calculator.pair ?? ""}-${calculator.idempotencyKey}`}
          tab={calculator.tab}
          tabHref={tabHref}
          pair={calculator.pair}
          price={live.price}
          accounts={calculator.accounts}
          recipients={calculator.recipients}
          recipientsAllowed={calculator.recipientsAllowed}
          transferOnly={calculator.pairs.length === 0}
          reasons={calculator.reasons}
          idempotencyKey={calculator.idempotencyKey}
          prefill={calculator.prefill}
          referenceMargin={calculator.referenceMargin}
          quote={quote}
          lastResult={actionData?.result ?? null}
          csrfToken={<AuthenticityTokenInput />}
        />
      </div>
      <section aria-labelledby="mis-cuentas" className="flex flex-col gap-4">
        <h2 id="mis-cuentas" className="text-xl font-semibold">
          {t("accounts.title")}
        </h2>
        {accounts === null ? (
          <div role="alert" className="rounded-lg border border-failed/40 bg-white p-4 dark:bg-slate-900">
            <p>{t("accounts.loadError")}</p>
            <Link to="." reloadDocument className="mt-2 inline-block font-semibold text-brand-600 underline">
              {t("accounts.retry")}
            </Link>
          </div>
        ) : accounts.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-300">{t("accounts.empty")}</p>
        ) : (
          <ul aria-label={t("accounts.list", { company: companyName })} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {accounts.map((account) => (
              <li key={account.idAccount}>
                <article
                  aria-label={account.alias}
                  className="flex h-full flex-col gap-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
                >
                  <div className="flex items-center justify-between gap-2">
                    <h3 className="font-semibold">{account.alias}</h3>
                    <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:bg-brand-900 dark:text-brand-100">
                      {displayCurrency(account.currency)}
                    </span>
                  </div>
                  <p className="text-sm text-slate-500 dark:text-slate-400">
                    {t("accounts.accountNumber", { number: `•••• ${account.last4}` })}
                    {account.favorite ? <span className="ml-2 text-pending">★ {t("accounts.favorite")}</span> : null}
                  </p>
                  <p className="mt-auto">
                    <span className="block text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">
                      {t("accounts.balance")}
                    </span>
                    <span className="text-2xl font-bold tabular-nums">{formatMoney(account.balance, account.currency)}</span>
                  </p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Modal
        open={Boolean(approval)}
        title={t("calculator.approval.title")}
        description={t("calculator.approval.description")}
        closeHref={withoutParams(here, ["aprobacion"])}
      >
        <Link to={withoutParams(here, ["aprobacion"])} className={buttonClass("primary")}>
          {t("calculator.approval.ok")}
        </Link>
      </Modal>
    </div>
  );
}

export const handle: PageHandle = { titleKey: "shell.title.dashboard" };

export { ErrorBoundary } from "~/components/errors/ErrorPage";
