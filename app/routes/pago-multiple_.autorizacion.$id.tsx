import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { APPROVALS_PATH, canDecideApprovals } from "#core/domain/approval-access";
import multiplePayment from "#core/locales/es-MX/multiple-payment.json";
import { FileStateCard } from "~/components/payments/FileStateCard";
import { BatchRows, CurrencyTotals } from "~/components/payments/MultiplePaymentRows";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n";
import { batchPage, currentActor, json, requireAccess } from "~/server-imports/pago-multiple_.autorizacion.$id";
import type { PageHandle } from "~/utils/page-title";

/**
 * One signed batch of payments (decision 093): its state (green only once its money was sent), its
 * totals and what happened to each operation, as the bank recorded it. Where /transaction lands an
 * administrator who signed a collaborator's file, or anyone whose file's page is gone. Another
 * company's batch is a 404. A file waiting for approval leads an administrator, who can approve it,
 * to 'Aprobación de pagos'; its collaborator reads that it waits.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context);
  const batch = await batchPage(access, params.id ?? "");
  // Only a file that waits asks who is looking: the profile is read fresh (decision 058).
  const mayApprove = batch.state === "toApprove" && canDecideApprovals(await currentActor(access));
  return json({ ...batch, approveHref: mayApprove ? APPROVALS_PATH : null }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function BatchAuthorisation() {
  const batch = useLoaderData<typeof loader>();
  const { t } = useTranslation("multiplePayment");
  const state = batch.state === "registering" ? "toAuthorise" : batch.state;
  const heading =
    state === "toAuthorise"
      ? t("authorise.state.toAuthorise", { count: batch.count })
      : state === "toApprove"
        ? t(batch.approveHref ? "authorise.state.toApproveByYou" : "authorise.state.toApprove", { count: batch.count })
        : state === "sent"
          ? t("authorise.state.sent", { count: batch.sent })
          : state === "partial"
            ? t("authorise.state.partial", { sent: batch.sent, total: batch.count })
            : t("authorise.state.failed");
  const copy =
    state === "failed" && batch.failure
      ? t("authorise.copy.failedBank", { reason: [batch.failure.title, batch.failure.description].filter(Boolean).join(". ") })
      : state === "toApprove" && batch.approveHref
        ? t("authorise.copy.toApproveByYou", { name: batch.loadedBy })
        : t(`authorise.copy.${state}`);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 className="text-xl font-semibold">{t("batchPage.heading")}</h2>
        <p className="text-slate-600 dark:text-slate-300">
          {[
            batch.fileName ? t("batchPage.file", { file: batch.fileName }) : null,
            batch.from ? t("batchPage.from", { accounts: batch.from }) : null,
            batch.loadedBy ? t("batchPage.loadedBy", { name: batch.loadedBy }) : null,
            batch.approvedBy ? t("batchPage.approvedBy", { name: batch.approvedBy }) : null,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
      </div>
      <section aria-labelledby="lote-estado" className="flex flex-col gap-4">
        <FileStateCard state={state} headingId="lote-estado" heading={heading} copy={copy}>
          <div className="flex flex-wrap gap-3">
            {batch.challengeUrl ? (
              <a href={batch.challengeUrl} className={buttonClass("primary")}>
                {t("batchPage.sign", { count: batch.count })}
              </a>
            ) : null}
            {batch.approveHref ? (
              <Link to={batch.approveHref} className={buttonClass("primary")}>
                {t("batchPage.review")}
              </Link>
            ) : null}
            <Link to="/historial-operaciones" className={buttonClass(batch.challengeUrl || batch.approveHref ? "secondary" : "primary")}>
              {t("batchPage.history")}
            </Link>
          </div>
        </FileStateCard>
        <CurrencyTotals totals={batch.totals} />
        <BatchRows rows={batch.rows} caption={t("batchPage.table")} />
      </section>
    </div>
  );
}

export const handle: PageHandle = { namespaces: { multiplePayment }, titleKey: "multiplePayment:batchPage.title" };

export { ErrorBoundary } from "~/components/errors/error-boundary";
