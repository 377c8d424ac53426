import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import { isRecipientType } from "#core/domain/recipient-form";
import { MAX_UPLOAD_ROWS, readRecipientRows } from "#core/domain/recipient-rows";
import { uploadSchema } from "#core/domain/spreadsheet";
import { msg } from "#core/domain/validation";
import { withoutParams, withParams } from "#core/url";
import { formAnswer } from "#server/forms.server";
import { requireUploadAccess } from "#server/recipients/access.server";
import type { Upload } from "#server/recipients/bulk.server";
import { startRegistration, uploadStore } from "#server/recipients/bulk.server";
import type { SpreadsheetError } from "#server/recipients/excel.server";
import { readSpreadsheet } from "#server/recipients/excel.server";
import { takenAliases } from "#server/recipients/list.server";
import { readUploadForm } from "#server/recipients/upload.server";
import { readForm } from "#server/session/csrf.server";
import type { PreviewRow } from "~/components/recipients/UploadPreview";
import { UploadPreview } from "~/components/recipients/UploadPreview";
import { buttonClass } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/Field";
import { FileField } from "~/components/ui/FileField";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useForm } from "~/components/ui/use-form";
import { serverT } from "~/i18next.server";
import type { PageHandle } from "~/utils/page-title";

/**
 * 'Carga múltiple' (§2 /destinatarios-alta-multiple, only while the upload flag allows): the
 * template, the upload (size, type by content, parsed in a worker — §5, ARCHITECTURE "Untrusted
 * files"), a server-rendered preview with each row's errors (?carga=<id>), the registration of
 * the valid rows with its progress, and the result file. Works without JS: the progress page
 * refreshes itself, JS polls instead.
 */
const PREVIEW_PAGE = 100;

function previewOf(upload: Upload, url: URL) {
  const onlyErrors = url.searchParams.get("errores") === "1";
  const rows = onlyErrors ? upload.rows.filter((row) => row.errors.length > 0) : upload.rows;
  const pages = Math.max(1, Math.ceil(rows.length / PREVIEW_PAGE));
  const page = Math.min(Math.max(1, Number(url.searchParams.get("pagina")) || 1), pages);
  const shown: PreviewRow[] = rows.slice((page - 1) * PREVIEW_PAGE, page * PREVIEW_PAGE).map((row) => {
    const values = row.values;
    const account = values.clabe ?? values.account ?? "";
    const type = values.recipientType ?? "";
    return {
      line: row.line,
      name: values.companyName ?? [values.name, values.lastname1, values.lastname2].filter(Boolean).join(" "),
      alias: values.alias ?? "",
      last4: /^\d{4,}$/.test(account) ? account.slice(-4) : "",
      type: isRecipientType(type) ? type : "",
      errors: row.errors,
    };
  });
  const valid = upload.rows.filter((row) => row.input).length;
  return {
    rows: shown,
    page,
    pages,
    from: rows.length ? (page - 1) * PREVIEW_PAGE + 1 : 0,
    to: (page - 1) * PREVIEW_PAGE + shown.length,
    filtered: rows.length,
    onlyErrors,
    valid,
    total: upload.rows.length,
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireUploadAccess(request, context);
  const url = new URL(request.url);
  const id = url.searchParams.get("carga");
  const upload = id ? uploadStore().get(access, id) : null;
  const job = upload?.job
    ? {
        total: upload.job.total,
        done: upload.job.done,
        registered: upload.job.registered,
        failed: upload.job.failed,
        finished: upload.job.finished,
      }
    : null;
  return json(
    {
      expired: Boolean(id) && !upload,
      upload: upload ? { id: upload.id, fileName: upload.fileName, preview: previewOf(upload, url), job } : null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const ERROR_KEYS: Record<SpreadsheetError | "empty" | "columns", string> = {
  format: "",
  size: "",
  legacyXls: "upload.errors.legacyXls",
  corrupt: "upload.errors.corrupt",
  tooBig: "upload.errors.tooBig",
  timeout: "upload.errors.timeout",
  busy: "upload.errors.busy",
  tooManyRows: "upload.errors.tooManyRows",
  empty: "upload.errors.empty",
  columns: "upload.errors.columns",
};

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireUploadAccess(request, context);
  const t = await serverT("recipients");
  const url = new URL(request.url);

  if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    const formData = await readForm(request);
    const upload = uploadStore().get(access, String(formData.get("carga") ?? ""));
    if (formData.get("intent") !== "registrar" || !upload) throw new Response("No encontrado", { status: 404 });
    startRegistration(access, upload);
    return redirect(`${url.pathname}?carga=${encodeURIComponent(upload.id)}`);
  }

  const fileError = (message: string, status = 400) => formAnswer({ result: { status: "error", error: { archivo: [message] } } }, status);
  const body = await readUploadForm(request);
  if (!body.ok) return fileError(msg.fileSize(t("upload.sizeLabel")), 413);
  const submission = parseWithZod(body.form, { schema: uploadSchema });
  if (submission.status !== "success" || !body.file) return formAnswer({ result: submission.reply({ hideFields: ["archivo"] }) }, 400);

  const started = performance.now();
  const sheet = await readSpreadsheet(body.file);
  const parseMs = Math.round(performance.now() - started);
  if (!sheet.ok) {
    context.log.warn(
      { event: "recipient_upload_refused", reason: sheet.error, bytes: body.file.bytes.byteLength, parseMs },
      "recipient upload refused",
    );
    if (sheet.error === "format") return fileError(msg.fileFormat(t("upload.formats")));
    if (sheet.error === "size") return fileError(msg.fileSize(t("upload.sizeLabel")), 413);
    return fileError(t(ERROR_KEYS[sheet.error], { max: MAX_UPLOAD_ROWS.toLocaleString("es-MX") }), sheet.error === "busy" ? 503 : 400);
  }
  const taken = await takenAliases(access);
  const read = readRecipientRows(sheet.rows, { takenAliases: taken });
  if (!read.ok) {
    return fileError(t(ERROR_KEYS[read.error], { max: MAX_UPLOAD_ROWS.toLocaleString("es-MX"), columns: (read.missing ?? []).join(", ") }));
  }
  const upload = uploadStore().add(access, body.file.name, read.rows);
  context.log.info(
    {
      event: "recipient_upload_checked",
      rows: read.rows.length,
      invalid: read.rows.filter((row) => row.errors.length > 0).length,
      bytes: body.file.bytes.byteLength,
      parseMs,
    },
    "recipient upload checked",
  );
  return redirect(`${url.pathname}?carga=${encodeURIComponent(upload.id)}`);
}

export default function RecipientUpload() {
  const { expired, upload } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("recipients");

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 className="text-xl font-semibold">{t("upload.title")}</h2>
        <p className="text-slate-600 dark:text-slate-300">{t("upload.description")}</p>
      </div>
      {expired ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-pending dark:bg-amber-950">
          {t("upload.errors.expired")}
        </p>
      ) : null}
      {upload ? (
        upload.job ? (
          <Progress uploadId={upload.id} job={upload.job} />
        ) : (
          <Preview upload={upload} />
        )
      ) : (
        <UploadForm lastResult={actionData?.result ?? null} />
      )}
    </div>
  );
}

function UploadForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation("recipients");
  const [form, fields] = useForm({
    id: "carga-destinatarios",
    lastResult,
    shouldValidate: "onSubmit",
    constraint: getZodConstraint(uploadSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: uploadSchema }),
  });
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <a href="/destinatarios-alta-multiple/plantilla" download className={`${buttonClass("secondary")} self-start`}>
        {t("upload.template")}
      </a>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="flex flex-col gap-4">
        <AuthenticityTokenInput />
        <FileField
          meta={fields.archivo}
          label={t("upload.file")}
          description={t("upload.fileHint")}
          accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton pendingText={t("upload.submitting")} className="self-start">
          {t("upload.submit")}
        </SubmitButton>
      </Form>
    </div>
  );
}

type LoadedUpload = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["upload"]>;

function Preview({ upload }: { upload: LoadedUpload }) {
  const { t } = useTranslation("recipients");
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const { preview } = upload;
  const invalid = preview.total - preview.valid;
  return (
    <section aria-labelledby="revision-titulo" className="flex flex-col gap-4">
      <div>
        <h3 id="revision-titulo" className="font-semibold">
          {t("upload.preview.title", { file: upload.fileName })}
        </h3>
        <p role="status" className="text-slate-700 dark:text-slate-200">
          {t("upload.preview.summary", { valid: preview.valid, total: preview.total })}{" "}
          {invalid > 0 ? t("upload.preview.invalidSummary", { count: invalid }) : null}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {preview.valid > 0 ? (
          <Form method="post">
            <AuthenticityTokenInput />
            <input type="hidden" name="carga" value={upload.id} />
            <SubmitButton name="intent" value="registrar" pendingText={t("upload.preview.registering")}>
              {t("upload.preview.register", { count: preview.valid })}
            </SubmitButton>
          </Form>
        ) : (
          <p>{t("upload.preview.nothing")}</p>
        )}
        <Link to="/destinatarios-alta-multiple" className={buttonClass("secondary")}>
          {t("upload.preview.another")}
        </Link>
        {invalid > 0 ? (
          <Link
            to={
              preview.onlyErrors
                ? withoutParams(here, ["errores", "pagina"])
                : withoutParams(withParams(here, { errores: "1" }), ["pagina"])
            }
            className={buttonClass("ghost")}
          >
            {preview.onlyErrors ? t("upload.preview.all") : t("upload.preview.onlyErrors")}
          </Link>
        ) : null}
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t("upload.preview.showing", { from: preview.from, to: preview.to, total: preview.filtered })}
      </p>
      <UploadPreview rows={preview.rows} caption={t("upload.preview.table")} />
      {preview.pages > 1 ? (
        <nav aria-label={t("upload.preview.table")} className="flex items-center justify-between gap-3">
          {preview.page > 1 ? (
            <Link to={withParams(here, { pagina: String(preview.page - 1) })} className={buttonClass("secondary")}>
              ←
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm">
            {preview.page} / {preview.pages}
          </span>
          {preview.page < preview.pages ? (
            <Link to={withParams(here, { pagina: String(preview.page + 1) })} className={buttonClass("secondary")}>
              →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}

function Progress({ uploadId, job }: { uploadId: string; job: NonNullable<LoadedUpload["job"]> }) {
  const { t } = useTranslation("recipients");
  const revalidator = useRevalidator();
  const location = useLocation();
  useEffect(() => {
    if (job.finished) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [job.finished, revalidator]);
  const result = (format: "xlsx" | "csv") =>
    `/destinatarios-alta-multiple/resultado?carga=${encodeURIComponent(uploadId)}&formato=${format}`;
  return (
    <section
      aria-labelledby="avance-titulo"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      {/* Without JS the page refreshes itself until the registration ends; with JS it polls. */}
      {job.finished ? null : (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      )}
      <h3 id="avance-titulo" className="font-semibold">
        {job.finished ? t("upload.progress.done") : t("upload.progress.title")}
      </h3>
      <progress value={job.done} max={Math.max(1, job.total)} aria-label={t("upload.progress.label")} className="h-3 w-full" />
      <p role="status" aria-live="polite">
        {t("upload.progress.status", { done: job.done, total: job.total })}{" "}
        {job.finished ? t("upload.progress.summary", { registered: job.registered, failed: job.failed }) : null}
      </p>
      {job.finished ? (
        <div className="flex flex-wrap gap-3">
          <a href={result("xlsx")} download className={buttonClass("primary")}>
            {t("upload.progress.download")}
          </a>
          <a href={result("csv")} download className={buttonClass("secondary")}>
            {t("upload.progress.downloadCsv")}
          </a>
          <Link to="/destinatarios" className={buttonClass("ghost")}>
            {t("upload.progress.list")}
          </Link>
        </div>
      ) : (
        <Link
          to={`${location.pathname}${location.search}`}
          reloadDocument
          className="self-start text-sm font-semibold text-brand-700 underline dark:text-brand-100"
        >
          {t("upload.progress.refresh")}
        </Link>
      )}
    </section>
  );
}

export const handle: PageHandle = { titleKey: "recipients:upload.title" };

export { ErrorBoundary } from "~/components/errors/ErrorPage";
