import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";

import { buildCalculatorPrefill, recipientDestination } from "#core/domain/calculator-prefill";
import { SLUG_OF } from "#core/domain/calculator-prefill";
import type { ChallengeOutcome } from "#core/domain/challenge";
import { challengeOutcome, withoutFreeText } from "#core/domain/challenge";
import { paymentRefText } from "#core/domain/recipients";
import transaction from "#core/locales/es-MX/transaction.json";
import { formatMoney } from "#core/money";
import type { AccessContext } from "#server/session/auth.server";
import type { UpstreamOperation } from "#server/upstream/trading.server";
import { buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/Modal";
import type { ToastData } from "~/components/ui/Toast";
import { useTranslation } from "~/i18n";
import {
  companyAccounts,
  getConfig,
  json,
  loadOperationDetail,
  newToast,
  optional,
  recordChallengeResult,
  redirect,
  reportFailure,
  requireAccess,
  serverT,
  settleBatchReturn,
} from "~/server-imports/transaction";
import type { PageHandle } from "~/utils/page-title";

/**
 * /transaction (§2, §4 Challenge result): where the bank's challenge page sends the browser back.
 * The result is recorded upstream (idempotent by trk) and the matching modal is rendered here,
 * on the server, so it works without JS. Only catalogue texts and the upstream's recorded
 * message are shown: the URL's `msg` is attacker-writable.
 */
const resultSchema = z.object({
  trk: z.string().min(1).max(128),
  /** The operation the bank's page names: its hold and its state are checked before the result is sent. */
  ope: z.string().regex(/^\d{1,12}$/),
  res: z.string().max(16).default(""),
  msg: z.string().max(500).default(""),
  retries: z.coerce.number().int().min(0).max(99).catch(0),
  operation: z.enum(["buy", "sell", "transfer"]).catch("buy"),
});

/** The result the upstream recorded for this operation (the first one wins, §4), when it says. */
const recordedSchema = z.object({ responseChallenge: z.object({ res: z.coerce.string().max(16), msg: z.string().max(500) }) });

/** 'Verificar datos': the calculator again, with the operation's data (§8: data stays loaded). */
function retryHref(operation: UpstreamOperation | null, kind: "buy" | "sell" | "transfer"): string {
  const params = new URLSearchParams({ operacion: SLUG_OF[kind] });
  if (!operation) return `/?${params}`;
  const op = operation as UpstreamOperation & {
    concept?: unknown;
    aditionalInformation?: unknown;
    recipient?: { idRecipient?: unknown; receiverTypeData?: unknown } | null;
  };
  if (op.pair) params.set("par", op.pair);
  const recipientId = op.recipient?.idRecipient;
  const source = op.recipient?.receiverTypeData === "BO" ? "BO" : "B3";
  const prefill = buildCalculatorPrefill(
    {
      amount: kind === "transfer" && op.amount !== null ? op.amount.toFixed(2) : undefined,
      left: kind !== "transfer" && op.amountOrigin !== null ? op.amountOrigin.toFixed(2) : undefined,
      origin: op.accountOrigin?.idCuenta,
      destination: op.accountDestiny
        ? op.accountDestiny.idCuenta
        : typeof recipientId === "string" || typeof recipientId === "number"
          ? recipientDestination(paymentRefText({ source, id: String(recipientId) }))
          : undefined,
      reason: typeof op.concept === "number" || typeof op.concept === "string" ? String(op.concept) : undefined,
      // 'Concepto' is what was typed; conceptString is the reason's text (decision 095).
      concept: typeof op.aditionalInformation === "string" ? op.aditionalInformation : undefined,
    },
    params,
  );
  return `/?${prefill}`;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context);
  const params = new URL(request.url).searchParams;
  // A file's one signature (decision 093): its result is recorded and read on the file's page.
  if (params.has("batch")) return settleBatchReturn(request, access, params);
  const parsed = resultSchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) return redirect("/");
  const { trk, res, msg, retries, operation: kind, ope } = parsed.data;

  const config = getConfig();
  const links = { bankPortalUrl: config.BANK_PORTAL_URL, contactChatUrl: config.CONTACT_CHAT_URL };
  const sent = await recordChallengeResult(access, { operationId: ope, trk, res, msg });
  if (sent.kind === "refused" || sent.kind === "notNow") {
    context.log.info({ event: "challenge_result", outcome: sent.kind, operationId: ope }, "challenge result");
    const named = await operationNamed(access, ope);
    const refusal: Refusal =
      sent.kind === "notNow"
        ? { kind: "notNow", operationId: ope, named }
        : { kind: sent.refused.refusal === "voided" ? "voided" : "refused", operationId: ope, message: sent.refused.message, named };
    const outcome: ChallengeOutcome = { kind: "error", title: null, description: null };
    return json({ outcome, kind, saveFailed: false, verifyHref: "/", summary: null, funding: null, toast: null, refusal, ...links });
  }
  const operation: UpstreamOperation | null = sent.kind === "recorded" ? sent.operation : null;
  const saveFailed = sent.kind === "saveFailed";
  // A 4xx is the upstream refusing this result (not the bank's, or not this person's): never a success.
  const refused = sent.kind === "notTheBanks";
  if (sent.kind === "saveFailed" || sent.kind === "notTheBanks") {
    reportFailure(access, { operation: kind, error: `challenge ${sent.failure}`, context: "challenge" });
  }
  // Texts come from the catalogue or the upstream, never from the URL: the recorded result decides
  // when the upstream returns it; otherwise the URL's message only picks a catalogue modal.
  const recorded = recordedSchema.safeParse(operation).data?.responseChallenge;
  const outcome: ChallengeOutcome = refused
    ? { kind: "error", title: null, description: null }
    : recorded
      ? challengeOutcome({ res: recorded.res, msg: recorded.msg, retries })
      : withoutFreeText(challengeOutcome({ res, msg, retries }));
  context.log.info({ event: "challenge_result", outcome: outcome.kind, operationId: operation?.id }, "challenge result");

  if (outcome.kind === "desync") {
    // §8: the 'Cancelación exitosa' toast shows with the page itself, not on the next one.
    const toast: ToastData = newToast("success", serverT("transaction")("desync.toast"));
    return json({ outcome, kind, saveFailed, verifyHref: "/", summary: null, funding: null, toast, refusal: null, ...links });
  }
  // §8: unmatched errors clear the transaction's data; the others keep it for 'Verificar datos'.
  const verifyHref = outcome.kind === "error" ? retryHref(null, kind) : retryHref(operation, kind);
  const [summary, funding] = await Promise.all([
    outcome.kind === "success" && operation && !saveFailed ? operationSummary(access, operation.id) : null,
    outcome.kind === "insufficient" ? fundingOf(access, operation) : null,
  ]);
  return json({ outcome, kind, saveFailed, verifyHref, summary, funding, toast: null, refusal: null, ...links });
}

/**
 * The operation's life refused the result before anything was sent (decision 092): voided, or no longer
 * waiting for a token; or another decision on it was under way (a reload may record it then).
 */
type Refusal = ({ kind: "voided" | "refused"; message: string } | { kind: "notNow" }) & {
  operationId: string;
  named: OperationNamed | null;
};

/** Which operation a refused result is about: its type and what it trades or sends, as its detail says. */
interface OperationNamed {
  kind: "buy" | "sell" | "transfer";
  amount: string;
}

async function operationNamed(access: AccessContext, id: string): Promise<OperationNamed | null> {
  const loaded = await optional(
    loadOperationDetail(access, id, { recheck: false }).catch((error: unknown) => {
      // The detail's 404 / 502 pages are for its own URL: here the operation is named by its number alone.
      if (error instanceof Response) return null;
      throw error;
    }),
    null,
    { log: access.log, event: "challenge_result_operation_unavailable" },
  );
  if (!loaded) return null;
  const { kind, amount } = loaded.detail;
  return { kind, amount: kind === "transfer" ? amount.total : amount.amount };
}

export interface OperationSummary {
  id: string;
  folio: string;
  amount: string;
  rate: string | null;
  provider: string | null;
  total: string;
  origin: string | null;
  destination: string | null;
  receipt: boolean;
}

/** What the success result shows of the operation just made; without it the result still stands. */
async function operationSummary(access: AccessContext, id: string): Promise<OperationSummary | null> {
  const loaded = await optional(
    loadOperationDetail(access, id, { recheck: false }).catch((error: unknown) => {
      // The detail's 404 / 502 pages are for its own URL: here the summary is simply left out.
      if (error instanceof Response) return null;
      throw error;
    }),
    null,
    { log: access.log, event: "challenge_result_summary_unavailable" },
  );
  if (!loaded) return null;
  const { detail } = loaded;
  return {
    id: detail.id,
    folio: detail.folio,
    amount: detail.amount.amount,
    rate: detail.amount.rate,
    provider: detail.amount.provider,
    total: detail.amount.total,
    origin: detail.origin.name,
    destination: detail.destination.name,
    receipt: detail.receipt,
  };
}

/** The origin account of an operation refused for funds: its balance now, and where to fund it. */
async function fundingOf(access: AccessContext, operation: UpstreamOperation | null) {
  const accountId = operation?.accountOrigin?.idCuenta;
  if (!accountId) return null;
  const views = await optional(
    companyAccounts(access).then((accounts) => accounts.views),
    [],
    { log: access.log, event: "challenge_result_accounts_unavailable" },
  );
  const account = views.find((view) => view.idAccount === accountId);
  if (!account) return null;
  return {
    alias: account.alias,
    last4: account.last4,
    balance: formatMoney(account.balance, account.currency),
    href: `/cuentas/${encodeURIComponent(account.idAccount)}`,
  };
}

export default function Transaction() {
  const { outcome, kind, saveFailed, verifyHref, summary, funding, refusal, bankPortalUrl, contactChatUrl } =
    useLoaderData<typeof loader>();
  const { t } = useTranslation(["transaction", "common"]);
  const type = t(`type.${kind}`);
  // The primary action takes focus when the result opens (data-autofocus), so Enter does the likely thing.
  const primary = (key: string, to: string, label: string) => (
    <Link key={key} to={to} data-autofocus="" className={buttonClass("primary")}>
      {label}
    </Link>
  );
  const secondary = (key: string, to: string, label: string) => (
    <Link key={key} to={to} className={buttonClass("secondary")}>
      {label}
    </Link>
  );
  const actions = (...nodes: React.ReactNode[]) => (
    <div className="mt-6 flex flex-col-reverse flex-wrap justify-center gap-3 sm:flex-row">{nodes}</div>
  );

  if (refusal) return <RefusedResult refusal={refusal} />;

  if (outcome.kind === "desync") {
    return (
      <section aria-labelledby="resultado-titulo" className="mx-auto flex max-w-lg flex-col items-center gap-5 py-10 text-center">
        <h2 id="resultado-titulo" className="text-3xl font-bold text-failed dark:text-red-400">
          {t("desync.title")}
        </h2>
        <p className="rounded-xl bg-white px-4 py-3 font-semibold text-slate-900 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700">
          {t("desync.notMade")}
        </p>
        <p className="text-slate-600 dark:text-slate-300">{t("desync.description")}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <a href={bankPortalUrl} data-autofocus="" className={buttonClass("primary")}>
            {t("desync.bank")}
          </a>
          {secondary("home", "/", t("desync.home"))}
        </div>
      </section>
    );
  }

  let modal: { title: string; description?: string; tone: "success" | "error"; body: React.ReactNode };
  switch (outcome.kind) {
    case "success":
      modal = saveFailed
        ? {
            title: t("saved.title"),
            description: t("saved.description"),
            tone: "success",
            body: actions(primary("home", "/", t("actions.home"))),
          }
        : {
            title: t("success.title"),
            description: t("success.description", { type }),
            tone: "success",
            body: summary ? <SuccessSummary summary={summary} kind={kind} /> : actions(primary("home", "/", t("actions.home"))),
          };
      break;
    case "operationError":
      modal = {
        title: t(`${outcome.error}.title`),
        description: t(`${outcome.error}.description`),
        tone: "error",
        body: actions(primary("ok", verifyHref, t("actions.ok"))),
      };
      break;
    case "timeout":
      modal =
        outcome.modal === "retriesLimit"
          ? {
              title: t("retriesLimit.title"),
              description: t("retriesLimit.description"),
              tone: "error",
              body: actions(primary("back", "/", t("retriesLimit.back"))),
            }
          : {
              title: t("timeExpired.title"),
              description: t("timeExpired.description"),
              tone: "error",
              body: actions(secondary("cancel", "/", t("actions.cancel")), primary("verify", verifyHref, t("actions.verify"))),
            };
      break;
    case "help":
      // §8: the message, then where to get help (the bank's online banking, or an advisor on WhatsApp).
      modal = {
        title: t(`help.topics.${outcome.topic}.title`),
        description: t(`help.topics.${outcome.topic}.description`),
        tone: "error",
        body: actions(
          secondary("ok", "/", t("actions.ok")),
          <a
            key="help"
            href={outcome.target === "whatsapp" ? contactChatUrl : bankPortalUrl}
            data-autofocus=""
            className={buttonClass("primary")}
          >
            {t(outcome.target === "whatsapp" ? "help.whatsapp" : "help.bank")}
          </a>,
        ),
      };
      break;
    case "insufficient":
      modal = {
        title: t("insufficient.title"),
        description: t("insufficient.description"),
        tone: "error",
        body: (
          <>
            {funding ? (
              <div className="rounded-xl bg-slate-50 p-4 text-left dark:bg-slate-800">
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {t("insufficient.balanceOf", { account: funding.alias, last4: funding.last4 })}
                </p>
                <p className="mt-1 text-lg font-semibold tabular-nums">{funding.balance}</p>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("insufficient.howToFund")}</p>
                <Link to={funding.href} className="mt-2 inline-block text-sm font-semibold text-brand-700 underline dark:text-brand-300">
                  {t("insufficient.movements")}
                </Link>
              </div>
            ) : null}
            {actions(
              secondary("ok", verifyHref, t("actions.verify")),
              <a key="bank" href={bankPortalUrl} data-autofocus="" className={buttonClass("primary")}>
                {t("insufficient.fund")}
              </a>,
            )}
          </>
        ),
      };
      break;
    default:
      modal = {
        title: outcome.title ?? t("error.default"),
        description: outcome.title ? (outcome.description ?? undefined) : undefined,
        tone: "error",
        body: actions(secondary("cancel", "/", t("actions.cancel")), primary("verify", verifyHref, t("actions.verify"))),
      };
  }
  return (
    <Modal open title={modal.title} description={modal.description} tone={modal.tone}>
      {modal.body}
    </Modal>
  );
}

/** The result the operation's life refused: what happened to it and where to see it; nothing moved. */
function RefusedResult({ refusal }: { refusal: Refusal }) {
  const { t } = useTranslation(["transaction", "common"]);
  const detailHref = `/historial-operaciones/${encodeURIComponent(refusal.operationId)}`;
  const { named, operationId } = refusal;
  const body = (
    <>
      <p className="rounded-xl bg-slate-50 px-4 py-3 text-center font-semibold tabular-nums text-slate-900 dark:bg-slate-800 dark:text-slate-100">
        {named
          ? t("refused.operation", { type: t(`summary.kinds.${named.kind}`), id: operationId, amount: named.amount })
          : t("refused.operationOnly", { id: operationId })}
      </p>
      <div className="mt-6 flex flex-col-reverse flex-wrap justify-center gap-3 sm:flex-row">
        <Link to="/" className={buttonClass("secondary")}>
          {t("actions.home")}
        </Link>
        {refusal.kind === "notNow" ? (
          <a href="" data-autofocus="" className={buttonClass("primary")}>
            {t("refused.reload")}
          </a>
        ) : (
          <Link to={detailHref} data-autofocus="" className={buttonClass("primary")}>
            {t("refused.detail")}
          </Link>
        )}
      </div>
    </>
  );
  if (refusal.kind === "notNow") {
    return (
      <Modal open title={t("refused.notNowTitle")} description={t("refused.notNowDescription")} tone="error">
        {body}
      </Modal>
    );
  }
  return (
    <Modal
      open
      title={refusal.kind === "voided" ? t("refused.voidedTitle") : t("refused.title")}
      description={refusal.kind === "voided" ? t("refused.voidedDescription") : refusal.message}
      tone="error"
    >
      {body}
    </Modal>
  );
}

/** The operation just made, and where to go with it: its detail, its receipt, or back to operate. */
function SuccessSummary({ summary, kind }: { summary: OperationSummary; kind: "buy" | "sell" | "transfer" }) {
  const { t } = useTranslation(["transaction", "common"]);
  const product = t("common:product.name");
  const rows: Array<[string, string | null]> = [
    [t("summary.type"), t(`summary.kinds.${kind}`)],
    [t("summary.amount"), summary.amount],
    [t("summary.rate"), summary.rate],
    [t("summary.provider"), summary.provider],
    [t("summary.total"), summary.total],
    [t("summary.origin"), summary.origin],
    [t("summary.destination"), summary.destination],
    [t("summary.id"), summary.id],
    [t("summary.folio"), summary.folio],
  ];
  const detailHref = `/historial-operaciones/${encodeURIComponent(summary.id)}`;
  return (
    <>
      <dl className="divide-y divide-slate-200 rounded-xl bg-slate-50 px-4 text-left text-sm dark:divide-slate-700 dark:bg-slate-800">
        {rows
          .filter((row): row is [string, string] => Boolean(row[1]))
          .map(([label, value]) => (
            <div key={label} className="flex items-baseline justify-between gap-4 py-2">
              <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
              <dd className="break-all text-right font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
      </dl>
      <div className="mt-6 flex flex-col gap-3">
        <Link to="/" data-autofocus="" className={buttonClass("primary")}>
          {t("actions.home")}
        </Link>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to={detailHref} className={`${buttonClass("secondary")} sm:flex-1`}>
            {t("summary.detail")}
          </Link>
          {summary.receipt ? (
            <a href={`${detailHref}/comprobante`} className={`${buttonClass("secondary")} sm:flex-1`}>
              {t("summary.receipt")}
            </a>
          ) : (
            <span className="flex flex-col gap-1 sm:flex-1">
              <button type="button" disabled aria-describedby="comprobante-pendiente" className={buttonClass("secondary")}>
                {t("summary.receipt")}
              </button>
              <span id="comprobante-pendiente" className="text-xs text-slate-600 dark:text-slate-300">
                {t("summary.receiptLater", { product })}
              </span>
            </span>
          )}
        </div>
      </div>
    </>
  );
}

export const handle: PageHandle = {
  namespaces: { transaction },
  titleKey: "transaction:meta",
  challengeModal: true,
  pageToast: (data) => (data as { toast?: ToastData | null } | undefined)?.toast ?? null,
};

export { ErrorBoundary } from "~/components/errors/error-boundary";
