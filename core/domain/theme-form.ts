import { z } from "zod";

import { THEME_CHOICES } from "./theme";

/**
 * The form of 'Apariencia': the choice and the page to come back to (checked again by the
 * safe-redirect helper). Apart from `theme.ts`, which the shell imports, so zod stays out of it.
 */
export const themeFormSchema = z.object({
  tema: z.enum(THEME_CHOICES),
  redirectTo: z.string().max(2048).optional(),
});
