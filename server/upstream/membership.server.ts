import { z } from "zod";

import { membershipSchema } from "./graphql.server";
import type { Http } from "./http.server";

/**
 * Product API: the member's own membership (SPEC §3 Membership; sandbox/CONTRACT.md 'Membership',
 * decisions 052 and 061). §7 names no call for these; the product answers them under /membership.
 */
/** The GraphQL membership (§3) plus what only /membership answers: the Pro price, the trial and the payment account. */
export const membershipDetailsSchema = membershipSchema.extend({
  proPrice: z.object({ amount: z.number(), taxRate: z.number(), currency: z.string() }),
  proTrial: z.number().int().nullable().default(null),
  /** Whether an upgrade now starts with the trial rather than the fee (decision 143); null when the product does not say. */
  proTrialAvailable: z.boolean().nullable().default(null),
  trialEndsAt: z.string().nullable().default(null),
  paymentMethod: z.string().nullable().default(null),
  accountId: z.string().nullable().default(null),
});
export type MembershipDetails = z.infer<typeof membershipDetailsSchema>;

const answer = z.object({ membership: membershipDetailsSchema });

/** The plans' contents (what each includes) travel by GraphQL PlansContent; see graphql.server.ts. */
export function membershipClient(http: Http) {
  const put = async (path: string, body: unknown, options: { idempotent: boolean; idempotencyKey?: string }) =>
    (await http.request({ method: "PUT", path, body, schema: answer, ...options })).membership;
  return {
    async current(): Promise<MembershipDetails> {
      return (await http.request({ method: "GET", path: "/membership", schema: answer })).membership;
    },
    /**
     * Básica -> Pro. It may charge the fee, so it carries the form's key and is never resent
     * after a timeout (decision 012); the product answers a repeated key with its first answer.
     */
    upgrade(accountId: string | undefined, idempotencyKey: string): Promise<MembershipDetails> {
      return put("/membership/upgrade", { membershipId: 2, ...(accountId ? { accountId } : {}) }, { idempotent: false, idempotencyKey });
    },
    /** Cancelling or resuming twice leaves the same state: safe to resend. */
    cancel(): Promise<MembershipDetails> {
      return put("/membership/cancel", {}, { idempotent: true });
    },
    resume(): Promise<MembershipDetails> {
      return put("/membership/resume", {}, { idempotent: true });
    },
    paymentAccount(accountId: string): Promise<MembershipDetails> {
      return put("/membership/payment-account", { accountId }, { idempotent: true });
    },
  };
}
