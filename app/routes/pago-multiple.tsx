import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import { MAX_PAYMENT_ROWS, paymentUploadSchema } from "#core/domain/multiple-payment";
import type { FileState } from "#core/domain/payment-batch";
import { totalsText } from "#core/domain/payment-batch";
import { authoriseFileSchema } from "#core/domain/payment-batch-form";
import { canSendToRecipients } from "#core/domain/permissions";
import { msg } from "#core/domain/validation";
import multiplePayment from "#core/locales/es-MX/multiple-payment.json";
import { withoutParams, withParams } from "#core/url";
import type { PaymentRefusal } from "#server/payments/multiple.server";
import { FileStateCard } from "~/components/payments/FileStateCard";
import { CurrencyTotals, MultiplePaymentRows } from "~/components/payments/MultiplePaymentRows";
import { buttonClass } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/Field";
import { FileField } from "~/components/ui/FileField";
import { JobProgress } from "~/components/ui/JobProgress";
import { Money } from "~/components/ui/Money";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useForm } from "~/components/ui/use-form";
import { Trans, useTranslation } from "~/i18n";
import {
  accessKey,
  answerAuthorise,
  authoriseFile,
  checkPaymentUpload,
  currentActor,
  formAnswer,
  json,
  paymentPage,
  readForm,
  redirect,
  registerPayments,
  requireAccess,
  retryAfterHeaders,
  serverT,
  takeRate,
  tooManyText,
} from "~/server-imports/pago-multiple";
import type { PageHandle } from "~/utils/page-title";

/**
 * 'Pago múltiple' (§2 /pago-multiple, §3 Multiple payment row; docs/decisions/062): the template,
 * the upload through the recipients' defences (size first, type by content, parsed in a limited
 * worker), a server-rendered preview with each row's errors and the totals per currency
 * (?carga=<id>), the registration of the valid rows as a job, its progress and the result file.
 * Works without JS: the progress page refreshes itself; with JS it polls.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context);
  const url = new URL(request.url);
  const page = await paymentPage(access, url);
  // §6, fresh: only the upload form depends on it (the preview's action reads it again itself).
  const allowed = page.upload ? true : canSendToRecipients(await currentActor(access));
  return json({ allowed, ...page }, { headers: { "Cache-Control": "private, no-store" } });
}

const ERROR_KEYS: Record<PaymentRefusal, string> = {
  format: "",
  size: "",
  legacyXls: "errors.legacyXls",
  corrupt: "errors.corrupt",
  tooBig: "errors.tooBig",
  timeout: "errors.timeout",
  busy: "errors.busy",
  tooManyRows: "errors.tooManyRows",
  empty: "errors.empty",
  columns: "errors.columns",
  unavailable: "errors.unavailable",
};

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireAccess(request, context);
  const here = new URL(request.url).pathname;
  const toUpload = (id: string) => redirect(`${here}?carga=${encodeURIComponent(id)}`);
  const t = serverT("multiplePayment");
  const fileError = (message: string, status = 400, headers?: HeadersInit) =>
    formAnswer({ result: { status: "error", error: { archivo: [message] } } }, status, headers);

  if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    const formData = await readForm(request);
    if (formData.get("intent") === "autorizar") {
      const parsed = authoriseFileSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) throw new Response("Solicitud inválida", { status: 400 });
      const { carga, idempotencyKey } = parsed.data;
      return answerAuthorise(request, await authoriseFile(access, carga, idempotencyKey), `${here}?carga=${encodeURIComponent(carga)}`);
    }
    const uploadId = String(formData.get("carga") ?? "").slice(0, 64);
    const started = formData.get("intent") === "registrar" ? await registerPayments(access, uploadId) : null;
    if (started === "forbidden") throw new Response(t("forbidden"), { status: 403 });
    if (!started) throw new Response("No encontrado", { status: 404 });
    return toUpload(uploadId);
  }

  // §6, read fresh: a member who may not pay third parties never gets a file checked.
  if (!canSendToRecipients(await currentActor(access))) return fileError(t("forbidden"), 403);
  const wait = await takeRate("upload", accessKey(access));
  if (wait !== null) return fileError(tooManyText(wait), 429, retryAfterHeaders(wait));
  const checked = await checkPaymentUpload(access, request, context.log);
  if (checked.kind === "checked") return toUpload(checked.uploadId);
  if (checked.kind === "invalid") return formAnswer({ result: checked.result }, 400);
  if (checked.kind === "tooLarge") return fileError(msg.fileSize(t("sizeLabel")), 413);
  const { reason, missing } = checked;
  if (reason === "format") return fileError(msg.fileFormat(t("formats")));
  if (reason === "size") return fileError(msg.fileSize(t("sizeLabel")), 413);
  const message = t(ERROR_KEYS[reason], { max: MAX_PAYMENT_ROWS.toLocaleString("es-MX"), columns: missing.join(", ") });
  return fileError(message, reason === "busy" || reason === "unavailable" ? 503 : 400);
}

export default function MultiplePayment() {
  const { allowed, expired, upload } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("multiplePayment");

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 className="text-xl font-semibold">{t("heading")}</h2>
        <p className="text-slate-600 dark:text-slate-300">{t("description")}</p>
      </div>
      {upload ? (
        upload.job?.finished && upload.state ? (
          <FileResult upload={upload} job={upload.job} state={upload.state} />
        ) : upload.job ? (
          <Progress upload={upload} job={upload.job} />
        ) : (
          <Preview upload={upload} />
        )
      ) : allowed ? (
        <UploadForm lastResult={actionData?.result ?? null} expired={expired} />
      ) : (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-pending dark:bg-amber-950/40">
          {t("forbidden")}
        </p>
      )}
    </div>
  );
}

function UploadForm({ lastResult, expired }: { lastResult: SubmissionResult<string[]> | null; expired: boolean }) {
  const { t } = useTranslation("multiplePayment");
  const [form, fields] = useForm({
    id: "carga-pagos",
    lastResult,
    shouldValidate: "onSubmit",
    constraint: getZodConstraint(paymentUploadSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: paymentUploadSchema }),
  });
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap gap-3">
        <a href="/pago-multiple/plantilla" download className={buttonClass("secondary")}>
          {t("template")}
        </a>
        <a href="/pago-multiple/plantilla?formato=csv" download className={buttonClass("secondary")}>
          {t("templateCsv")}
        </a>
      </div>
      {expired ? (
        // A review link that outlived its file. The store forgets registered files too, so it cannot say no money moved:
        // it says when none did, where to start again, and where registered payments are.
        <div
          role="alert"
          aria-labelledby="revision-caducada"
          className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-50"
        >
          <h3 id="revision-caducada" className="font-semibold">
            {t("expired.title")}
          </h3>
          <p className="mt-1 text-sm">
            <Trans
              t={t}
              i18nKey="expired.copy"
              components={[
                <Link key="historial" to="/historial-operaciones" className="font-medium text-brand-700 underline dark:text-brand-300" />,
              ]}
            />
          </p>
        </div>
      ) : null}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="flex flex-col gap-4">
        <AuthenticityTokenInput />
        <FileField
          meta={fields.archivo}
          label={t("file")}
          description={t("fileHint")}
          accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
          autoFocus={expired}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton pendingText={t("submitting")} className="self-start">
          {t("submit")}
        </SubmitButton>
      </Form>
    </div>
  );
}

type LoadedUpload = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["upload"]>;

function AccountTotals({ upload }: { upload: LoadedUpload }) {
  const { t } = useTranslation("multiplePayment");
  if (upload.byAccount.length === 0) return null;
  return (
    <details className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <summary className="cursor-pointer text-sm font-semibold">{t("preview.accounts")}</summary>
      <ul className="mt-3 divide-y divide-slate-100 text-sm dark:divide-slate-800">
        {upload.byAccount.map((total) => (
          <li key={total.idAccount} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <span className="min-w-0 [overflow-wrap:anywhere]">
              {total.label} · {t("preview.payments")}: {total.count}
            </span>
            <Money amount={Number(total.total)} currency={total.currency} className="font-semibold" />
          </li>
        ))}
      </ul>
    </details>
  );
}

function Pager({ upload }: { upload: LoadedUpload }) {
  const { t } = useTranslation("multiplePayment");
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  if (upload.pages <= 1) return null;
  return (
    <nav aria-label={t("preview.table")} className="flex items-center justify-between gap-3">
      {upload.page > 1 ? (
        <Link
          to={withParams(here, { pagina: String(upload.page - 1) })}
          className={buttonClass("secondary")}
          aria-label={t("preview.previous")}
        >
          ←
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm">
        {upload.page} / {upload.pages}
      </span>
      {upload.page < upload.pages ? (
        <Link
          to={withParams(here, { pagina: String(upload.page + 1) })}
          className={buttonClass("secondary")}
          aria-label={t("preview.next")}
        >
          →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

function Preview({ upload }: { upload: LoadedUpload }) {
  const { t } = useTranslation("multiplePayment");
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const invalid = upload.total - upload.valid;
  return (
    <section aria-labelledby="revision-titulo" className="flex flex-col gap-4">
      <div>
        <h3 id="revision-titulo" className="font-semibold">
          {t("preview.title", { file: upload.fileName })}
        </h3>
        <p role="status" className="text-slate-700 dark:text-slate-200">
          {t("preview.summary", { valid: upload.valid, total: upload.total })}{" "}
          {invalid > 0 ? t("preview.invalidSummary", { count: invalid }) : null}
        </p>
      </div>
      <CurrencyTotals totals={upload.byCurrency} />
      <AccountTotals upload={upload} />
      {upload.valid > 0 ? <p className="text-sm text-slate-600 dark:text-slate-300">{t("preview.challengeNote")}</p> : null}
      <div className="flex flex-wrap items-center gap-3">
        {upload.valid > 0 ? (
          <Form method="post">
            <AuthenticityTokenInput />
            <input type="hidden" name="carga" value={upload.id} />
            <SubmitButton name="intent" value="registrar" pendingText={t("preview.registering")}>
              {t("preview.register", { count: upload.valid })}
            </SubmitButton>
          </Form>
        ) : (
          <p>{t("preview.nothing")}</p>
        )}
        <Link to="/pago-multiple" className={buttonClass("secondary")}>
          {t("preview.another")}
        </Link>
        {invalid > 0 ? (
          <Link
            to={
              upload.onlyErrors ? withoutParams(here, ["errores", "pagina"]) : withoutParams(withParams(here, { errores: "1" }), ["pagina"])
            }
            className={buttonClass("ghost")}
          >
            {upload.onlyErrors ? t("preview.all") : t("preview.onlyErrors")}
          </Link>
        ) : null}
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t("preview.showing", { from: upload.from, to: upload.to, total: upload.filtered })}
      </p>
      <MultiplePaymentRows rows={upload.rows} caption={t("preview.table")} />
      <Pager upload={upload} />
    </section>
  );
}

/** While the job registers the rows: its progress, refreshed by itself (decision 062). */
function Progress({ upload, job }: { upload: LoadedUpload; job: NonNullable<LoadedUpload["job"]> }) {
  const { t } = useTranslation("multiplePayment");
  return (
    <section aria-labelledby="avance-titulo" className="flex flex-col gap-4">
      <JobProgress
        headingId="avance-titulo"
        job={job}
        texts={{
          title: t("progress.title"),
          done: t("progress.title"),
          label: t("progress.label"),
          status: t("progress.status", { done: job.done, total: job.total }),
          summary: null,
          download: t("progress.download"),
          downloadCsv: t("progress.downloadCsv"),
          refresh: t("progress.refresh"),
        }}
        resultHref={(format) => `/pago-multiple/resultado?carga=${encodeURIComponent(upload.id)}&formato=${format}`}
        next={{ href: "/historial-operaciones", label: t("progress.history") }}
      />
      <CurrencyTotals totals={upload.byCurrency} />
      <MultiplePaymentRows rows={upload.rows} caption={t("progress.table")} resultHeading={t("batchPage.result")} />
      <Pager upload={upload} />
    </section>
  );
}

/**
 * Once the rows are registered: what the file is now (amber while it waits for the token or an
 * administrator, green once its money was sent), 'Autorizar N pagos · totals' for the one
 * signature, the result file and each row's outcome.
 */
function FileResult({ upload, job, state }: { upload: LoadedUpload; job: NonNullable<LoadedUpload["job"]>; state: FileState }) {
  const { t } = useTranslation("multiplePayment");
  const answer = useActionData<typeof action>();
  const refusal = answer && "authorise" in answer ? answer.authorise : null;
  const unavailable = upload.batch?.unavailable === true;
  const shown = unavailable ? "toAuthorise" : state === "registering" ? "toAuthorise" : state;
  const summary = upload.batch && !upload.batch.unavailable ? upload.batch.summary : null;
  const failure = upload.batch && !upload.batch.unavailable ? upload.batch.failure : null;
  const waiting = job.registered + job.approval;
  const heading = unavailable
    ? t("authorise.state.unavailable")
    : shown === "toAuthorise"
      ? t("authorise.state.toAuthorise", { count: upload.authorise?.count ?? job.registered })
      : shown === "toApprove"
        ? t("authorise.state.toApprove", { count: job.approval })
        : shown === "sent"
          ? t("authorise.state.sent", { count: summary?.sent ?? waiting })
          : shown === "partial"
            ? t("authorise.state.partial", { sent: summary?.sent ?? 0, total: job.total })
            : t("authorise.state.failed");
  const copy = unavailable
    ? t("authorise.copy.unavailable")
    : shown === "failed" && failure
      ? t("authorise.copy.failedBank", { reason: [failure.title, failure.description].filter(Boolean).join(". ") })
      : t(`authorise.copy.${shown}`);
  const authorise = upload.authorise;
  return (
    <section aria-labelledby="resultado-titulo" className="flex flex-col gap-4">
      <FileStateCard state={shown} headingId="resultado-titulo" heading={heading} copy={copy}>
        <p className="text-sm">
          {t("progress.summary", { registered: job.registered, approval: job.approval, failed: job.failed, unknown: job.unknown })}
        </p>
        {job.notSent > 0 ? <p className="text-sm font-semibold">{t("progress.sessionEnded", { notSent: job.notSent })}</p> : null}
        {authorise ? (
          authorise.allowed ? (
            <Form method="post" className="flex flex-col gap-2">
              <AuthenticityTokenInput />
              <input type="hidden" name="carga" value={upload.id} />
              <input type="hidden" name="idempotencyKey" value={authorise.idempotencyKey} />
              <SubmitButton
                name="intent"
                value="autorizar"
                pendingText={t("authorise.pending")}
                describedBy="autorizar-nota"
                className="self-start"
              >
                {t("authorise.button", { count: authorise.count, totals: totalsText(authorise.totals) })}
              </SubmitButton>
              <p id="autorizar-nota" className="text-sm">
                {t("authorise.note")}
              </p>
            </Form>
          ) : (
            <p className="text-sm font-semibold">{t("authorise.forbidden")}</p>
          )
        ) : null}
        {refusal ? (
          <p role="alert" className="rounded-lg bg-white p-3 text-sm font-semibold text-failed dark:bg-slate-900 dark:text-red-300">
            {refusal.message}{" "}
            {refusal.link ? (
              <a href={refusal.link.href} className="underline">
                {refusal.link.label}
              </a>
            ) : null}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <a
            href={`/pago-multiple/resultado?carga=${encodeURIComponent(upload.id)}&formato=xlsx`}
            download
            className={buttonClass(authorise ? "secondary" : "primary")}
          >
            {t("progress.download")}
          </a>
          <a
            href={`/pago-multiple/resultado?carga=${encodeURIComponent(upload.id)}&formato=csv`}
            download
            className={buttonClass("secondary")}
          >
            {t("progress.downloadCsv")}
          </a>
          <Link to="/historial-operaciones" className={buttonClass("ghost")}>
            {t("progress.history")}
          </Link>
        </div>
      </FileStateCard>
      <CurrencyTotals totals={upload.byCurrency} />
      <MultiplePaymentRows rows={upload.rows} caption={t("progress.table")} resultHeading={t("batchPage.result")} />
      <Pager upload={upload} />
    </section>
  );
}

export const handle: PageHandle = {
  namespaces: { multiplePayment },
  titleKey: "multiplePayment:title",
  // Without JS the page reloads itself every 2 s until the registration ends; with JS it polls.
  noScriptRefresh: (data) => {
    const job = (data as { upload?: { job?: { finished: boolean } | null } | null } | undefined)?.upload?.job;
    return job && !job.finished ? 2 : null;
  },
};

export { ErrorBoundary } from "~/components/errors/error-boundary";
