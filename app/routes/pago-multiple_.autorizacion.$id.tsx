import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import multiplePayment from "#core/locales/es-MX/multiple-payment.json";
import { FileStateCard } from "~/components/payments/FileStateCard";
import { CurrencyTotals, RowState } from "~/components/payments/MultiplePaymentRows";
import { buttonClass } from "~/components/ui/button";
import { Money } from "~/components/ui/Money";
import { useTranslation } from "~/i18n";
import { batchPage, json, requireAccess } from "~/server-imports/pago-multiple_.autorizacion.$id";
import type { PageHandle } from "~/utils/page-title";

/**
 * One signed batch of payments (decision 093): its state (green only once its money was sent), its
 * totals and what happened to each operation, as the bank recorded it. Where /transaction lands an
 * administrator who signed a collaborator's file, or anyone whose file's page is gone. Another
 * company's batch is a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context);
  return json(await batchPage(access, params.id ?? ""), { headers: { "Cache-Control": "private, no-store" } });
}

export default function BatchAuthorisation() {
  const batch = useLoaderData<typeof loader>();
  const { t } = useTranslation("multiplePayment");
  const state = batch.state === "registering" ? "toAuthorise" : batch.state;
  const heading =
    state === "toAuthorise"
      ? t("authorise.state.toAuthorise", { count: batch.count })
      : state === "toApprove"
        ? t("authorise.state.toApprove", { count: batch.count })
        : state === "sent"
          ? t("authorise.state.sent", { count: batch.sent })
          : state === "partial"
            ? t("authorise.state.partial", { sent: batch.sent, total: batch.count })
            : t("authorise.state.failed");
  const copy =
    state === "failed" && batch.failure
      ? t("authorise.copy.failedBank", { reason: [batch.failure.title, batch.failure.description].filter(Boolean).join(". ") })
      : t(`authorise.copy.${state}`);
  const cell = "px-3 py-2.5 text-left align-top max-md:block max-md:p-0";
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 className="text-xl font-semibold">{t("batchPage.heading")}</h2>
        <p className="text-slate-600 dark:text-slate-300">
          {[
            batch.fileName ? t("batchPage.file", { file: batch.fileName }) : null,
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
            <Link to="/historial-operaciones" className={buttonClass(batch.challengeUrl ? "secondary" : "primary")}>
              {t("batchPage.history")}
            </Link>
          </div>
        </FileStateCard>
        <CurrencyTotals totals={batch.totals} />
        <div className="rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <table className="w-full text-sm max-md:block">
            <caption className="sr-only">{t("batchPage.table")}</caption>
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600 max-md:sr-only dark:bg-slate-800 dark:text-slate-300">
              <tr>
                <th scope="col" className={cell}>
                  {t("batchPage.operation")}
                </th>
                <th scope="col" className={cell}>
                  {t("batchPage.recipient")}
                </th>
                <th scope="col" className={`${cell} md:text-right`}>
                  {t("batchPage.amount")}
                </th>
                <th scope="col" className={cell}>
                  {t("batchPage.result")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 max-md:block dark:divide-slate-800">
              {batch.rows.map((row) => (
                <tr key={row.id} className="max-md:grid max-md:grid-cols-[minmax(0,1fr)_auto] max-md:gap-x-3 max-md:gap-y-1 max-md:p-4">
                  <th scope="row" className={`${cell} font-semibold`}>
                    <Link
                      to={`/historial-operaciones/${encodeURIComponent(row.id)}`}
                      aria-label={t("batchPage.open", { id: row.id })}
                      className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
                    >
                      {row.id}
                    </Link>
                  </th>
                  <td className={`${cell} min-w-0 [overflow-wrap:anywhere] max-md:col-span-2 max-md:row-start-2`}>
                    {row.recipient ?? "—"}
                  </td>
                  <td className={`${cell} font-semibold tabular-nums max-md:col-span-2 md:text-right`}>
                    {row.amount !== null && row.currency ? <Money amount={row.amount} currency={row.currency} /> : "—"}
                  </td>
                  <td className={`${cell} max-md:col-start-2 max-md:row-start-1 max-md:text-right`}>
                    <RowState status={row.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

export const handle: PageHandle = { namespaces: { multiplePayment }, titleKey: "multiplePayment:batchPage.title" };

export { ErrorBoundary } from "~/components/errors/error-boundary";
