import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

import type { AccountView } from "#core/domain/accounts";
import { groupAmount, parseAmountInput, regroupTyping } from "#core/domain/amount-input";
import { accountChoices, isOnlyChoiceChosen } from "#core/domain/calculator-choices";
import type { CalculatorPrefill } from "#core/domain/calculator-prefill";
import { clientRate, commissionText, marginBaseAmount, previewAmount, transferCurrency } from "#core/domain/calculator-preview";
import { mexicoCityClock } from "#core/domain/clock";
import { exchangeConstraint, transferConstraint } from "#core/domain/trade-form-constraints";
import { formatMoney, formatRate } from "#core/money";
import type { PriceEvent } from "#core/prices/wire";
import type { RecipientOption } from "#server/trading/accounts.server";
import type { ComputedQuote, PayNow, ReasonOption, Tab } from "#server/trading/calculator.server";
import { AmountField } from "~/components/ui/AmountField";
import { buttonClass } from "~/components/ui/button";
import { SelectField } from "~/components/ui/SelectField";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { Tabs } from "~/components/ui/Tabs";
import { useEditedValidation } from "~/components/ui/use-edited-validation";
import { useForm } from "~/components/ui/use-form";
import { useResultAction } from "~/components/ui/use-result-action";
import { validationOnDemand } from "~/components/ui/validation-on-demand";
import { useTranslation } from "~/i18n";
import type { Snapshot } from "~/utils/island";
import { useSnapshot } from "~/utils/island";
import { onDemand } from "~/utils/on-demand";

import type { CalculatorValidation } from "./calculator-validation";
import { ReasonAndConcept, RecipientOptions, useAccountLabel } from "./transfer-options";
import type { LiveFigures } from "./use-live-price";

export type CalculatorProps = {
  tab: Tab;
  tabHref: (tab: Tab) => string;
  pair: string | null;
  price: PriceEvent | null;
  accounts: AccountView[];
  recipients: RecipientOption[];
  recipientsAllowed: boolean;
  transferOnly: boolean;
  reasons: ReasonOption[];
  idempotencyKey: string;
  prefill: CalculatorPrefill;
  /** The member's margin (percent, §9) for the amount being typed, or the reference amount's. */
  margin: string | null;
  /** The base-currency amount being typed (plain), or null: the price panel asks its margin. */
  onAmountChange?: (baseAmount: string | null) => void;
  quote: ComputedQuote | null;
  lastResult: SubmissionResult<string[]> | null;
  csrfToken: ReactNode;
  /** Mexico City's today and the bank holidays, for a recurring payment's plan. */
  today: string;
  holidays: string[];
  /** 'Pay now' of a recurring payment: the transfer pays it (no plan of its own then). */
  payNow: PayNow | null;
};

/** The schemas, zod and Conform's adapter arrive when the person reaches the form (decision 065). */
const validation = validationOnDemand<CalculatorValidation>(() =>
  import("./calculator-validation").then((module) => module.validateCalculator),
);

/**
 * A recurring payment's plan (decision 063) is the transfer tab's alone: its fields and their calendar
 * rules come when that tab shows, not with the dashboard's buy tab (decision 069).
 */
const RecurrenceFields = onDemand("plan-recurrente", () =>
  import("~/components/payments/RecurrenceFields").then((module) => module.RecurrenceFields),
);

/**
 * The calculator as the dashboard's island (decision 082): its props stay the same objects while the page
 * is open, and the live price and margin come through a snapshot, so React keeps the server's HTML until
 * this code has arrived.
 */
export function LiveCalculator({ live, ...props }: Omit<CalculatorProps, "price" | "margin"> & { live: Snapshot<LiveFigures> }) {
  const { price, margin } = useSnapshot(live);
  return <Calculator {...props} price={price} margin={margin.margin} />;
}

/**
 * The calculator (§2 'Operar', §5): a native form that works without JS — 'Cotizar' re-renders
 * with the server's quote, 'Confirmar' submits. With JS the other amount follows the live price
 * as the person types (a preview; the server always recomputes).
 */
export function Calculator(props: CalculatorProps) {
  const { t } = useTranslation(["calculator", "common"]);
  const { tab, pair, price, quote, prefill } = props;
  const side = tab === "sell" ? "sell" : "buy";
  const [base, quoteCurrency] = pair ? pair.split("/") : ["", ""];
  const originCurrency = tab === "buy" ? quoteCurrency : base;
  const destinationCurrency = tab === "buy" ? base : quoteCurrency;

  const [form, fields] = useForm({
    id: `calculadora-${tab}`,
    lastResult: props.lastResult,
    // Checked on submit, and on leaving a field the person changed (useEditedValidation): focus
    // passing through a field never turns it red. Once checked, a field follows the typing.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    constraint: tab === "transfer" ? transferConstraint : exchangeConstraint,
    // 'Programar pago recurrente' checks the plan too; 'Confirmar' only the transfer.
    onValidate: ({ formData }) => validation.run({ tab, formData, today: props.today }),
    defaultValue: {
      typed: prefill.typed,
      left: prefill.left ?? "",
      right: prefill.right ?? "",
      amount: prefill.amount ?? "",
      origin: prefill.origin ?? "",
      destination: prefill.destination ?? "",
      reason: prefill.reason ?? "",
      concept: prefill.concept ?? "",
      // A recurring payment's plan: empty until the person chooses one (its fields show their own defaults).
      frequency: "",
      firstDate: "",
      ends: "",
      count: "",
      endDate: "",
      intent: "",
    },
  });

  // Which side the person typed. The inputs stay uncontrolled, so nothing typed before the page
  // hydrates is lost; with JS the other amount is written into its input as the person types.
  // A refused submission comes back with the side the server took as typed: the form picks up from it.
  const [typed, setTyped] = useState<"left" | "right">(fields.typed.initialValue === "right" ? "right" : "left");
  const typedValue = (value: unknown) => (typeof value === "string" ? value : "");
  // A rejected submission comes back with what the person typed (Conform's initial values).
  const initialAmounts = {
    left: quote ? groupAmount(quote.left) : typedValue(fields.left.initialValue),
    right: quote ? groupAmount(quote.right) : typedValue(fields.right.initialValue),
  };
  const edited = useEditedValidation(form);
  const formProps = getFormProps(form);
  // A server answer with errors: the person is about to correct the form.
  useEffect(() => {
    if (props.lastResult) void validation.preload();
  }, [props.lastResult]);
  const formRef = useRef<HTMLFormElement>(null);
  // Only 'Cotizar' answers on this page; 'Confirmar' goes on to the challenge, with no fragment to carry.
  const quoteAction = useResultAction(QUOTE_ANCHOR);
  const leftRef = useRef<HTMLInputElement>(null);
  const rightRef = useRef<HTMLInputElement>(null);
  // A quote is a quote: with JS, 'Confirmar' waits for one that matches the amounts on the form
  // (typing sets it aside, its 20 minutes ending too); the server holds the same rule without JS.
  const hydrated = useHydrated();
  const [quoteCurrent, setQuoteCurrent] = useState(Boolean(quote));
  useEffect(() => {
    setQuoteCurrent(Boolean(quote));
    if (!quote) return;
    if (leftRef.current) leftRef.current.value = groupAmount(quote.left);
    if (rightRef.current) rightRef.current.value = groupAmount(quote.right);
  }, [quote]);
  const waitsForQuote = tab !== "transfer" && hydrated && !quoteCurrent;
  // Before hydration the same holds for a browser without scripting, whose 'Confirmar' the server answers with a quote.
  const quoted = Boolean(quote) && quoteCurrent;
  const live = price?.[side].top[0] ?? null;
  // The preview's rate: the quote's while it is current, else the live price with the margin for the typed amount.
  const previewRate = clientRate(live?.price, quoteCurrent && quote ? quote.margin : props.margin, side);
  const priceForForm =
    quote?.price ?? (live ? { lpId: live.lpId, sig: live.sig, priceTs: live.ts, lpBuy: live.buy, lpSell: live.sell } : null);

  /** Writes the other amount from the typed one at `rate` (a preview: the server quotes). */
  function preview(which: "left" | "right", plain: string | null, rate: string | null) {
    const target = which === "left" ? rightRef.current : leftRef.current;
    if (!target) return;
    const other = previewAmount(which, plain, rate);
    target.value = other === null ? "" : groupAmount(other);
  }

  function onAmountInput(which: "left" | "right", value: string) {
    setTyped(which);
    setQuoteCurrent(false);
    const plain = parseAmountInput(value);
    preview(which, plain, previewRate);
    props.onAmountChange?.(plain === null ? null : marginBaseAmount(which, plain, live?.price));
  }

  // The margin for the typed amount arrives after the keystroke: the preview follows it.
  const { onAmountChange } = props;
  useEffect(() => {
    if (quoteCurrent) return;
    const input = typed === "left" ? leftRef.current : rightRef.current;
    if (input && input.value !== "") preview(typed, parseAmountInput(input.value), previewRate);
    // Only a new margin re-previews; ticks do not move what the person is reading.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.margin]);
  // What was typed before the page hydrated is taken as typed: grouped, previewed, its margin asked.
  useEffect(() => {
    if (quote || tab === "transfer") return;
    const sides = typed === "left" ? (["left", "right"] as const) : (["right", "left"] as const);
    const which = sides.find((name) => (name === "left" ? leftRef.current : rightRef.current)?.value);
    const input = which === "left" ? leftRef.current : rightRef.current;
    if (!which || !input) return;
    input.value = regroupTyping(input.value, input.value.length).text;
    onAmountInput(which, input.value);
    // Once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A server render with an amount (a quote, a link) tells the panel which amount it is for.
  useEffect(() => {
    if (!quote) return;
    onAmountChange?.(quote.left);
  }, [quote, onAmountChange]);

  // A transfer's amount is in the currency of its accounts: shown beside it, and followed with JS.
  const [chosen, setChosen] = useState({
    origin: typedValue(fields.origin.initialValue),
    destination: typedValue(fields.destination.initialValue),
  });
  const transferIn = transferCurrency(chosen, props.accounts, props.recipients);
  // Accounts chosen before the calculator hydrated (decision 082) are taken as chosen: the amount's currency follows.
  useEffect(() => {
    const element = formRef.current;
    if (!element) return;
    const picked = (name: string) => {
      const field = element.elements.namedItem(name);
      return field instanceof HTMLSelectElement ? field.value : null;
    };
    const origin = picked("origin");
    const destination = picked("destination");
    setChosen((before) =>
      origin === before.origin && destination === before.destination
        ? before
        : { origin: origin ?? before.origin, destination: destination ?? before.destination },
    );
    // Once, at hydration (the form's ref and the state setter are the only things it reads).
  }, []);

  const { origins, destinations } = accountChoices(tab, pair, props.accounts);
  // The server chose a select's one possible value (decision 122): 'Selecciona una opción' would only undo it.
  const choose = (meta: { initialValue?: unknown }, values: string[]) =>
    isOnlyChoiceChosen(values, meta.initialValue) ? undefined : t("calculator.choose");
  const accountLabel = useAccountLabel();
  const formErrors = form.errors?.filter(Boolean) ?? [];
  const payable = tab === "transfer" && props.payNow?.kind === "payable" ? props.payNow : null;
  // An operation already pays the scheduled payment: no empty form with a 'Confirmar' under the notice
  // invites a second one (the server refuses it too); the notice leads to that operation.
  const paymentBusy = tab === "transfer" && props.payNow?.kind === "inProgress";
  const recurrenceMeta = {
    frequency: fields.frequency,
    firstDate: fields.firstDate,
    ends: fields.ends,
    count: fields.count,
    endDate: fields.endDate,
  };
  // The plan stays open when the server sent it back (a refused 'Programar'), so its messages show.
  const planOpen =
    fields.intent.initialValue === "programar" || Object.values(recurrenceMeta).some((meta) => (meta.errors?.length ?? 0) > 0);
  // The person opens and closes it; a message in it opens it, and its clearing does not close it.
  const [planShown, setPlanShown] = useState(planOpen);
  useEffect(() => {
    if (planOpen) setPlanShown(true);
  }, [planOpen]);

  return (
    <section
      aria-labelledby="calculadora"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="calculadora" className="text-xl font-semibold">
        {t("calculator.title")}
      </h2>
      {props.transferOnly ? <p className="text-sm text-slate-600 dark:text-slate-400">{t("calculator.transferOnly")}</p> : null}
      {tab === "transfer" && props.payNow ? <PayNowNotice payNow={props.payNow} /> : null}
      {paymentBusy ? null : (
        <>
          {/* A payment already being paid shows its operation, not tabs over an empty card. */}
          <Tabs
            label={t("calculator.tabs")}
            current={tab}
            tabs={(props.transferOnly ? (["transfer"] as const) : (["buy", "sell", "transfer"] as const)).map((id) => ({
              id,
              label: t(`calculator.tab.${id}`),
              href: props.tabHref(id),
            }))}
          />
          <Form
            ref={formRef}
            method="post"
            preventScrollReset
            {...formProps}
            {...edited}
            {...validation.handlers(formProps.onSubmit)}
            className="grid gap-4 sm:grid-cols-2"
          >
            {props.csrfToken}
            {tab !== "transfer" && !(quote && quoteCurrent) ? (
              // Without a quote the answer to 'Cotizar' is the form and its messages: the page opens at its top.
              <span id={QUOTE_ANCHOR} className="sr-only scroll-mt-16" />
            ) : null}
            <input type="hidden" name="operation" value={tab} />
            <input type="hidden" name="idempotencyKey" value={props.idempotencyKey} />
            {payable ? <input type="hidden" name="scheduledPaymentEvent" value={payable.eventId} /> : null}
            {tab !== "transfer" && pair ? (
              <>
                <input type="hidden" name="pair" value={pair} />
                <input type="hidden" name="typed" value={typed} />
                {quote ? (
                  <>
                    <input type="hidden" name="quotedLeft" value={quote.left} />
                    <input type="hidden" name="quotedRight" value={quote.right} />
                  </>
                ) : null}
                {priceForForm ? (
                  <>
                    <input type="hidden" name="lpId" value={priceForForm.lpId} />
                    <input type="hidden" name="sig" value={priceForForm.sig} />
                    <input type="hidden" name="priceTs" value={priceForForm.priceTs} />
                    <input type="hidden" name="lpBuy" value={priceForForm.lpBuy} />
                    <input type="hidden" name="lpSell" value={priceForForm.lpSell} />
                  </>
                ) : null}
                <AmountField
                  meta={fields.left}
                  label={t("calculator.amountIn", { currency: base })}
                  currency={base}
                  defaultValue={initialAmounts.left}
                  inputRef={leftRef}
                  onAmountInput={(value) => onAmountInput("left", value)}
                />
                <AmountField
                  meta={fields.right}
                  label={t("calculator.amountIn", { currency: quoteCurrency })}
                  currency={quoteCurrency}
                  defaultValue={initialAmounts.right}
                  inputRef={rightRef}
                  onAmountInput={(value) => onAmountInput("right", value)}
                />
              </>
            ) : null}

            {/* Each account menu takes the form's width: a closed menu shows only the start of its choice, and the
            account's last digits must not be cut off. */}
            <SelectField
              label={t("calculator.origin")}
              meta={fields.origin}
              className="sm:col-span-2"
              placeholder={choose(
                fields.origin,
                origins.map((account) => account.idAccount),
              )}
              onChange={(event) => {
                const origin = event.currentTarget.value;
                setChosen((before) => ({ ...before, origin }));
              }}
            >
              {origins.map((account) => (
                <option key={account.idAccount} value={account.idAccount}>
                  {accountLabel(account)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t("calculator.destination")}
              meta={fields.destination}
              className="sm:col-span-2"
              placeholder={choose(
                fields.destination,
                tab === "transfer" && props.recipients.length > 0 ? [] : destinations.map((account) => account.idAccount),
              )}
              onChange={(event) => {
                const destination = event.currentTarget.value;
                setChosen((before) => ({ ...before, destination }));
              }}
              hint={
                tab === "transfer" && !props.recipientsAllowed ? (
                  <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t("calculator.recipientsNotAllowed")}</p>
                ) : null
              }
            >
              <optgroup label={t("calculator.ownAccounts")}>
                {destinations.map((account) => (
                  <option key={account.idAccount} value={account.idAccount}>
                    {accountLabel(account)}
                  </option>
                ))}
              </optgroup>
              {tab === "transfer" ? <RecipientOptions recipients={props.recipients} /> : null}
            </SelectField>
            {/* A transfer's amount is in its origin account's currency: it comes after the accounts, so its
            currency is known before anything is typed. */}
            {tab === "transfer" ? (
              <AmountField
                meta={fields.amount}
                label={t("calculator.amount")}
                currency={transferIn}
                description={transferIn ? undefined : t("calculator.amountCurrency")}
                className="sm:col-span-2"
              />
            ) : null}
            <ReasonAndConcept reason={fields.reason} concept={fields.concept} reasons={props.reasons} />

            {quote && quoteCurrent && tab !== "transfer" ? (
              <QuoteCard
                quote={quote}
                pays={formatMoney(Number(quote.debit), originCurrency)}
                receives={formatMoney(Number(tab === "buy" ? quote.left : quote.right), destinationCurrency)}
                cost={formatMoney(Number(quote.cost), quoteCurrency)}
                onExpired={() => setQuoteCurrent(false)}
              />
            ) : null}
            {tab === "transfer" ? (
              <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-400">
                {t("calculator.commission")}: {commissionText(transferIn)}
              </p>
            ) : null}

            {tab === "transfer" && !props.payNow ? (
              <details
                open={planShown}
                onToggle={(event) => setPlanShown(event.currentTarget.open)}
                className="rounded-lg border border-slate-200 p-4 sm:col-span-2 dark:border-slate-700"
              >
                <summary className="cursor-pointer font-semibold text-brand-700 dark:text-brand-300">
                  {t("calculator.recurrent.summary")}
                </summary>
                <p className="mb-4 mt-2 text-sm text-slate-600 dark:text-slate-300">{t("calculator.recurrent.hint")}</p>
                <RecurrenceFields fields={recurrenceMeta} today={props.today} holidays={props.holidays} />
                <div className="mt-4">
                  <SubmitButton name="intent" value="programar" variant="secondary" pendingText={t("calculator.recurrent.submitting")}>
                    {t("calculator.recurrent.submit")}
                  </SubmitButton>
                </div>
              </details>
            ) : null}
            {formErrors.length > 0 ? (
              <p role="alert" id={form.errorId} className="rounded-md bg-red-50 p-3 text-sm text-failed sm:col-span-2 dark:bg-red-950">
                {formErrors.join(" ")}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-3 sm:col-span-2">
              {tab !== "transfer" ? (
                <SubmitButton
                  name="intent"
                  value="cotizar"
                  variant="secondary"
                  pendingText={t("calculator.quoting")}
                  formAction={quoteAction}
                >
                  {t("calculator.quote")}
                </SubmitButton>
              ) : null}
              <SubmitButton
                name="intent"
                value="confirmar"
                pendingText={t("calculator.confirming")}
                disabled={waitsForQuote}
                describedBy={tab !== "transfer" && !quoted ? "confirmar-espera" : undefined}
              >
                {t("calculator.confirm")}
              </SubmitButton>
              {tab !== "transfer" ? (
                // Its line is kept when it does not apply (once quoted, or before hydrating), so nothing below the
                // calculator moves as it hydrates or as the quote comes (decision 090). A browser without scripting
                // shows it until there is a quote, as the hint to quote first, and then gives its room back.
                <p
                  id="confirmar-espera"
                  className={`basis-full text-sm text-slate-600 dark:text-slate-300 ${
                    waitsForQuote ? "" : quoted ? "invisible [@media(scripting:none)]:hidden" : "invisible [@media(scripting:none)]:visible"
                  }`}
                >
                  {t("calculator.quoteFirst")}
                </p>
              ) : null}
            </div>
          </Form>
        </>
      )}
    </section>
  );
}

/** Where the answer to 'Cotizar' opens without JavaScript (decision 120). */
const QUOTE_ANCHOR = "cotizacion";

const payDayFormat = new Intl.DateTimeFormat("es-MX", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** A payment's day ("YYYY-MM-DD") as the notice says it: "lunes, 7 de diciembre de 2026". */
const payDay = (day: string) =>
  payDayFormat.format(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))));

/** What 'pay now' pays, or why the calculator does not link this transfer to a scheduled payment. */
function PayNowNotice({ payNow }: { payNow: PayNow }) {
  const { t } = useTranslation("calculator");
  if (payNow.kind !== "payable") {
    return (
      <div
        role="status"
        className="rounded-lg bg-amber-50 p-3 text-sm text-slate-800 dark:bg-amber-950/40 dark:text-slate-100 dark:ring-1 dark:ring-amber-700/60"
      >
        {/* Which payment: whom, how much and its date, before why it is not paid here. */}
        {payNow.kind === "missing" ? null : (
          <p className="font-semibold">{[payNow.payment.payee, payNow.payment.amount, payDay(payNow.payment.dateToPay)].join(" · ")}</p>
        )}
        <p>{t(`calculator.payNow.${payNow.kind}`)}</p>
        {/* Each link a 44 px target: on a phone they wrap one under the other (WCAG 2.5.8). The operation that
            pays it is the way on, so it is the primary action; another transfer stays one link away. */}
        <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1">
          {payNow.kind === "inProgress" ? (
            <a href={`/historial-operaciones/${encodeURIComponent(payNow.operationId)}`} className={buttonClass("primary")}>
              {t("calculator.payNow.inProgressLink", { id: payNow.operationId })}
            </a>
          ) : null}
          <a
            href="/pagos-recurrentes"
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline dark:text-brand-300"
          >
            {t("calculator.payNow.back")}
          </a>
          {payNow.kind === "inProgress" ? (
            <a
              href="/?operacion=transferencia"
              className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline dark:text-brand-300"
            >
              {t("calculator.payNow.otherTransfer")}
            </a>
          ) : null}
        </p>
      </div>
    );
  }
  const date = payDay(payNow.dateToPay);
  return (
    <section aria-labelledby="pago-programado" className="rounded-lg bg-brand-50 p-4 text-sm dark:bg-brand-900/40">
      <h3 id="pago-programado" className="font-semibold">
        {t("calculator.payNow.title")}
      </h3>
      <p className="mt-1">
        {t("calculator.payNow.description", {
          frequency: t(`recurrence.frequencyInline.${payNow.frequency}`),
          amount: payNow.amount,
          name: payNow.payee,
          date,
        })}
      </p>
      {payNow.timing ? <p className="mt-1 font-semibold">{payNow.timing}</p> : null}
    </section>
  );
}

/**
 * The quote as a treasurer reads it: what is paid and what is received first, then the client's
 * rate, the margin in money and how long it holds — a time without JS, a countdown with it.
 */
function QuoteCard(props: { quote: ComputedQuote; pays: string; receives: string; cost: string; onExpired: () => void }) {
  const { t } = useTranslation(["calculator", "common"]);
  const { quote, onExpired } = props;
  const left = useRemaining(quote.validUntil);
  useEffect(() => {
    if (left === 0) onExpired();
  }, [left, onExpired]);
  // A new quote opens above 'Cotizar', which may sit at the screen's foot: the least scroll that shows it
  // whole (without JavaScript the answer's fragment does it, decision 120).
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    card.current?.scrollIntoView({ block: "nearest" });
  }, [quote]);
  const row = (term: string, value: string, strong = false) => (
    <div className="flex items-baseline justify-between gap-4 py-1.5">
      <dt className="text-slate-600 dark:text-slate-300">{term}</dt>
      <dd className={`text-right tabular-nums ${strong ? "text-lg font-semibold text-slate-900 dark:text-white" : "font-medium"}`}>
        {value}
      </dd>
    </div>
  );
  return (
    <section
      ref={card}
      id={QUOTE_ANCHOR}
      aria-labelledby="cotizacion-titulo"
      className="scroll-mt-16 rounded-lg bg-brand-50 p-4 text-sm sm:col-span-2 dark:bg-brand-900/40"
    >
      <h3 id="cotizacion-titulo" className="font-semibold">
        {t("calculator.quoteTitle")}
      </h3>
      <dl className="mt-2 divide-y divide-brand-100 dark:divide-brand-900">
        {row(t("calculator.pays"), props.pays, true)}
        {row(t("calculator.receives"), props.receives, true)}
        {row(t("calculator.rate", { product: t("common:product.name") }), formatRate(Number(quote.rate)))}
        {row(t("calculator.provider"), quote.price.lpId)}
        {row(t("calculator.cost"), props.cost)}
      </dl>
      <p className="mt-2 text-slate-600 dark:text-slate-300" aria-live="off">
        {left === null
          ? t("calculator.validUntil", { time: mexicoCityClock(quote.validUntil, false) })
          : left > 0
            ? t("calculator.validFor", { time: mexicoCityClock(quote.validUntil, false), left: minutesSeconds(left) })
            : t("calculator.expired")}
      </p>
    </section>
  );
}

/** Milliseconds until `until`, ticking each second with JS; null on the server and before hydration. */
function useRemaining(until: number): number | null {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setLeft(Math.max(0, until - Date.now()));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return left;
}

function minutesSeconds(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
