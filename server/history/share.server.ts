import { parseWithZod } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import { createCookie, redirect } from "@remix-run/node";
import { z } from "zod";

import type { ShareForm, ShareOption } from "#core/domain/share-form";
import { emailTemplate, shareFormSchema } from "#core/domain/share-form";
import { historyHref } from "#core/history-links";
import common from "#core/locales/es-MX/common.json";
import texts from "#core/locales/es-MX/history.json";

import { getConfig } from "../config.server";
import { formAnswer } from "../forms.server";
import { singleton } from "../lifecycle.server";
import { accessKey, retryAfterHeaders, takeRate, tooManyText } from "../rate-limit.server";
import type { AccessContext } from "../session/auth.server";
import { commitSession, newToast, redirectWithToast, requireAccess } from "../session/auth.server";
import { readForm } from "../session/csrf.server";
import { isUpstreamError } from "../upstream/errors";
import type { EmailAttachment, EmailReceipt } from "../upstream/operations.server";
import type { LoadedDetail } from "./detail.server";
import { loadOperationDetail } from "./detail.server";
import { DocumentError, fetchInvoice, renderReceipt } from "./documents.server";
import type { OperationDetail } from "./view";

/**
 * 'Compartir por correo' on the server: the draft that travels between the share view and the
 * preview view (both are URLs, so without JS the choices and the address must live somewhere
 * other than the page), and the e-mail itself.
 */
const draftSchema = z.object({
  operationId: z.string(),
  email: z.string().max(254),
  invoiceFxn: z.boolean(),
  invoiceGfb: z.boolean(),
  estimatedArrival: z.boolean(),
});
export type ShareDraft = z.infer<typeof draftSchema>;

/** A signed, HttpOnly cookie scoped to the history: nothing about it reaches page scripts or logs. */
function draftCookie() {
  return singleton("history-share-draft-cookie", () => {
    const config = getConfig();
    return createCookie("__portal_compartir", {
      path: "/historial-operaciones",
      httpOnly: true,
      sameSite: "lax",
      secure: new URL(config.APP_URL).protocol === "https:",
      secrets: [config.SESSION_SECRET],
      maxAge: 15 * 60,
    });
  });
}

export async function readShareDraft(request: Request, operationId: string): Promise<ShareDraft | null> {
  const raw: unknown = await draftCookie().parse(request.headers.get("Cookie"));
  const draft = draftSchema.safeParse(raw);
  return draft.success && draft.data.operationId === operationId ? draft.data : null;
}

export function saveShareDraft(draft: ShareDraft): Promise<string> {
  return draftCookie().serialize(draft);
}

export function clearShareDraft(): Promise<string> {
  return draftCookie().serialize("", { maxAge: 0 });
}

/** What arrives at the destination: the bought currency, the sold currency's proceeds, the amount sent. */
function arrivingAmount(detail: OperationDetail): string {
  return detail.kind === "buy" ? detail.amount.amount : detail.amount.total;
}

export function emailData(detail: OperationDetail, template: "estimatedArrival" | "sendReceipts"): EmailReceipt["data"] {
  if (template === "sendReceipts") return { companyName: detail.companyName, created_at: detail.createdAtText };
  return {
    companyName: detail.companyName,
    date: detail.estimatedDateText ?? "",
    account: [detail.destination.name, detail.destination.masked].filter(Boolean).join(" ") || "- - -",
    amount: arrivingAmount(detail),
    paymentReason: detail.paymentReason ?? "",
    concept: detail.concept ?? "",
  };
}

/**
 * Builds the chosen attachments (the bank's invoice, the app's receipt) and sends one e-mail
 * through /sendEmailReceipts. Any failure — a document or the send — is one answer: not sent.
 */
export async function sendShareEmail(access: AccessContext, loaded: LoadedDetail, form: ShareForm): Promise<"sent" | "failed"> {
  const { detail, operation } = loaded;
  const template = emailTemplate(form);
  try {
    const files = await Promise.all([
      form.invoiceGfb ? fetchInvoice(access, operation) : null,
      form.invoiceFxn ? renderReceipt(access, detail) : null,
    ]);
    const attachments: EmailAttachment[] = files
      .filter((file): file is NonNullable<typeof file> => file !== null)
      .map((file) => ({ filename: file.filename, content: file.bytes.toString("base64"), contentType: "application/pdf" }));
    const email = { template, to: [form.email], attachments, data: emailData(detail, template) } as EmailReceipt;
    await access.api.operations.sendEmailReceipts(email);
    // Analytics-style event: which documents, never the address.
    access.log.info(
      { event: "email_receipt_sent", operationId: detail.id, template, attachments: attachments.length },
      "receipt e-mail sent",
    );
    return "sent";
  } catch (error) {
    if (!isUpstreamError(error) && !(error instanceof DocumentError)) throw error;
    access.log.warn(
      { event: "email_receipt_failed", operationId: detail.id, template, err: error instanceof Error ? error.message : error },
      "receipt e-mail not sent",
    );
    return "failed";
  }
}

export interface ShareViewData {
  detail: OperationDetail;
  defaults: { email: string; invoiceFxn: boolean; invoiceGfb: boolean; estimatedArrival: boolean };
}

/** The share and preview views: the operation and what the person chose before (the draft). */
export async function loadShareView(request: Request, context: AppLoadContext, id: string): Promise<ShareViewData> {
  const access = await requireAccess(request, context);
  const { detail } = await loadOperationDetail(access, id, { recheck: false });
  const draft = await readShareDraft(request, detail.id);
  const allowed = (option: ShareOption) => detail.share.selectable.includes(option);
  return {
    detail,
    defaults: {
      email: draft?.email ?? "",
      invoiceFxn: Boolean(draft?.invoiceFxn) && allowed("invoiceFxn"),
      invoiceGfb: Boolean(draft?.invoiceGfb) && allowed("invoiceGfb"),
      estimatedArrival: Boolean(draft?.estimatedArrival) && allowed("estimatedArrival"),
    },
  };
}

/**
 * The one action of the share and preview views. 'Previsualizar' keeps the choices and the
 * address in the draft and goes to the preview URL; 'Enviar correo' validates with the shared
 * schema (400 with the messages and what was typed), sends, and on success goes back to the
 * detail with a toast; a failed send answers the inline §8 message plus an error toast.
 */
export async function shareAction(request: Request, context: AppLoadContext, id: string, view: "compartir" | "vista-previa") {
  const access = await requireAccess(request, context);
  const formData = await readForm(request);
  const loaded = await loadOperationDetail(access, id, { recheck: false });
  const { detail } = loaded;
  const search = new URL(request.url).search;
  const selectable = detail.share.selectable;

  if (view === "compartir" && formData.get("intent") === "preview" && selectable.includes("estimatedArrival")) {
    const checked = (option: ShareOption) => selectable.includes(option) && formData.get(option) === "on";
    const typed = formData.get("email");
    const draft: ShareDraft = {
      operationId: detail.id,
      email: typeof typed === "string" ? typed.trim().slice(0, 254) : "",
      invoiceFxn: checked("invoiceFxn"),
      invoiceGfb: checked("invoiceGfb"),
      estimatedArrival: true,
    };
    return redirect(historyHref(search, detail.id, "vista-previa"), { headers: { "Set-Cookie": await saveShareDraft(draft) } });
  }

  const submission = parseWithZod(formData, { schema: shareFormSchema(selectable) });
  if (submission.status !== "success") return formAnswer({ result: submission.reply() }, 400);

  const wait = await takeRate("email", accessKey(access));
  if (wait !== null) return formAnswer({ result: submission.reply({ formErrors: [tooManyText(wait)] }) }, 429, retryAfterHeaders(wait));
  const outcome = await sendShareEmail(access, loaded, submission.value);
  if (outcome === "sent") {
    return redirectWithToast(
      request,
      historyHref(search, detail.id),
      newToast("success", texts.share.success.title, texts.share.success.description),
      {
        headers: { "Set-Cookie": await clearShareDraft() },
      },
    );
  }
  const message = texts.share.errors.send;
  access.session.flash("toast", newToast("error", common.generic.error, message));
  return formAnswer({ result: submission.reply({ formErrors: [message] }) }, 502, { "Set-Cookie": await commitSession(access.session) });
}
