import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { APPROVALS_PATH } from "#core/domain/approval";
import { approvalCounts } from "#core/domain/approval-card";
import { approveFileSchema } from "#core/domain/payment-batch-form";
import history from "#core/locales/es-MX/history.json";
import multiplePayment from "#core/locales/es-MX/multiple-payment.json";
import transaction from "#core/locales/es-MX/transaction.json";
import { withoutParams, withParams } from "#core/url";
import type { ApprovalItemView } from "~/components/approvals/ApprovalList";
import { ApprovalList } from "~/components/approvals/ApprovalList";
import { DecisionHelp, DecisionRefusalNotice, VoidDialog } from "~/components/approvals/Decision";
import { FileApprovals } from "~/components/approvals/FileApprovals";
import { EmptyState } from "~/components/ui/EmptyState";
import { LoadError } from "~/components/ui/LoadError";
import { useTranslation } from "~/i18n";
import {
  answerAuthorise,
  answerDecision,
  approveFile,
  filesToApprove,
  getConfig,
  json,
  loadApprovals,
  readForm,
  requireAdministrator,
} from "~/server-imports/aprobaciones";
import type { PageHandle } from "~/utils/page-title";

/**
 * 'Aprobación de pagos' (§2 Shell approve label, §3 Required-approval payment, §6; decision 060):
 * the operations the company's collaborators loaded that wait for an administrator, each with
 * 'Aprobar' (to the bank's challenge, with the administrator's own key) and 'Anular' (through the
 * modal `?dialogo=anular-operacion&operacion=<id>`). Administrators only: a collaborator gets 403
 * for the page and for every post.
 */
const DIALOG = "anular-operacion";
const DIALOG_PARAMS = ["dialogo", "operacion"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAdministrator(request, context);
  const url = new URL(request.url);
  const base = withoutParams(`${url.pathname}${url.search}`, DIALOG_PARAMS);
  const [items, files] = await Promise.all([loadApprovals(access), filesToApprove(access)]);
  // An operation of a collaborator's file is decided with its file, one signature for all (decision 093).
  const inFiles = new Set(files?.flatMap((file) => file.operationIds));
  const rows: ApprovalItemView[] | null =
    items
      ?.filter((item) => !inFiles.has(item.id))
      .map((item) => ({
        ...item,
        detailHref: `/historial-operaciones/${encodeURIComponent(item.id)}`,
        voidHref: withParams(base, { dialogo: DIALOG, operacion: item.id }),
      })) ?? null;
  const voiding =
    url.searchParams.get("dialogo") === DIALOG
      ? (rows?.find((row) => row.id === url.searchParams.get("operacion") && !row.approvedBy) ?? null)
      : null;
  const config = getConfig();
  return json(
    {
      rows,
      files:
        files?.map(({ operationIds: _ids, ...file }) => ({
          ...file,
          detailHref: `/pago-multiple/autorizacion/${encodeURIComponent(file.id)}`,
        })) ?? [],
      base,
      voiding: voiding && { id: voiding.id, amount: voiding.amount.total, idempotencyKey: voiding.voidKey },
      links: { bank: config.BANK_PORTAL_URL, whatsapp: config.CONTACT_CHAT_URL },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireAdministrator(request, context);
  const formData = await readForm(request);
  if (formData.get("intent") === "aprobar-archivo") {
    const parsed = approveFileSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) throw new Response("Solicitud inválida", { status: 400 });
    const { lote, idempotencyKey } = parsed.data;
    return answerAuthorise(request, await approveFile(access, lote, idempotencyKey), APPROVALS_PATH, lote);
  }
  return answerDecision(request, access, formData, {
    voidedHref: (id) => `/historial-operaciones/${encodeURIComponent(id)}`,
    here: APPROVALS_PATH,
  });
}

export default function Approvals() {
  const { rows, files, base, voiding, links } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("history");
  const countText = (items: ApprovalItemView[]) => {
    const { toApprove, approved } = approvalCounts(items);
    const waiting = t("approval.count", { count: toApprove });
    return approved > 0 ? `${waiting} · ${t("approval.approvedCount", { count: approved })}` : waiting;
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <p className="max-w-2xl text-slate-600 dark:text-slate-300">{t("approval.intro")}</p>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link to="/planner" className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
            {t("approval.plannerLink")}
          </Link>
          <Link to="/pagos-recurrentes" className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
            {t("approval.recurringLink")}
          </Link>
          <Link to="/pago-multiple" className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
            {t("approval.multipleLink")}
          </Link>
        </p>
      </div>
      <DecisionRefusalNotice answer={answer} shown={rows?.map((row) => row.id) ?? []} />
      {files.length > 0 ? (
        <FileApprovals
          files={files}
          refusal={
            answer && "authorise" in answer && answer.authorise.id ? { id: answer.authorise.id, message: answer.authorise.message } : null
          }
        />
      ) : null}
      {rows === null ? (
        <LoadError message={t("approval.loadError")} retryLabel={t("approval.retry")} retryHref={base} />
      ) : rows.length === 0 && files.length > 0 ? null : (
        <section aria-labelledby="aprobaciones-lista" className="flex flex-col gap-3">
          <h2 id="aprobaciones-lista" className="text-sm font-semibold text-slate-900 dark:text-slate-100">
            {countText(rows)}
          </h2>
          {rows.length === 0 ? (
            <EmptyState message={t("approval.empty")} hint={t("approval.emptyHint")} icon="approval" />
          ) : (
            <ApprovalList items={rows} answer={answer && "refusal" in answer ? answer : null} />
          )}
        </section>
      )}
      {voiding ? (
        <VoidDialog
          open
          id={voiding.id}
          amount={voiding.amount}
          idempotencyKey={voiding.idempotencyKey}
          closeHref={base}
          answer={answer && "refusal" in answer ? answer : null}
        />
      ) : null}
      <DecisionHelp answer={answer && "refusal" in answer ? answer : null} closeHref={base} links={links} />
    </div>
  );
}

export const handle: PageHandle = { namespaces: { history, transaction, multiplePayment }, titleKey: "shell.title.approvals" };

export { ErrorBoundary } from "~/components/errors/error-boundary";
