import { z } from "zod";

/**
 * The 'Autorizar' forms of decision 093, one schema each, parsed on the server (every field is
 * the page's own: hidden inputs and the pressed button, so a malformed one is a 400). Kept apart
 * from `payment-batch.ts`, which the rows' component imports, so that ships no zod (decision 069).
 */

/** /pago-multiple: the file's registered payments, with the key the page derived from the upload. */
export const authoriseFileSchema = z.object({
  intent: z.literal("autorizar"),
  carga: z.string().min(1).max(64),
  idempotencyKey: z.string().uuid(),
});

/** An operation's drawer: its own batch, or its file's. */
export const authoriseOperationSchema = z.object({
  intent: z.literal("autorizar"),
  idempotencyKey: z.string().uuid(),
});

/** /aprobaciones: an administrator approves and signs a collaborator's file. */
export const approveFileSchema = z.object({
  intent: z.literal("aprobar-archivo"),
  lote: z.string().regex(/^\d{1,12}$/),
  idempotencyKey: z.string().uuid(),
});
