// POST /graphql. The sandbox dispatches on operationName instead of parsing GraphQL: the app
// sends a fixed set of named operations, and this keeps the fake honest about what it supports.

import { z } from "zod";

import { findMemberByUserName, type SandboxContext, today } from "./context";
import { HttpError, json, parseWith, type Reply, type RequestContext, type Router } from "./http";
import { membershipDetails, settleMembership } from "./membership";
import { authenticateMember, type ProductAuth } from "./product";

const graphqlInput = z.object({
  query: z.string().optional(),
  variables: z.record(z.unknown()).nullish(),
  operationName: z.string().nullish(),
});

type Variables = Record<string, unknown>;
type PublicResolver = (variables: Variables) => unknown;
type MemberResolver = (auth: ProductAuth, variables: Variables) => unknown;

const numberVar = (variables: Variables, name: string): number | undefined => {
  const value = variables[name];
  return typeof value === "number" ? value : typeof value === "string" && value !== "" ? Number(value) : undefined;
};

export function registerGraphqlRoutes(router: Router, ctx: SandboxContext): void {
  const { state } = ctx;

  // Answer the app even without a session: it asks these while onboarding.
  const publicOperations = new Map<string, PublicResolver>(
    Object.entries({
      PlansContent: () => ({ plans: state.catalogs.plans }),
      MembershipCost: (variables) => ({
        membershipCost: state.catalogs.membershipCosts.find((cost) => cost.id === numberVar(variables, "id")) ?? null,
      }),
      TrialDays: (variables) => ({
        trialDays: state.catalogs.trialDays.find((trial) => trial.id === numberVar(variables, "id")) ?? null,
      }),
      UserExists: (variables) => ({
        userExists: typeof variables.userName === "string" && findMemberByUserName(state, variables.userName) !== undefined,
      }),
    } satisfies Record<string, PublicResolver>),
  );

  const memberOperations = new Map<string, MemberResolver>(
    Object.entries({
      MembershipData: ({ member }) => {
        settleMembership(member, today(ctx));
        return {
          membership: member.membership ? membershipDetails(member.membership, state.catalogs, today(ctx), member.trialUsed) : null,
        };
      },
      VisitedTours: ({ member }) => ({ visitedTours: [...member.visitedTours] }),
      AddVisitedTour: ({ member }, variables) => {
        const { tour } = parseWith(z.object({ tour: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/) }), variables);
        if (!member.visitedTours.includes(tour)) member.visitedTours.push(tour);
        return { addVisitedTour: { visitedTours: [...member.visitedTours] } };
      },
      NonWorkingDates: () => ({ nonworkingdates: state.catalogs.nonWorkingDates.map((date) => ({ date })) }),
      PairsCatalogue: () => ({ pairs: state.catalogs.pairs.map((pair) => ({ pair })) }),
    } satisfies Record<string, MemberResolver>),
  );

  router.post("/graphql", (request: RequestContext): Reply => {
    if (request.body === undefined) throw new HttpError(400, "Falta el cuerpo de la consulta", "INVALID_BODY");
    const input = parseWith(graphqlInput, request.body);
    const operationName = input.operationName ?? "";
    const variables = input.variables ?? {};

    const publicResolver = publicOperations.get(operationName);
    if (publicResolver) return json(200, { data: publicResolver(variables) });

    const memberResolver = memberOperations.get(operationName);
    if (memberResolver) return json(200, { data: memberResolver(authenticateMember(ctx, request), variables) });

    return json(200, {
      errors: [{ message: `Operación desconocida para el sandbox: "${operationName}"` }],
    });
  });
}
