import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import { MAX_UPLOAD_ROWS } from "#core/domain/recipient-rows";
import { uploadSchema } from "#core/domain/spreadsheet";
import { msg } from "#core/domain/validation";
import recipients from "#core/locales/es-MX/recipients.json";
import { withoutParams, withParams } from "#core/url";
import type { UploadRefusal } from "#server/recipients/upload-view.server";
import { UploadPreview } from "~/components/recipients/UploadPreview";
import { buttonClass } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/Field";
import { FileField } from "~/components/ui/FileField";
import { JobProgress } from "~/components/ui/JobProgress";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { useForm } from "~/components/ui/use-form";
import { useTranslation } from "~/i18n";
import {
  accessKey,
  checkUpload,
  formAnswer,
  json,
  readForm,
  redirect,
  registerUpload,
  requireUploadAccess,
  retryAfterHeaders,
  serverT,
  takeRate,
  tooManyText,
  uploadPage,
} from "~/server-imports/destinatarios-alta-multiple";
import type { PageHandle } from "~/utils/page-title";

/**
 * 'Carga múltiple' (§2 /destinatarios-alta-multiple, only while the upload flag allows): the
 * template, the upload (size, type by content, parsed in a worker — §5, ARCHITECTURE "Untrusted
 * files"), a server-rendered preview with each row's errors (?carga=<id>), the registration of
 * the valid rows with its progress, and the result file. Works without JS: the progress page
 * refreshes itself, JS polls instead.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireUploadAccess(request, context);
  return json(await uploadPage(access, new URL(request.url)), { headers: { "Cache-Control": "private, no-store" } });
}

const ERROR_KEYS: Record<UploadRefusal, string> = {
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
  const here = new URL(request.url).pathname;
  const toUpload = (id: string) => redirect(`${here}?carga=${encodeURIComponent(id)}`);

  if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    const formData = await readForm(request);
    const uploadId = formData.get("intent") === "registrar" ? await registerUpload(access, String(formData.get("carga") ?? "")) : null;
    if (!uploadId) throw new Response("No encontrado", { status: 404 });
    return toUpload(uploadId);
  }

  const wait = await takeRate("upload", accessKey(access));
  if (wait !== null) {
    return formAnswer({ result: { status: "error", error: { archivo: [tooManyText(wait)] } } }, 429, retryAfterHeaders(wait));
  }
  const checked = await checkUpload(access, request, context.log);
  if (checked.kind === "checked") return toUpload(checked.uploadId);
  if (checked.kind === "invalid") return formAnswer({ result: checked.result }, 400);
  const t = serverT("recipients");
  const fileError = (message: string, status = 400) => formAnswer({ result: { status: "error", error: { archivo: [message] } } }, status);
  if (checked.kind === "tooLarge") return fileError(msg.fileSize(t("upload.sizeLabel")), 413);
  const { reason, missing } = checked;
  if (reason === "format") return fileError(msg.fileFormat(t("upload.formats")));
  if (reason === "size") return fileError(msg.fileSize(t("upload.sizeLabel")), 413);
  const message = t(ERROR_KEYS[reason], { max: MAX_UPLOAD_ROWS.toLocaleString("es-MX"), columns: missing.join(", ") });
  return fileError(message, reason === "busy" ? 503 : 400);
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
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-pending dark:bg-amber-950/40">
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
  return (
    <section aria-labelledby="avance-titulo">
      <JobProgress
        headingId="avance-titulo"
        job={job}
        texts={{
          title: t("upload.progress.title"),
          done: t("upload.progress.done"),
          label: t("upload.progress.label"),
          status: t("upload.progress.status", { done: job.done, total: job.total }),
          summary: t("upload.progress.summary", { registered: job.registered, failed: job.failed }),
          warning: job.notSent > 0 ? t("upload.progress.sessionEnded", { notSent: job.notSent }) : null,
          download: t("upload.progress.download"),
          downloadCsv: t("upload.progress.downloadCsv"),
          refresh: t("upload.progress.refresh"),
        }}
        resultHref={(format) => `/destinatarios-alta-multiple/resultado?carga=${encodeURIComponent(uploadId)}&formato=${format}`}
        next={{ href: "/destinatarios", label: t("upload.progress.list") }}
      />
    </section>
  );
}

export const handle: PageHandle = {
  namespaces: { recipients },
  titleKey: "recipients:upload.title",
  // Without JS the page reloads itself every 2 s until the registration ends; with JS it polls.
  noScriptRefresh: (data) => {
    const job = (data as { upload?: { job?: { finished: boolean } | null } | null } | undefined)?.upload?.job;
    return job && !job.finished ? 2 : null;
  },
};

export { ErrorBoundary } from "~/components/errors/error-boundary";
