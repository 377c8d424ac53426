import crypto from "node:crypto";

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import { approvalNotice, canDecideApprovals } from "#core/domain/approval-access";
import { maySignPayments } from "#core/domain/payment-batch";
import { historyHref } from "#core/history-links";
import transaction from "#core/locales/es-MX/transaction.json";
import { withParams } from "#core/url";
import { DecisionCard, DecisionHelp, DecisionRefusalNotice, VoidDialog } from "~/components/approvals/Decision";
import { OperationDetailBody, OperationDetailFooter } from "~/components/history/OperationDetailView";
import { OperationDrawer } from "~/components/history/OperationDrawer";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useTranslation } from "~/i18n";
import type { HistoryHandle } from "~/routes/historial-operaciones";
import {
  answerDecision,
  approvedByFor,
  currentActor,
  getConfig,
  json,
  loadOperationDetail,
  readForm,
  requireAccess,
  requireAdministrator,
} from "~/server-imports/historial-operaciones.$id._index";

/**
 * The operation drawer's detail view (§2), server-rendered over the list so a link opens exactly
 * this operation. Another company's operation, or one that does not exist, is a 404 (the list's
 * error boundary shows the Spanish 404 page), never someone else's data. An operation waiting for
 * approval offers an administrator 'Aprobar' and 'Anular' (decision 060), the void confirmation
 * at `?dialogo=anular-operacion`; the decision posts here, and only an administrator's is heard.
 */
const DIALOG = "anular-operacion";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context);
  const { detail } = await loadOperationDetail(access, params.id ?? "");
  // Only an operation that waits asks who is looking: the profile is read fresh (decision 058).
  const actor = detail.approval || detail.awaitingToken ? await currentActor(access) : null;
  const decides = detail.approval && actor !== null && canDecideApprovals(actor);
  const url = new URL(request.url);
  const config = getConfig();
  return json(
    {
      detail,
      bankPortalUrl: config.BANK_PORTAL_URL,
      links: { bank: config.BANK_PORTAL_URL, whatsapp: config.CONTACT_CHAT_URL },
      approvalNotice: approvalNotice({ awaitsApproval: detail.approval, approved: detail.approvedBy !== null, viewerDecides: decides }),
      decision: decides
        ? {
            idempotencyKey: crypto.randomUUID(),
            voidKey: crypto.randomUUID(),
            // An approved operation waits for its administrator's key: nobody voids it (decision 092).
            voiding: url.searchParams.get("dialogo") === DIALOG && detail.approvedBy === null,
            approvedBy: approvedByFor(access, detail.approvedBy),
          }
        : null,
      // 'Autorizar con mi token' (decision 093): a fresh key per drawer; the bank decides whose it is to sign.
      authorise: detail.awaitingToken && actor !== null && maySignPayments(actor) ? { idempotencyKey: crypto.randomUUID() } : null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const access = await requireAdministrator(request, context);
  const formData = await readForm(request);
  const url = new URL(request.url);
  // The decision is about this drawer's operation: another id posted here is refused.
  if (formData.get("id") !== params.id) throw new Response("Solicitud inválida", { status: 400 });
  const here = historyHref(url.search, params.id);
  return answerDecision(request, access, formData, { voidedHref: () => here, here });
}

export default function OperationDetailRoute() {
  const { detail, bankPortalUrl, links, approvalNotice, decision, authorise } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("history");
  const { search } = useLocation();
  const here = historyHref(search, detail.id);
  return (
    <>
      <OperationDrawer
        detail={detail}
        closeHref={historyHref(search)}
        footer={
          <OperationDetailFooter
            detail={detail}
            actionPending={authorise !== null || (decision !== null && (decision.approvedBy === null || decision.approvedBy.byMe))}
            links={{
              invoice: historyHref(search, detail.id, "factura"),
              receipt: historyHref(search, detail.id, "comprobante"),
              share: historyHref(search, detail.id, "compartir"),
            }}
          />
        }
      >
        <DecisionRefusalNotice answer={answer} shown={decision ? [detail.id] : []} />
        <OperationDetailBody
          detail={detail}
          bankPortalUrl={bankPortalUrl}
          approvalNotice={approvalNotice}
          tokenAction={
            authorise ? (
              <Form method="post" action={historyHref(search, detail.id, "autorizar")} className="mt-3">
                <AuthenticityTokenInput />
                <input type="hidden" name="idempotencyKey" value={authorise.idempotencyKey} />
                <SubmitButton name="intent" value="autorizar" pendingText={t("notice.token.pending")}>
                  {t("notice.token.action")}
                </SubmitButton>
              </Form>
            ) : null
          }
          decision={
            decision ? (
              <DecisionCard
                subject={detail}
                idempotencyKey={decision.idempotencyKey}
                voidHref={withParams(here, { dialogo: DIALOG })}
                answer={answer}
                approvedBy={decision.approvedBy}
              />
            ) : null
          }
        />
      </OperationDrawer>
      {decision ? (
        <>
          <VoidDialog
            open={decision.voiding}
            id={detail.id}
            amount={detail.amount.total}
            idempotencyKey={decision.voidKey}
            closeHref={here}
            answer={answer}
            overDrawer
          />
          <DecisionHelp answer={answer} closeHref={here} links={links} />
        </>
      ) : null}
    </>
  );
}

export const handle: HistoryHandle = {
  namespaces: { transaction },
  titleKey: "shell.title.operations",
  pending: (data) => Boolean((data as { detail?: { polled?: boolean } } | undefined)?.detail?.polled),
};
