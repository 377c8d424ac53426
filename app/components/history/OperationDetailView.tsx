import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import type { ApprovalNotice } from "#core/domain/approval-access";
import type { AccountSide, OperationDetail } from "#server/history/view";
import { buttonClass } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";
import { useTranslation } from "~/i18n";

import { OperationSubject, OperationSummary } from "./OperationSubject";
import { PaymentProof, TrackingKeyLine } from "./PaymentProof";
import { StatusBadge } from "./StatusBadge";
import { Tracker } from "./Tracker";

const CARD = "rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900";

function Card({ id, title, children, srOnlyTitle = false }: { id: string; title: string; children: ReactNode; srOnlyTitle?: boolean }) {
  return (
    <section aria-labelledby={id} className={CARD}>
      <h3
        id={id}
        className={srOnlyTitle ? "sr-only" : "mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400"}
      >
        {title}
      </h3>
      {children}
    </section>
  );
}

function Notice({ tone, title, children }: { tone: "pending" | "failed"; title: string; children: ReactNode }) {
  const look =
    tone === "pending"
      ? "border-pending/40 bg-amber-50 dark:border-amber-700/60 text-pending dark:bg-amber-950/40 dark:text-amber-300"
      : "border-failed/40 bg-red-50 text-failed dark:bg-red-950 dark:text-red-400";
  return (
    <div className={`flex gap-3 rounded-xl border p-4 ${look}`}>
      <Icon name={tone === "pending" ? "info" : "error"} className="mt-0.5 h-5 w-5 shrink-0" />
      <div className="min-w-0 text-sm text-slate-800 dark:text-slate-100">
        <p className="font-semibold">{title}</p>
        {children}
      </div>
    </div>
  );
}

function Side({ side }: { side: AccountSide }) {
  const { t } = useTranslation("history");
  return (
    <div className="text-sm">
      <p className="font-semibold text-slate-900 dark:text-slate-100">{side.name ?? t("detail.unknown")}</p>
      {side.masked ? (
        <p className="whitespace-nowrap text-slate-600 dark:text-slate-300">{t("detail.account", { number: side.masked })}</p>
      ) : null}
      {side.bank || side.currency ? (
        <p className="text-slate-600 dark:text-slate-300">{[side.bank, side.currency].filter(Boolean).join(" · ")}</p>
      ) : null}
    </div>
  );
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1">
      <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className={`text-right tabular-nums ${strong ? "text-lg font-bold" : "font-semibold"}`}>{value}</dd>
    </div>
  );
}

/** The detail view (§2): status area, 'Origen', 'Destino', the amount card and the reason card. */
export function OperationDetailBody({
  detail,
  bankPortalUrl,
  approvalNotice,
  decision,
  tokenAction,
}: {
  detail: OperationDetail;
  bankPortalUrl: string;
  /** 'Por aprobar' until an administrator approves, then who approved it unless the decision says so. */
  approvalNotice: ApprovalNotice;
  /** The administrator's 'Aprobar' / 'Anular' for an operation waiting for approval (decision 060). */
  decision?: ReactNode;
  /** 'Autorizar con mi token' for an operation waiting for its signer's token (decision 093). */
  tokenAction?: ReactNode;
}) {
  const { t } = useTranslation(["history", "common"]);
  const product = t("common:product.name");
  const failure = detail.failure;
  return (
    <div className="flex flex-col gap-4">
      <OperationSummary subject={detail} />
      <section aria-labelledby="operacion-estatus" className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-3">
          <h3 id="operacion-estatus" className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
            {t("detail.statusArea")}
          </h3>
          <StatusBadge label={t(detail.statusLabelKey)} outcome={detail.outcome} awaiting={detail.awaitingPerson} />
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t("detail.createdAt")}: {detail.createdAtText}
        </p>
        {approvalNotice === "awaitingApproval" ? (
          <Notice tone="pending" title={t("notice.approval.title")}>
            <p>{t("notice.approval.copy")}</p>
          </Notice>
        ) : null}
        {approvalNotice === "approved" && detail.approvedBy ? (
          <Notice tone="pending" title={t("notice.approved.title")}>
            <p>{t("approval.approvedBy", { name: detail.approvedBy.name })}</p>
          </Notice>
        ) : null}
        {detail.approval && decision ? decision : null}
        {detail.awaitingToken ? (
          <Notice tone="pending" title={t("notice.token.title")}>
            <p>{t("notice.token.copy")}</p>
            {tokenAction ? (
              <>
                <p data-testid="token-subject" className="mt-2 tabular-nums">
                  <OperationSubject subject={detail} />
                </p>
                {tokenAction}
              </>
            ) : null}
          </Notice>
        ) : null}
        {detail.voidedByAdmin ? (
          <Notice tone="failed" title={t("notice.voidedByAdmin.title")}>
            <p>{t("notice.voidedByAdmin.copy")}</p>
          </Notice>
        ) : null}
        {failure ? (
          <Notice tone="failed" title={t(failure.titleKey)}>
            <p>{failure.copyText ?? (failure.copyKey ? t(failure.copyKey) : null)}</p>
            {failure.reason ? <p>{t("notice.returned.reason", { reason: failure.reason })}</p> : null}
            {failure.link === "bankPortal" ? (
              <a href={bankPortalUrl} className="mt-1 inline-block font-semibold text-brand-700 underline dark:text-brand-300">
                {t("notice.returned.link")}
              </a>
            ) : null}
          </Notice>
        ) : null}
        {detail.validatingNotice ? (
          <Notice tone="pending" title={t(detail.statusLabelKey)}>
            <p>{t("validatingNotice")}</p>
          </Notice>
        ) : null}
        {detail.settlementText ? (
          <p className="rounded-lg bg-brand-50 px-4 py-3 text-sm font-semibold text-brand-700 dark:bg-brand-900 dark:text-brand-100">
            {t("settlement", { date: detail.settlementText })}
          </p>
        ) : null}
        <Tracker tracker={detail.tracker} pair={detail.pair} />
        {detail.proof?.rail === "spei" ? <TrackingKeyLine trackingKey={detail.proof.trackingKey} /> : null}
      </section>

      <div className="grid gap-4 sm:grid-cols-2">
        <Card id="operacion-origen" title={t("detail.origin")}>
          <Side side={detail.origin} />
        </Card>
        <Card id="operacion-destino" title={t("detail.destination")}>
          <Side side={detail.destination} />
        </Card>
      </div>

      <Card id="operacion-importes" title={t("detail.amountCard")} srOnlyTitle>
        <dl className="text-sm">
          <Row label={t("detail.amount")} value={detail.amount.amount} />
          {detail.amount.rate !== null ? (
            <Row label={t("detail.rate", { product })} value={detail.amount.rateBetween ?? detail.amount.rate} />
          ) : null}
          {detail.amount.provider !== null ? <Row label={t("detail.provider")} value={detail.amount.provider} /> : null}
          {detail.amount.fee !== null ? <Row label={t("detail.fee")} value={detail.amount.fee} /> : null}
          <Row label={t("detail.total")} value={detail.amount.total} strong />
        </dl>
      </Card>

      <Card id="operacion-motivo" title={t("detail.reasonCard")} srOnlyTitle>
        <dl className="text-sm">
          <Row label={t("detail.paymentReason")} value={detail.paymentReason ?? t("detail.unknown")} />
          <Row label={t("detail.concept")} value={detail.concept ?? t("detail.unknown")} />
          {detail.returnedAtText ? <Row label={t("detail.returnedDate")} value={detail.returnedAtText} /> : null}
        </dl>
      </Card>

      {detail.proof ? <PaymentProof proof={detail.proof} operationId={detail.id} /> : null}
    </div>
  );
}

export type DetailFooterLinks = { invoice: string; receipt: string; share: string };

/**
 * 'Factura BASE' (buy/sell, when the invoice exists), 'Comprobante {product}' and 'Compartir por
 * correo'. The documents are plain links: the server answers with the PDF as a download, or
 * sends the person back here with an error toast.
 */
export function OperationDetailFooter({
  detail,
  links,
  actionPending = false,
}: {
  detail: OperationDetail;
  links: DetailFooterLinks;
  /** The viewer has a step to take here ('Aprobar', 'Autorizar con mi token'): sharing steps aside for it. */
  actionPending?: boolean;
}) {
  const { t } = useTranslation(["history", "common"]);
  const product = t("common:product.name");
  // A disabled control says why (decision 055): the reason sits under it and describes it.
  const disabled = (label: string, reason: string, id: string) => (
    <span className="inline-flex max-w-[16rem] flex-col items-stretch gap-1">
      <button type="button" disabled aria-describedby={id} className={buttonClass("secondary")}>
        {label}
      </button>
      <span id={id} className="text-center text-xs leading-4 text-slate-600 dark:text-slate-300">
        {reason}
      </span>
    </span>
  );
  const share = (
    <Link to={links.share} preventScrollReset className={buttonClass(actionPending ? "secondary" : "primary", "shrink-0")}>
      {t("detail.share")}
    </Link>
  );
  if (detail.documentsAwaitBank) {
    // One line for both documents, not a disabled button and a reason each: the phone's footer stays one row.
    return (
      <nav aria-label={t("detail.documents")} className="flex items-center justify-end gap-3">
        <p className="min-w-0 flex-1 text-xs leading-4 text-slate-600 dark:text-slate-300">
          {t(detail.kind === "transfer" ? "detail.documentsLaterTransfer" : "detail.documentsLaterFx", { product })}
        </p>
        {share}
      </nav>
    );
  }
  return (
    <nav aria-label={t("detail.documents")} className="flex flex-wrap items-start justify-end gap-2">
      {detail.kind !== "transfer" ? (
        detail.invoiceButton ? (
          <a href={links.invoice} className={buttonClass("secondary")}>
            {t("detail.invoice")}
          </a>
        ) : (
          disabled(
            t("detail.invoice"),
            t(detail.status === "applied" ? "detail.invoiceIssuing" : "detail.invoiceLater"),
            `factura-${detail.id}-pendiente`,
          )
        )
      ) : null}
      {detail.receipt ? (
        <a href={links.receipt} className={buttonClass("secondary")}>
          {t("detail.receipt", { product })}
        </a>
      ) : (
        disabled(t("detail.receipt", { product }), t("detail.receiptLater"), `comprobante-${detail.id}-pendiente`)
      )}
      {share}
    </nav>
  );
}
