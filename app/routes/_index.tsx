import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { ClientLoaderFunctionArgs, ShouldRevalidateFunction } from "@remix-run/react";
import { Link, useActionData, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useCallback, useMemo, useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import type { ApprovalNotice } from "#core/domain/approval-notice";
import { approvalNotice, approvalNoticeId } from "#core/domain/approval-notice";
import { SLUG_OF } from "#core/domain/calculator-prefill";
import type { MarketNotice } from "#core/domain/market-notice";
import { marketNotice } from "#core/domain/market-notice";
import type { TourStep } from "#core/domain/tour";
import { DASHBOARD_TOUR, TOUR_CARD_ID, TOUR_PARAM, tourBesideOverlay, tourView } from "#core/domain/tour";
import dashboard from "#core/locales/es-MX/dashboard.json";
import { displayCurrency, formatMoney } from "#core/money";
import { withoutParams, withParams } from "#core/url";
import type { HistoryRow } from "#server/history/view";
import type { Tab } from "#server/trading/calculator.server";
import { RecentOperations } from "~/components/history/RecentOperations";
import {
  CalculatorIsland,
  DuePaymentsNotice,
  GuidedTour,
  HelpDialog,
  Modal,
  PricePanelIsland,
} from "~/components/trading/dashboard-on-demand";
import type { LiveFigures } from "~/components/trading/use-live-price";
import { useLivePrice } from "~/components/trading/use-live-price";
import { useMemberMargin } from "~/components/trading/use-member-margin";
import { buttonClass } from "~/components/ui/button";
import { LoadError } from "~/components/ui/LoadError";
import { useTranslation } from "~/i18n";
import {
  dueNoticeToday,
  getConfig,
  json,
  loadDashboard,
  operationSubject,
  readForm,
  requireAccess,
  serverT,
  submitCalculator,
  visitedTours,
} from "~/server-imports/_index";
import { useSnapshotOf } from "~/utils/island";
import type { PageHandle } from "~/utils/page-title";

/**
 * Dashboard 'Operar' (§2): live prices, the accounts and the calculator. Its upstream calls run
 * in parallel, so the page costs its slowest call.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context);
  const url = new URL(request.url);
  const approvalId = approvalNoticeId(url.searchParams.get("aprobacion"));
  const [{ upstreamMs, ...dashboard }, visited, duePayments, approvalOperation] = await Promise.all([
    loadDashboard(access, url),
    visitedTours(access),
    dueNoticeToday(access, (account) => serverT("payments")("recurring.table.ownAccount", { account })),
    // The 'Por aprobar' notice names the operation's amount and payee: looked up by its number, as
    // the drawer does, since it need not be among the latest rows.
    approvalId ? operationSubject(access, approvalId) : null,
  ]);
  return json(
    {
      companyName: access.company.businessName,
      ...dashboard,
      // The market notice is worded here, so neither its rule nor its text is in the browser's bundle (decision 077); the
      // shell's strip shows it with the banners (decision 122). A transfer exchanges no currency: the FX close is not its news.
      marketNotice: noticeText(
        marketNotice(dashboard.calculator.market, dashboard.calculator.tab === "transfer" ? "transfer" : "exchange"),
      ),
      ...recentOperations(dashboard.recent),
      approval: approvalText(approvalNotice(url.searchParams.get("aprobacion"), approvalOperation)),
      duePayments,
      tour: tourView(url.searchParams.get(TOUR_PARAM), visited),
      helpLinks: { bank: getConfig().BANK_PORTAL_URL, whatsapp: getConfig().CONTACT_CHAT_URL },
    },
    { headers: { "Server-Timing": `upstream;dur=${upstreamMs}`, "Cache-Control": "private, no-store" } },
  );
}

/** The 'Por aprobar' notice's sentence, worded here: which of its four wordings is the server's choice, not the bundle's. */
function approvalText(notice: ApprovalNotice | null) {
  if (!notice) return null;
  // In the history namespace, which the server reads (decision 069): the four wordings stay out of the bundle.
  const t = serverT("history");
  const { id, amount, payee } = notice;
  const description = !id
    ? t("approvalNotice.description")
    : !amount
      ? t("approvalNotice.descriptionOf", { id })
      : payee
        ? t("approvalNotice.descriptionOfAmountTo", { id, amount, payee })
        : t("approvalNotice.descriptionOfAmount", { id, amount });
  return { id, description };
}

function noticeText(key: MarketNotice | null): string | null {
  return key ? serverT("market")(key) : null;
}

/**
 * The recent operations' type and status, and the list's messages, in words: the server reads them from
 * the history namespace, so the dashboard's browser bundle does without it (decision 069).
 */
function recentOperations(rows: HistoryRow[] | null) {
  const th = serverT("history");
  return {
    recent: rows?.map((row) => ({ ...row, typeText: th(`type.${row.kind}`), statusText: th(row.statusLabelKey) })) ?? null,
    recentTexts: { loadError: th("list.loadError"), retry: th("list.retry"), empty: th("list.empty") },
  };
}

/**
 * A client navigation to the dashboard waits for its islands' code (the price panel, the calculator) with
 * the page's data, so neither is shown empty (decision 082). A first page load does not come here: the
 * server's HTML is each island until its code arrives.
 */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const [data] = await Promise.all([
    serverLoader<typeof loader>(),
    CalculatorIsland.preload().catch(() => undefined),
    PricePanelIsland.preload().catch(() => undefined),
  ]);
  return data;
}

/**
 * A quote changes nothing the dashboard's loader reads (balances, history, payments due): after a quote
 * the page's data is not loaded again. It was, and the router shows an action's answer before the
 * reload's: the quote showed, and a moment later the reload's new idempotency key, part of the
 * calculator's React key, mounted the calculator afresh. An amount the person had begun to change went
 * back to the quote's, and the field lost focus. The shell (root) still reloads as after any post.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionResult, defaultShouldRevalidate }) =>
  formData?.get("intent") === "cotizar" && isQuoteAnswer(actionResult) ? false : defaultShouldRevalidate;

function isQuoteAnswer(result: unknown): boolean {
  return typeof result === "object" && result !== null && "quote" in result && Boolean(result.quote);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireAccess(request, context);
  return submitCalculator(request, access, await readForm(request));
}

export default function Dashboard() {
  const {
    companyName,
    accounts,
    calculator,
    quote: loaderQuote,
    approval,
    recent,
    recentTexts,
    helpLinks,
    tour: offeredTour,
    duePayments,
  } = useLoaderData<typeof loader>();
  // The shell decides the session's overlay (root loader); the invitation waits behind none of them.
  const shell = useRouteLoaderData("root") as { overlay?: unknown; thanks?: boolean } | undefined;
  const tour = tourBesideOverlay(offeredTour, Boolean(shell?.overlay) || Boolean(shell?.thanks));
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("dashboard");
  const help = actionData?.help ?? null;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const live = useLivePrice(calculator.pair, { price: calculator.price, status: calculator.priceStatus });
  const quote = actionData ? actionData.quote : loaderQuote;
  const transfer = calculator.tab === "transfer";
  // The panel leads with the client's rate for the amount being typed: its margin follows the typing.
  // Kept with the tab and pair it was typed on: another tab or pair starts from the reference amount.
  const amountKey = `${calculator.tab}|${calculator.pair ?? ""}`;
  const [typed, setTyped] = useState<{ key: string; amount: string | null }>({ key: amountKey, amount: null });
  const typedBase = typed.key === amountKey ? typed.amount : null;
  const setTypedBase = useCallback((amount: string | null) => setTyped({ key: amountKey, amount }), [amountKey]);
  const initialMargin = useMemo(
    () =>
      quote
        ? { margin: quote.margin, amount: quote.left, reference: false }
        : { margin: calculator.referenceMargin, amount: calculator.referenceAmount, reference: true },
    [quote, calculator.referenceMargin, calculator.referenceAmount],
  );
  const memberMargin = useMemberMargin(calculator.pair, typedBase, initialMargin);
  // The price panel and the calculator are islands (decision 082): their props stay the same objects while
  // the page is open, and what changes (the live price, the margin for the amount typed) reaches them
  // through a snapshot — a new prop would make React drop an island's HTML before its code has arrived.
  const tabHref = useCallback((tab: Tab) => withoutParams(withParams(here, { operacion: SLUG_OF[tab] }), ["aprobacion"]), [here]);
  const liveFigures = useSnapshotOf<LiveFigures>(
    useMemo(
      () => ({ price: live.price, previous: live.previous, status: live.status, paused: live.paused, margin: memberMargin }),
      [live.price, live.previous, live.status, live.paused, memberMargin],
    ),
  );
  const csrfInput = useMemo(() => <AuthenticityTokenInput />, []);
  const pairHref = useCallback((pair: string) => withoutParams(withParams(here, { par: pair }), ["aprobacion"]), [here]);

  const tourCard =
    tour.kind === "none" ? null : (
      <GuidedTour
        tour={DASHBOARD_TOUR}
        cardId={TOUR_CARD_ID}
        view={tour}
        stepHref={(step) => `${withParams(here, { [TOUR_PARAM]: String(step) })}#${TOUR_CARD_ID}`}
        action="/recorrido"
        redirectTo={here}
        csrfToken={csrfInput}
      />
    );
  /** The tour's card goes right above the section its step explains; the invitation on top. */
  const cardBefore = (at: TourStep | "top") =>
    (at === "top" && tour.kind === "invite") || (tour.kind === "step" && tour.target === at) ? tourCard : null;
  // The ring is drawn inside the section's box, with room around its content: it lines up with the step's card
  // above and never touches the section's title or links.
  const highlight = (at: TourStep) =>
    tour.kind === "step" && tour.target === at
      ? "-m-3 rounded-xl p-3 ring-4 ring-inset ring-brand-500 sm:-m-4 sm:p-4 dark:ring-brand-400"
      : undefined;
  // The prices' step card sits in the grid right before the price panel, so on a phone, where the prices come after
  // the calculator, it is beside them, not a screen and a half above; from lg it takes a row of its own over both
  // columns, where the card of every step goes, and the grid's other rows move down one.
  const pricesCardInGrid = !transfer && tour.kind === "step" && tour.target === "prices";
  const rows = pricesCardInGrid
    ? { grid: "lg:grid-rows-[auto_auto_1fr]", first: "lg:row-start-2", second: "lg:row-start-3" }
    : { grid: "lg:grid-rows-[auto_1fr]", first: "lg:row-start-1", second: "lg:row-start-2" };

  // 'Pay now' is this page: the card would only repeat the payment being paid.
  const duePaymentsCard =
    duePayments && !calculator.payNow ? <DuePaymentsNotice notice={duePayments} redirectTo={here} csrfToken={csrfInput} /> : null;

  // Decision 122: the calculator leads; beside it (below it on a phone) the rate with its provider and the payments
  // due; the balances under it. The notices are one strip in the shell (`handle.pageNotices`).
  return (
    <div className="flex flex-col gap-6">
      {cardBefore("top")}
      {pricesCardInGrid ? null : (cardBefore("prices") ?? cardBefore("calculator"))}
      <div className={`grid gap-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] ${rows.grid}`}>
        <div className={[highlight("calculator"), "lg:col-start-1", rows.first].filter(Boolean).join(" ")}>
          <CalculatorIsland.Part
            key={`${calculator.tab}-${calculator.pair ?? ""}-${calculator.idempotencyKey}`}
            tab={calculator.tab}
            tabHref={tabHref}
            pair={calculator.pair}
            live={liveFigures}
            accounts={calculator.accounts}
            recipients={calculator.recipients}
            recipientsAllowed={calculator.recipientsAllowed}
            transferOnly={calculator.pairs.length === 0}
            reasons={calculator.reasons}
            idempotencyKey={calculator.idempotencyKey}
            prefill={calculator.prefill}
            onAmountChange={setTypedBase}
            quote={quote}
            lastResult={actionData?.result ?? null}
            csrfToken={csrfInput}
            today={calculator.today}
            holidays={calculator.holidays}
            payNow={calculator.payNow}
          />
        </div>
        {pricesCardInGrid ? <div className="lg:col-span-2 lg:col-start-1 lg:row-start-1">{tourCard}</div> : null}
        {transfer && !duePaymentsCard ? null : (
          <div className={`flex flex-col gap-6 lg:col-start-2 lg:row-span-2 ${rows.first}`}>
            {/* A transfer has no pair: the price panel steps aside. */}
            {transfer ? null : (
              <div className={highlight("prices")}>
                <PricePanelIsland.Part
                  pairs={calculator.pairs}
                  pair={calculator.pair}
                  live={liveFigures}
                  onPause={live.setPaused}
                  side={calculator.tab === "sell" ? "sell" : "buy"}
                  pairHref={pairHref}
                  refreshHref={here}
                />
              </div>
            )}
            {duePaymentsCard}
          </div>
        )}
        <div className={`flex flex-col gap-6 lg:col-start-1 ${rows.second}`}>
          {cardBefore("accounts")}
          <section aria-labelledby="mis-cuentas" className={["flex flex-col gap-3", highlight("accounts")].filter(Boolean).join(" ")}>
            <h2 id="mis-cuentas" className="text-lg font-semibold">
              {t("accounts.title")}
            </h2>
            {accounts === null ? (
              <LoadError message={t("accounts.loadError")} retryLabel={t("accounts.retry")} retryHref="." />
            ) : accounts.length === 0 ? (
              <p className="text-slate-600 dark:text-slate-300">{t("accounts.empty")}</p>
            ) : (
              <ul aria-label={t("accounts.list", { company: companyName })} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {accounts.map((account) => (
                  <li key={account.idAccount}>
                    <article
                      aria-label={account.alias}
                      className="flex h-full flex-col gap-1 rounded-xl border border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900"
                    >
                      {/* The whole name, on two lines if it needs them: 'Proveedores Asia USD' and 'Proveedores Asia EUR' differ at the end. */}
                      <div className="flex items-start justify-between gap-2">
                        <h3 className="min-w-0 break-words font-semibold">{account.alias}</h3>
                        <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:bg-brand-900 dark:text-brand-100">
                          {displayCurrency(account.currency)}
                        </span>
                      </div>
                      <p className="text-sm text-slate-500 dark:text-slate-400">
                        {t("accounts.accountNumber", { number: `•••• ${account.last4}` })}
                        {account.favorite ? <span className="ml-2 text-pending">★ {t("accounts.favorite")}</span> : null}
                      </p>
                      <p className="mt-auto">
                        <span className="sr-only">{t("accounts.balance")} </span>
                        <span className="text-xl font-bold tabular-nums">{formatMoney(account.balance, account.currency)}</span>
                      </p>
                    </article>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
      {cardBefore("history")}
      <div className={highlight("history")}>
        <RecentOperations
          companyName={companyName}
          rows={recent}
          texts={recentTexts}
          historyHref="/historial-operaciones"
          detailHref={(id) => `/historial-operaciones/${encodeURIComponent(id)}`}
          retryHref={here}
        />
      </div>
      <HelpDialog help={help} links={helpLinks} closeHref={here} />
      <Modal
        open={Boolean(approval)}
        title={t("calculator.approval.title")}
        description={approval?.description}
        closeHref={withoutParams(here, ["aprobacion"])}
      >
        {/* ModalActions' layout, written here: importing it would bring the dialog's module into the page's first load. */}
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to={withoutParams(here, ["aprobacion"])} className={buttonClass("primary")}>
            {t("calculator.approval.ok")}
          </Link>
          {approval?.id ? (
            <Link to={`/historial-operaciones/${encodeURIComponent(approval.id)}`} className={buttonClass("secondary")}>
              {t("calculator.approval.open", { id: approval.id })}
            </Link>
          ) : null}
        </div>
      </Modal>
    </div>
  );
}

export const handle: PageHandle = {
  namespaces: { dashboard },
  titleKey: "shell.title.dashboard",
  idlePromptClears: [TOUR_PARAM],
  livePair: (data) => (data as { calculator?: { pair?: string | null } } | undefined)?.calculator?.pair ?? null,
  pageNotices: (data) => {
    const notice = (data as { marketNotice?: string | null } | undefined)?.marketNotice;
    return notice ? [notice] : [];
  },
};

export { ErrorBoundary } from "~/components/errors/error-boundary";
