import { z } from "zod";

import { msg } from "./validation";

/** The membership wizard's form: a plan and the terms, both required. */
export const wizardSchema = z.object({
  membership: z.enum(["1", "2"], {
    errorMap: (issue) => ({ message: issue.code === "invalid_enum_value" ? msg.invalidOption : msg.required }),
  }),
  terms: z.boolean({ required_error: msg.termsRequired }).refine((accepted) => accepted, msg.termsRequired),
});

export const TERMS_VERSION = "2026-01";
