import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";

import { isRecipientType } from "#core/domain/recipient-form";
import { readRecipientRows } from "#core/domain/recipient-rows";
import { uploadSchema } from "#core/domain/spreadsheet";

import type { AccessContext } from "../session/auth.server";
import type { SpreadsheetError } from "../uploads/spreadsheet.server";
import { readSpreadsheet } from "../uploads/spreadsheet.server";
import { readUploadForm } from "../uploads/upload-form.server";
import type { Upload } from "./bulk.server";
import { uploadStore } from "./bulk.server";
import { takenAliases } from "./list.server";

/** One checked row as the preview shows it: never the full account number. */
export type PreviewRow = {
  line: number;
  name: string;
  alias: string;
  last4: string;
  /** pfn, pfe, pmn or pme; empty when the row's type is not one of them. */
  type: string;
  errors: Array<{ column: string; message: string }>;
};

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

/**
 * What the upload page shows for `?carga=<id>`: the checked rows a page at a time (`pagina`,
 * `errores=1`) and, once registration started, its progress; `expired` when the upload is gone.
 */
export async function uploadPage(access: AccessContext, url: URL) {
  const id = url.searchParams.get("carga");
  const upload = id ? await uploadStore().get(access, id) : null;
  const job = upload?.job
    ? {
        total: upload.job.total,
        done: upload.job.done,
        registered: upload.job.registered,
        failed: upload.job.failed,
        notSent: upload.job.notSent,
        finished: upload.job.finished,
      }
    : null;
  return {
    expired: Boolean(id) && !upload,
    upload: upload ? { id: upload.id, fileName: upload.fileName, preview: previewOf(upload, url), job } : null,
  };
}

/** 'Registrar' on the preview: the valid rows are registered in the background. */
export async function registerUpload(access: AccessContext, uploadId: string): Promise<string | null> {
  const store = uploadStore();
  const upload = await store.get(access, uploadId);
  if (!upload) return null;
  await store.startRegistration(access, upload);
  return upload.id;
}

export type UploadRefusal = SpreadsheetError | "empty" | "columns";

export type CheckedUpload =
  | { kind: "checked"; uploadId: string }
  | { kind: "invalid"; result: SubmissionResult<string[]> }
  | { kind: "tooLarge" }
  | { kind: "refused"; reason: UploadRefusal; missing: string[] };

/**
 * An uploaded spreadsheet, checked in layers (ARCHITECTURE "Untrusted files"): the body's size
 * while it streams, the form, the file's type and size by content, the parse in a worker, then
 * every row with the single form's rules. The checked rows are kept for the preview.
 */
export async function checkUpload(access: AccessContext, request: Request, log: AppLoadContext["log"]): Promise<CheckedUpload> {
  const body = await readUploadForm(request);
  if (!body.ok) return { kind: "tooLarge" };
  const submission = parseWithZod(body.form, { schema: uploadSchema });
  if (submission.status !== "success" || !body.file) return { kind: "invalid", result: submission.reply({ hideFields: ["archivo"] }) };

  const started = performance.now();
  const sheet = await readSpreadsheet(body.file);
  const parseMs = Math.round(performance.now() - started);
  if (!sheet.ok) {
    log.warn(
      { event: "recipient_upload_refused", reason: sheet.error, bytes: body.file.bytes.byteLength, parseMs },
      "recipient upload refused",
    );
    return { kind: "refused", reason: sheet.error, missing: [] };
  }
  const read = readRecipientRows(sheet.rows, { takenAliases: await takenAliases(access) });
  if (!read.ok) return { kind: "refused", reason: read.error, missing: read.missing ?? [] };
  const upload = await uploadStore().add(access, body.file.name, read.rows);
  log.info(
    {
      event: "recipient_upload_checked",
      rows: read.rows.length,
      invalid: read.rows.filter((row) => row.errors.length > 0).length,
      bytes: body.file.bytes.byteLength,
      parseMs,
    },
    "recipient upload checked",
  );
  return { kind: "checked", uploadId: upload.id };
}
