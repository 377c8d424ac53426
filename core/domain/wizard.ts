import { z } from "zod";

import { msg } from "./validation";

/** 'Acepto los Términos y Condiciones…': a box that must be ticked, wherever a plan is chosen. */
export const termsAccepted = z.boolean({ required_error: msg.termsRequired }).refine((accepted) => accepted, msg.termsRequired);

/** The membership wizard's form: a plan and the terms, both required. */
export const wizardSchema = z.object({
  membership: z.enum(["1", "2"], {
    errorMap: (issue) => ({ message: issue.code === "invalid_enum_value" ? msg.invalidOption : msg.required }),
  }),
  terms: termsAccepted,
});

export const TERMS_VERSION = "2026-01";
