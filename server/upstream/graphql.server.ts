import { z } from "zod";

import { UpstreamError } from "./errors";
import type { Http } from "./http.server";

/**
 * Product GraphQL endpoint (SPEC §7). Reads only, so every query may be retried.
 */
const graphqlEnvelope = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ data: data.optional().nullable(), errors: z.array(z.object({ message: z.string() })).optional() });

/** Each query's envelope, built once per data schema instead of on every call (decision 076). */
const envelopes = new WeakMap<z.ZodTypeAny, z.ZodTypeAny>();
function envelopeOf<T extends z.ZodTypeAny>(data: T): ReturnType<typeof graphqlEnvelope<T>> {
  let envelope = envelopes.get(data);
  if (!envelope) {
    envelope = graphqlEnvelope(data);
    envelopes.set(data, envelope);
  }
  return envelope as ReturnType<typeof graphqlEnvelope<T>>;
}

export const membershipSchema = z.object({
  // 1 Básica, 2 Pro. Not `z.union([z.literal(1), z.literal(2)])`: a union builds an issue (and its message) for every
  // option that does not match, so a Pro member's answer paid for a failed `literal(1)` on every page (decision 076).
  membershipId: z.custom<1 | 2>((value) => value === 1 || value === 2, { message: "membershipId must be 1 or 2" }),
  name: z.string(),
  freeTrial: z.boolean(),
  currency: z.string(),
  amount: z.number(),
  countdown: z.number().nullable().default(null),
  expirationDays: z.number().nullable().default(null),
  lastPayment: z.string().nullable().default(null),
  nextPayment: z.string().nullable().default(null),
  status: z.enum(["active", "pendingcancel"]),
});
export type Membership = z.infer<typeof membershipSchema>;

export const planSchema = z.object({ id: z.number().int(), name: z.string(), features: z.array(z.string()) });
export type Plan = z.infer<typeof planSchema>;

/** What each query answers in `data`, made once. */
const answers = {
  membership: z.object({ membership: membershipSchema }),
  plans: z.object({ plans: z.array(planSchema) }),
  membershipCost: z.object({ membershipCost: z.object({ amount: z.number(), currency: z.string(), taxRate: z.number() }) }),
  trialDays: z.object({ trialDays: z.object({ days: z.number().int() }) }),
  userExists: z.object({ userExists: z.boolean() }),
  addVisitedTour: z.object({ addVisitedTour: z.object({ visitedTours: z.array(z.string()) }) }),
  visitedTours: z.object({ visitedTours: z.array(z.string()) }),
  nonWorkingDates: z.object({ nonworkingdates: z.array(z.object({ date: z.string() })) }),
  pairs: z.object({ pairs: z.array(z.object({ pair: z.string() })) }),
};

export function graphqlClient(http: Http) {
  async function query<T extends z.ZodTypeAny>(operationName: string, queryText: string, variables: Record<string, unknown>, data: T) {
    const body = await http.request({
      method: "POST",
      path: "",
      body: { operationName, query: queryText, variables },
      schema: envelopeOf(data),
      idempotent: true,
    });
    if (!body.data) {
      throw new UpstreamError("graphql", "malformed", "graphql respondió con errores.", {
        upstreamMessage: body.errors?.map((e) => e.message).join("; "),
      });
    }
    return body.data as z.infer<T>;
  }

  return {
    async membership(): Promise<Membership> {
      const data = await query(
        "MembershipData",
        "query MembershipData { membership { membershipId name freeTrial currency amount countdown expirationDays lastPayment nextPayment status } }",
        {},
        answers.membership,
      );
      return data.membership;
    },
    async plans(): Promise<Plan[]> {
      const data = await query("PlansContent", "query PlansContent { plans { id name features } }", {}, answers.plans);
      return data.plans;
    },
    async membershipCost(): Promise<{ amount: number; currency: string; taxRate: number }> {
      const data = await query(
        "MembershipCost",
        "query MembershipCost($id: ID!) { membershipCost(id: $id) { id amount currency taxRate } }",
        { id: 1 },
        answers.membershipCost,
      );
      return data.membershipCost;
    },
    async trialDays(): Promise<number> {
      const data = await query("TrialDays", "query TrialDays($id: ID!) { trialDays(id: $id) { id days } }", { id: 2 }, answers.trialDays);
      return data.trialDays.days;
    },
    async userExists(userName: string): Promise<boolean> {
      const data = await query(
        "UserExists",
        "query UserExists($userName: String!) { userExists(userName: $userName) }",
        { userName },
        answers.userExists,
      );
      return data.userExists;
    },
    async visitedTours(): Promise<string[]> {
      const data = await query("VisitedTours", "query VisitedTours { visitedTours }", {}, answers.visitedTours);
      return data.visitedTours;
    },
    /** Records a guided tour as seen (a set: recording it twice is harmless, so a retry is too). */
    async addVisitedTour(tour: string): Promise<string[]> {
      const data = await query(
        "AddVisitedTour",
        "mutation AddVisitedTour($tour: String!) { addVisitedTour(tour: $tour) { visitedTours } }",
        { tour },
        answers.addVisitedTour,
      );
      return data.addVisitedTour.visitedTours;
    },
    async nonWorkingDates(): Promise<string[]> {
      const data = await query("NonWorkingDates", "query NonWorkingDates { nonworkingdates { date } }", {}, answers.nonWorkingDates);
      return data.nonworkingdates.map((d) => d.date);
    },
    async pairs(): Promise<string[]> {
      const data = await query("PairsCatalogue", "query PairsCatalogue { pairs { pair } }", {}, answers.pairs);
      return data.pairs.map((p) => p.pair);
    },
  };
}

export type GraphqlClient = ReturnType<typeof graphqlClient>;
