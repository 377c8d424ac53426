import { parseWithZod } from "@conform-to/zod";
import { redirect } from "@remix-run/node";

import { withOnlyChoices } from "#core/domain/calculator-choices";
import { typedAmount } from "#core/domain/calculator-prefill";
import { formatCalendarDay, mexicoDate } from "#core/domain/dates";
import { scheduleCreateSchema, toRecurrence } from "#core/domain/recurring-form";
import type { HelpTarget, HelpTopic } from "#core/domain/server-messages";
import { amountSchema, exchangeSchema, tradeIntent, transferSchema, typedSideOf } from "#core/domain/trade-form";
import texts from "#core/locales/es-MX/calculator.json";
import tradeErrors from "#core/locales/es-MX/trade-errors.json";
import transactionTexts from "#core/locales/es-MX/transaction.json";

import { formAnswer } from "../forms.server";
import { historyRow } from "../history/view";
import { once } from "../idempotency.server";
import { createSchedule, type SaveOutcome } from "../payments/schedule-form.server";
import { accessKey, retryAfterHeaders, takeRate, tooManyText } from "../rate-limit.server";
import type { AccessContext } from "../session/auth.server";
import { newToast, redirectWithToast } from "../session/auth.server";
import { optional } from "../upstream/optional.server";
import { companyAccounts } from "./accounts.server";
import type { ComputedQuote, QuoteProblem } from "./calculator.server";
import { computeQuote, loadCalculator, priceFieldsSchema } from "./calculator.server";
import type { FormProblem, ShownQuote, SubmitOutcome } from "./submit.server";
import { submitTrade } from "./submit.server";

/** §8: a refusal whose message has a help link, and where that help is. */
export type ServerHelp = { topic: HelpTopic; target: HelpTarget };

/** The dashboard's 'Historial de Operaciones' shows the latest few; the history has the rest. */
export const RECENT_OPERATIONS = 5;

/**
 * Dashboard 'Operar' (§2): the accounts, the calculator and the latest operations, loaded in
 * parallel so the page costs its slowest call. A prefilled amount (e.g. 'Verificar datos' after a timeout) is quoted again at
 * today's best price.
 */
export async function loadDashboard(access: AccessContext, url: URL) {
  const started = performance.now();
  const [accounts, calculatorData, recent] = await Promise.all([
    optional(companyAccounts(access), null, { log: access.log, event: "bank_accounts_unavailable" }),
    loadCalculator(access, url),
    optional(
      access.api.operations.page({ page: 1, pageSize: RECENT_OPERATIONS }).then((page) => page.data.map(historyRow)),
      null,
      { log: access.log, event: "recent_operations_unavailable" },
    ),
  ]);
  const views = accounts?.views ?? [];
  const calculator = {
    ...calculatorData,
    accounts: views,
    // A select with one possible choice comes chosen, in the server's HTML (decision 122).
    prefill: withOnlyChoices(calculatorData.prefill, calculatorData.tab, calculatorData.pair, {
      accounts: views,
      recipients: calculatorData.recipients,
      reasonIds: calculatorData.reasons.map((reason) => String(reason.id)),
    }),
  };
  const upstreamMs = Math.round(performance.now() - started);

  let quote: ComputedQuote | null = null;
  // A link's amount is quoted only when the calculator itself would take it.
  const linked = typedAmount(calculator.prefill);
  const prefilledAmount = linked !== undefined && amountSchema.safeParse(linked).success ? linked : undefined;
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
  return { accounts: accounts?.views ?? null, calculator, quote, recent, upstreamMs };
}

const problemText = (problem: QuoteProblem | FormProblem) => tradeErrors[problem];
const isAmountProblem = (problem: QuoteProblem) => problem === "amountTooSmall" || problem === "amountTooLarge";
const recurrentTexts = texts.calculator.recurrent;

/** The quote the page showed, as the form carries it back (bounded text; anything else is none). */
function shownQuote(form: FormData): ShownQuote {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value.length <= 24 ? value : null;
  };
  return { left: text("quotedLeft"), right: text("quotedRight") };
}

/**
 * The calculator's post: 'Cotizar' answers a quote computed on the server; 'Confirmar' sends the
 * operation (buy, sell or transfer) and goes to the bank's challenge, to 'Por aprobar', or back
 * with the reason it could not be sent.
 */
export async function submitCalculator(request: Request, access: AccessContext, formData: FormData) {
  const transfer = formData.get("operation") === "transfer";
  if (transfer && formData.get("intent") === "programar") return submitSchedule(request, access, formData);
  if (!transfer) {
    const side = (name: string) => formData.get(name);
    formData.set(
      "typed",
      typedSideOf({
        typed: side("typed"),
        left: side("left"),
        right: side("right"),
        quotedLeft: side("quotedLeft"),
        quotedRight: side("quotedRight"),
      }),
    );
  }

  const submission = transfer ? parseWithZod(formData, { schema: transferSchema }) : parseWithZod(formData, { schema: exchangeSchema });
  if (submission.status !== "success") return formAnswer({ result: submission.reply(), quote: null, help: null }, 400);
  const fail = (message: string, field?: string, quote?: ComputedQuote, status = 400, help: ServerHelp | null = null) =>
    formAnswer(
      {
        result: submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
        quote: quote ?? null,
        help,
      },
      status,
    );

  const value = submission.value;
  const price = value.operation === "transfer" ? null : (priceFieldsSchema.safeParse(Object.fromEntries(formData)).data ?? null);
  if (value.operation !== "transfer" && formData.get("intent") === "cotizar") {
    const computed = await computeQuote(access, {
      side: value.operation,
      pair: value.pair,
      typed: value.typed,
      amount: (value.typed === "left" ? value.left : value.right) ?? "0",
      price,
    });
    // An amount out of range is the typed amount's message, under its field (decision 124).
    if (typeof computed === "string") return fail(problemText(computed), isAmountProblem(computed) ? value.typed : undefined);
    return formAnswer({ result: submission.reply(), quote: computed, help: null });
  }

  // One 'Confirmar' per key reaches the bank: a duplicate answers the first's outcome, the key with
  // another request is refused (docs/decisions/029-idempotency-keys.md).
  const sent = await once<SubmitOutcome | { kind: "limited"; wait: number }>({
    scope: `trade|${access.data.memberId}|${access.data.companyId}|${value.idempotencyKey}`,
    fingerprint: tradeIntent(value),
    work: async () => {
      const wait = await takeRate("money", accessKey(access));
      return wait === null ? submitTrade(access, value, price, shownQuote(formData)) : { kind: "limited", wait };
    },
    keep: (outcome) => outcome.kind === "challenge" || outcome.kind === "approval" || outcome.kind === "unknown",
  });
  if (sent.kind === "reused") {
    access.log.warn({ event: "idempotency_key_reused", operation: value.operation }, "form key reused with another request");
    return fail(problemText("keyReused"), undefined, undefined, 422);
  }
  const outcome: SubmitOutcome | { kind: "limited"; wait: number } = sent.kind === "pending" ? { kind: "unknown" } : sent.outcome;
  if (sent.kind === "replayed") access.log.info({ event: "idempotency_replayed", outcome: outcome.kind }, "duplicate submit answered");
  switch (outcome.kind) {
    case "limited":
      return formAnswer(
        { result: submission.reply({ formErrors: [tooManyText(outcome.wait)] }), quote: null, help: null },
        429,
        retryAfterHeaders(outcome.wait),
      );
    case "challenge":
      return redirect(outcome.url);
    case "approval":
      return redirect(`/?aprobacion=${encodeURIComponent(outcome.operationId)}`);
    case "unknown":
      return redirectWithToast(request, "/", newToast("info", texts.calculator.unknown));
    case "forbidden":
      throw new Response("No autorizado", { status: 403 });
    case "help":
      // The form keeps what was typed, with the reason; the page adds where to get help.
      return fail(transactionTexts.help.topics[outcome.topic].title, undefined, outcome.quote, 422, {
        topic: outcome.topic,
        target: outcome.target,
      });
    case "formError":
      return fail(problemText(outcome.message), outcome.field, outcome.quote, outcome.message === "keyReused" ? 422 : 400);
  }
}

/**
 * 'Programar pago recurrente' (§3 `recurrent`; decision 063): the calculator's transfer with its
 * plan becomes a schedule, not a payment. One schedule per form key: a duplicate answers the
 * first's outcome, and a timeout is never answered by sending again.
 */
async function submitSchedule(request: Request, access: AccessContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: scheduleCreateSchema(mexicoDate()) });
  if (submission.status !== "success") return formAnswer({ result: submission.reply(), quote: null, help: null }, 400);
  const value = submission.value;
  const texts = recurrentTexts;
  const sent = await once<SaveOutcome | { kind: "limited"; wait: number }>({
    scope: `schedule|${access.data.memberId}|${access.data.companyId}|${value.idempotencyKey}`,
    fingerprint: JSON.stringify({ ...JSON.parse(tradeIntent(value)), recurrence: toRecurrence(value) }),
    work: async () => {
      const wait = await takeRate("money", accessKey(access));
      return wait === null ? createSchedule(access, value, value.idempotencyKey) : { kind: "limited", wait };
    },
    keep: (outcome) => outcome.kind === "saved" || outcome.kind === "unknown",
  });
  const fail = (message: string, status: number, field?: string, headers?: HeadersInit) =>
    formAnswer(
      { result: submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }), quote: null, help: null },
      status,
      headers,
    );
  if (sent.kind === "reused") return fail(problemText("keyReused"), 422);
  const outcome = sent.kind === "pending" ? ({ kind: "unknown" } as const) : sent.outcome;
  switch (outcome.kind) {
    case "saved": {
      const first = outcome.schedule.nextEvent?.dateToPay ?? value.firstDate;
      return redirectWithToast(
        request,
        "/pagos-recurrentes",
        newToast("success", texts.done, texts.doneCopy.replace("{{date}}", formatCalendarDay(first))),
      );
    }
    case "unknown":
      return redirectWithToast(request, "/pagos-recurrentes", newToast("info", texts.unknown));
    case "limited":
      return fail(tooManyText(outcome.wait), 429, undefined, retryAfterHeaders(outcome.wait));
    case "fieldError":
      return fail(problemText(outcome.problem), 400, outcome.field);
    case "forbidden":
      return fail(texts.forbidden, 403);
    case "keyReused":
      return fail(problemText("keyReused"), 422);
    case "failed":
      return fail(texts.error, 502);
  }
}
