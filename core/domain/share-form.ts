import { z } from "zod";

import texts from "../locales/es-MX/history.json";
import { invoiceAvailable, receiptAvailable } from "./operation-documents";
import type { OperationStatus } from "./operation-status";
import { isEmailAddress } from "./validation";

/**
 * 'Compartir por correo' (§2, §3 E-mail share form, §5): which of the three options a person may
 * choose for this operation, and the one schema both sides validate with. Messages are the §5
 * texts, shown as '*message'.
 */
export type ShareOption = "invoiceFxn" | "invoiceGfb" | "estimatedArrival";
export const SHARE_OPTIONS: readonly ShareOption[] = ["invoiceFxn", "invoiceGfb", "estimatedArrival"];

export interface ShareOptionRule {
  visible: boolean;
  enabled: boolean;
}
export type ShareRules = Record<ShareOption, ShareOptionRule>;

export interface ShareSubject {
  status: OperationStatus;
  referenceGFB: string | null;
  /** The settlement date, when the upstream has one (the 'Llegada aproximada' of §4). */
  estimatedDate: string | null;
  /** Whether the app can render the receipt PDF at all (Chromium present). */
  receiptPdfAvailable: boolean;
}

/**
 * §5: the {product} receipt is disabled while the operation is sent/validating or when there is
 * no PDF; the Base invoice is disabled unless applied with a GFB reference; the estimated-arrival
 * option is hidden without an estimated date, or when sent/validating with the invoice
 * unavailable, or when returned.
 */
export function shareRules(subject: ShareSubject): ShareRules {
  const invoice = invoiceAvailable(subject);
  const startedOrValidating = subject.status === "sent" || subject.status === "validating";
  const arrivalHidden = subject.estimatedDate === null || (startedOrValidating && !invoice) || subject.status === "returned";
  return {
    invoiceFxn: { visible: true, enabled: receiptAvailable(subject.status) && subject.receiptPdfAvailable },
    invoiceGfb: { visible: true, enabled: invoice },
    estimatedArrival: { visible: !arrivalHidden, enabled: !arrivalHidden },
  };
}

/** Options the person may actually choose. */
export function selectableOptions(rules: ShareRules): ShareOption[] {
  return SHARE_OPTIONS.filter((option) => rules[option].visible && rules[option].enabled);
}

const starred = (message: string) => `*${message}`;
export const SHARE_MESSAGES = {
  required: starred(texts.share.errors.required),
  invalid: starred(texts.share.errors.invalid),
  atLeastOne: texts.share.errors.atLeastOne,
} as const;

/**
 * One schema per operation: its shape varies with what may be chosen (§5 'varies by whether an
 * estimated arrival date exists'). An option that may not be chosen is not part of it, so a
 * forged checkbox is ignored rather than honoured.
 */
export function shareFormSchema(selectable: readonly ShareOption[]) {
  // `.optional()` changes nothing parsed; it keeps the form's constraints from marking an option required.
  const allowed = (option: ShareOption) =>
    selectable.includes(option)
      ? z.boolean().optional().default(false)
      : z
          .any()
          .optional()
          .transform(() => false);
  return z
    .object({
      email: z
        .string({ required_error: SHARE_MESSAGES.required, invalid_type_error: SHARE_MESSAGES.required })
        .trim()
        // One message at a time: blank is required, anything else must look like an address.
        .superRefine((email, ctx) => {
          if (email === "") ctx.addIssue({ code: z.ZodIssueCode.custom, message: SHARE_MESSAGES.required });
          else if (!isEmailAddress(email)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: SHARE_MESSAGES.invalid });
        }),
      invoiceFxn: allowed("invoiceFxn"),
      invoiceGfb: allowed("invoiceGfb"),
      estimatedArrival: allowed("estimatedArrival"),
    })
    .superRefine((value, ctx) => {
      if (!value.invoiceFxn && !value.invoiceGfb && !value.estimatedArrival) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [], message: SHARE_MESSAGES.atLeastOne });
      }
    });
}
export type ShareForm = z.output<ReturnType<typeof shareFormSchema>>;

/** §5: the preview button only when the estimated-arrival option is checked. */
export function showsPreviewButton(rules: ShareRules, estimatedArrivalChecked: boolean): boolean {
  return rules.estimatedArrival.visible && estimatedArrivalChecked;
}

/** The e-mail template of §7: the estimated-arrival one when chosen, the receipts one otherwise. */
export function emailTemplate(form: Pick<ShareForm, "estimatedArrival">): "estimatedArrival" | "sendReceipts" {
  return form.estimatedArrival ? "estimatedArrival" : "sendReceipts";
}
