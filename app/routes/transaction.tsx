import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";

import { buildCalculatorPrefill, recipientDestination } from "#core/domain/calculator-prefill";
import { SLUG_OF } from "#core/domain/calculator-tabs";
import type { ChallengeOutcome } from "#core/domain/challenge";
import { challengeOutcome, withoutFreeText } from "#core/domain/challenge";
import transaction from "#core/locales/es-MX/transaction.json";
import { getConfig } from "#server/config.server";
import { commitSession, newToast, requireAccess } from "#server/session/auth.server";
import { reportFailure } from "#server/upstream/error-reporting.server";
import { isUpstreamError } from "#server/upstream/errors";
import type { UpstreamOperation } from "#server/upstream/trading.server";
import { buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/Modal";
import { useTranslation } from "~/i18n";
import { serverT } from "~/i18n.server";
import type { PageHandle } from "~/utils/page-title";

/**
 * /transaction (§2, §4 Challenge result): where the bank's challenge page sends the browser back.
 * The result is recorded upstream (idempotent by trk) and the matching modal is rendered here,
 * on the server, so it works without JS. Only catalogue texts and the upstream's recorded
 * message are shown: the URL's `msg` is attacker-writable.
 */
const resultSchema = z.object({
  trk: z.string().min(1).max(128),
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
  const op = operation as UpstreamOperation & { concept?: unknown; conceptString?: unknown; recipient?: { idRecipient?: unknown } | null };
  if (op.pair) params.set("par", op.pair);
  const recipientId = op.recipient?.idRecipient;
  const prefill = buildCalculatorPrefill(
    {
      amount: kind === "transfer" && op.amount !== null ? op.amount.toFixed(2) : undefined,
      left: kind !== "transfer" && op.amountOrigin !== null ? op.amountOrigin.toFixed(2) : undefined,
      origin: op.accountOrigin?.idCuenta,
      destination: op.accountDestiny
        ? op.accountDestiny.idCuenta
        : typeof recipientId === "string" || typeof recipientId === "number"
          ? recipientDestination(recipientId)
          : undefined,
      reason: typeof op.concept === "number" || typeof op.concept === "string" ? String(op.concept) : undefined,
      concept: typeof op.conceptString === "string" ? op.conceptString : undefined,
    },
    params,
  );
  return `/?${prefill}`;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context);
  const parsed = resultSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return redirect("/");
  const { trk, res, msg, retries, operation: kind } = parsed.data;

  let operation: UpstreamOperation | null = null;
  let saveFailed = false;
  let refused = false;
  try {
    operation = (await access.api.trading.processChallenge({ res, msg, trk })).operation;
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    // A 4xx is the upstream refusing this result (not the bank's, or not this person's): never a success.
    refused = error.failure === "status" && (error.status ?? 500) < 500;
    saveFailed = !refused;
    context.log.error(
      { event: "challenge_save_failed", refused, err: error instanceof Error ? error.message : error },
      "challenge result not recorded",
    );
    reportFailure(access, { operation: kind, error: `challenge ${error.status ?? error.failure}`, context: "challenge" });
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
    const t = serverT("transaction");
    access.session.flash("toast", newToast("success", t("desync.toast")));
    return json(
      {
        outcome,
        kind,
        saveFailed,
        verifyHref: "/",
        bankPortalUrl: getConfig().BANK_PORTAL_URL,
        contactChatUrl: getConfig().CONTACT_CHAT_URL,
      },
      { headers: { "Set-Cookie": await commitSession(access.session) } },
    );
  }
  // §8: unmatched errors clear the transaction's data; the others keep it for 'Verificar datos'.
  const verifyHref = outcome.kind === "error" ? retryHref(null, kind) : retryHref(operation, kind);
  return json({
    outcome,
    kind,
    saveFailed,
    verifyHref,
    bankPortalUrl: getConfig().BANK_PORTAL_URL,
    contactChatUrl: getConfig().CONTACT_CHAT_URL,
  });
}

export default function Transaction() {
  const { outcome, kind, saveFailed, verifyHref, bankPortalUrl, contactChatUrl } = useLoaderData<typeof loader>();
  const { t } = useTranslation("transaction");
  const type = t(`type.${kind}`);
  const home = (
    <Link to="/" className={buttonClass("primary")}>
      {t("actions.home")}
    </Link>
  );
  const verify = (
    <Link to={verifyHref} className={buttonClass("primary")}>
      {t("actions.verify")}
    </Link>
  );
  const cancel = (
    <Link to="/" className={buttonClass("secondary")}>
      {t("actions.cancel")}
    </Link>
  );
  const ok = (href: string) => (
    <Link to={href} className={buttonClass("primary")}>
      {t("actions.ok")}
    </Link>
  );
  const actions = (...nodes: React.ReactNode[]) => (
    <div className="mt-6 flex flex-col-reverse justify-center gap-3 sm:flex-row">{nodes}</div>
  );

  if (outcome.kind === "desync") {
    return (
      <main id="contenido" className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-6 p-8 text-center">
        <h1 className="text-3xl font-bold text-failed">{t("desync.title")}</h1>
        <p className="text-slate-600 dark:text-slate-300">{t("desync.description")}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <a href={bankPortalUrl} className={buttonClass("primary")}>
            {t("desync.bank")}
          </a>
          <Link to="/" className={buttonClass("secondary")}>
            {t("desync.home")}
          </Link>
        </div>
      </main>
    );
  }

  let modal: { title: string; description?: string; tone: "success" | "error"; body: React.ReactNode };
  switch (outcome.kind) {
    case "success":
      modal = saveFailed
        ? { title: t("saved.title"), description: t("saved.description"), tone: "success", body: actions(home) }
        : { title: t("success.title"), description: t("success.description", { type }), tone: "success", body: actions(home) };
      break;
    case "operationError":
      modal = {
        title: t(`${outcome.error}.title`),
        description: t(`${outcome.error}.description`),
        tone: "error",
        body: actions(ok(verifyHref)),
      };
      break;
    case "timeout":
      modal =
        outcome.modal === "retriesLimit"
          ? {
              title: t("retriesLimit.title"),
              tone: "error",
              body: actions(
                <Link key="back" to="/" className={buttonClass("primary")}>
                  {t("retriesLimit.back")}
                </Link>,
              ),
            }
          : { title: t("timeExpired.title"), description: t("timeExpired.description"), tone: "error", body: actions(cancel, verify) };
      break;
    case "help":
      // §8: the message, then where to get help (the bank's online banking, or an advisor on WhatsApp).
      modal = {
        title: t(`help.topics.${outcome.topic}.title`),
        description: t(`help.topics.${outcome.topic}.description`),
        tone: "error",
        body: actions(
          <Link key="ok" to="/" className={buttonClass("secondary")}>
            {t("actions.ok")}
          </Link>,
          <a key="help" href={outcome.target === "whatsapp" ? contactChatUrl : bankPortalUrl} className={buttonClass("primary")}>
            {t(outcome.target === "whatsapp" ? "help.whatsapp" : "help.bank")}
          </a>,
        ),
      };
      break;
    case "insufficient":
      modal = { title: t("insufficient.title"), description: t("insufficient.description"), tone: "error", body: actions(ok("/")) };
      break;
    default:
      modal = {
        title: outcome.title ?? t("error.default"),
        description: outcome.title ? (outcome.description ?? undefined) : undefined,
        tone: "error",
        body: actions(cancel, verify),
      };
  }
  return (
    <main id="contenido" className="min-h-screen">
      <Modal open title={modal.title} description={modal.description} tone={modal.tone}>
        {modal.body}
      </Modal>
    </main>
  );
}

export const handle: PageHandle = { namespaces: { transaction }, titleKey: "transaction:meta", challengeModal: true };

export { ErrorBoundary } from "~/components/errors/ErrorPage";
