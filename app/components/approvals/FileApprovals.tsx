import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import { totalsText } from "#core/domain/payment-batch";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useTranslation } from "~/i18n";

export type FileApprovalView = {
  id: string;
  fileName: string | null;
  /** The accounts its payments leave, named as 'Mis cuentas' names them. */
  from: string | null;
  loadedBy: string | null;
  count: number;
  totals: { currency: string; total: string }[];
  /** The approve form's Idempotency-Key: a double click approves once. */
  idempotencyKey: string;
  detailHref: string;
};

/**
 * Collaborators' files waiting for the administrator (decision 093): one card per file with its
 * count and totals per currency, and one action that approves it and opens the bank's challenge
 * to sign every payment in it with one token.
 */
export function FileApprovals({ files, refusal }: { files: FileApprovalView[]; refusal: { id: string; message: string } | null }) {
  const { t } = useTranslation("multiplePayment");
  return (
    <section aria-labelledby="archivos-por-aprobar" className="flex flex-col gap-3">
      <h2 id="archivos-por-aprobar" className="text-sm font-semibold text-slate-900 dark:text-slate-100">
        {t("approvalFiles.title", { count: files.length })}
      </h2>
      <p className="max-w-2xl text-sm text-slate-600 dark:text-slate-300">{t("approvalFiles.intro")}</p>
      <ul className="flex flex-col gap-4">
        {files.map((file) => {
          const name = file.fileName ?? t("approvalFiles.noFile");
          const headingId = `archivo-${file.id}`;
          return (
            <li key={file.id}>
              <article
                aria-labelledby={headingId}
                className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-white p-4 sm:p-5 dark:border-amber-700 dark:bg-slate-900"
              >
                <header className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
                  <div className="min-w-0">
                    <h3 id={headingId} className="break-words text-base font-semibold text-slate-900 dark:text-slate-100">
                      {file.fileName ? t("approvalFiles.file", { file: file.fileName }) : name}
                    </h3>
                    <p className="text-sm text-slate-600 dark:text-slate-300">
                      {[
                        file.loadedBy ? t("approvalFiles.loadedBy", { name: file.loadedBy }) : null,
                        t("approvalFiles.payments", { count: file.count }),
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </p>
                    {file.from ? (
                      <p className="text-sm text-slate-700 dark:text-slate-200">{t("approvalFiles.from", { accounts: file.from })}</p>
                    ) : null}
                  </div>
                  <p className="text-lg font-bold tabular-nums text-slate-900 sm:text-right dark:text-slate-100">
                    {totalsText(file.totals)}
                  </p>
                </header>
                <div className="flex flex-wrap items-center gap-3">
                  <Form method="post">
                    <AuthenticityTokenInput />
                    <input type="hidden" name="lote" value={file.id} />
                    <input type="hidden" name="idempotencyKey" value={file.idempotencyKey} />
                    <SubmitButton name="intent" value="aprobar-archivo" pendingText={t("approvalFiles.approving")}>
                      {t("approvalFiles.approve", { count: file.count, file: name })}
                    </SubmitButton>
                  </Form>
                  <Link
                    to={file.detailHref}
                    className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
                  >
                    {t("approvalFiles.detail", { file: name })}
                  </Link>
                </div>
                {refusal?.id === file.id ? (
                  <p role="alert" className="text-sm font-semibold text-failed dark:text-red-300">
                    {refusal.message}
                  </p>
                ) : null}
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
