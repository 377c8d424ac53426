import { z } from "zod";

import texts from "../locales/es-MX/overlays.json";

/**
 * The global overlays of §2 that the product's modal flags drive (§3 Modal flags, §7 showModal,
 * showRebrandModal): the rebrand notice, the contact-data notice, the paid-account notice and the
 * CSAT and NPS surveys. One at a time and at most one per session, chosen by priority: what the
 * person must know first (rebrand, then unconfirmed contact data), then news (the paid account),
 * then what we ask of them (CSAT, then NPS).
 */
export const OVERLAYS = ["rebrand", "contacto", "cuenta-remunerada", "encuesta-csat", "encuesta-nps"] as const;
export type Overlay = (typeof OVERLAYS)[number];

export interface ModalFlag {
  id: number;
  show: boolean;
}

export interface OverlayInput {
  flags: Partial<Record<"csat" | "nps" | "verify_email_on_init" | "verify_phone_on_init" | "paid_account", ModalFlag>>;
  rebrand: ModalFlag | null;
  /** The company's interest-bearing MXN account (§3 Company); the paid-account notice needs it. */
  interestBearingAccount: boolean;
}

/** The overlay to show now, with the flag ids its actions report (ignoreModal, registerModal), or null. */
export function chooseOverlay(input: OverlayInput): { overlay: Overlay; flagIds: number[] } | null {
  const { flags } = input;
  if (input.rebrand?.show) return { overlay: "rebrand", flagIds: [input.rebrand.id] };
  const contact = [flags.verify_email_on_init, flags.verify_phone_on_init].filter((flag): flag is ModalFlag => Boolean(flag?.show));
  if (contact.length > 0) return { overlay: "contacto", flagIds: contact.map((flag) => flag.id) };
  if (flags.paid_account?.show && input.interestBearingAccount) return { overlay: "cuenta-remunerada", flagIds: [flags.paid_account.id] };
  if (flags.csat?.show) return { overlay: "encuesta-csat", flagIds: [flags.csat.id] };
  if (flags.nps?.show) return { overlay: "encuesta-nps", flagIds: [flags.nps.id] };
  return null;
}

/** §3 Survey answer, §5: score an integer, required, at least 1 (at most 5 for CSAT, 10 for NPS); comments optional. */
export function surveySchema(kind: "csat" | "nps") {
  const max = kind === "csat" ? 5 : 10;
  return z.object({
    score: z.coerce
      .number({ required_error: texts.surveys.scoreRequired, invalid_type_error: texts.surveys.scoreRequired })
      .int(texts.surveys.scoreRequired)
      .min(1, texts.surveys.scoreRequired)
      .max(max, texts.surveys.scoreRequired),
    comments: z
      .string()
      .trim()
      .max(500, texts.surveys.commentsTooLong)
      .optional()
      .transform((value) => value ?? ""),
  });
}
export type SurveyAnswer = z.infer<ReturnType<typeof surveySchema>>;
