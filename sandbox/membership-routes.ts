// The member's own membership on the product API (decision 052): read it, upgrade Básica to
// Pro, cancel at the end of the paid period (pendingcancel), resume, and choose the account the fee is
// charged to. §7 names no call for these; MembershipData (GraphQL) answers the same view.

import { z } from "zod";

import { type SandboxContext, today } from "./context";
import { HttpError, json, parseWith, type RequestContext, type Router } from "./http";
import { fingerprintOf, idempotencyKeyOf, once } from "./idempotency";
import { postCharge } from "./ledger";
import { applyPlan, membershipDetails, proPrice, settleMembership } from "./membership";
import { INSUFFICIENT_FUNDS_MESSAGE } from "./operations";
import { authenticateMember, type ProductAuth } from "./product";
import type { BankAccount, Membership, ProductMember } from "./types";

const upgradeInput = z.object({ membershipId: z.literal(2), accountId: z.string().min(1).optional() });
const paymentAccountInput = z.object({ accountId: z.string().min(1) });

export function registerMembershipRoutes(router: Router, ctx: SandboxContext): void {
  const { state } = ctx;

  /** The caller with an up-to-date membership (onboarding guarantees one for anyone holding a jwt). */
  function caller(request: RequestContext): ProductAuth & { membership: Membership } {
    const auth = authenticateMember(ctx, request);
    settleMembership(auth.member, today(ctx));
    const membership = auth.member.membership;
    if (!membership) throw new HttpError(404, "Sin membresía", "MEMBERSHIP_NOT_FOUND");
    return { ...auth, membership };
  }

  /** The fee is paid in pesos from one of the session company's accounts. */
  function paymentAccount(auth: ProductAuth, accountId: string | undefined): BankAccount {
    const candidates = state.accounts.filter(
      (account) => account.clientId === auth.claims.clientId && (account.currency === "MXN" || account.currency === "MXP"),
    );
    const account = accountId === undefined ? candidates[0] : candidates.find((candidate) => candidate.idAccount === accountId);
    if (!account) throw new HttpError(404, "Cuenta en pesos no encontrada", "ACCOUNT_NOT_FOUND");
    return account;
  }

  const answer = ({ member, membership }: { member: ProductMember; membership: Membership }) =>
    json(200, { membership: membershipDetails(membership, state.catalogs, today(ctx), member.trialUsed) });

  router
    .get("/api/membership", (request) => answer(caller(request)))
    .put("/api/membership/upgrade", async (request) => {
      const auth = caller(request);
      const input = parseWith(upgradeInput, request.body);
      const upgrade = () => {
        // A second click finds Pro already there: it never charges twice.
        if (auth.membership.membershipId === 2) throw new HttpError(409, "Ya tienes la membresía Pro", "ALREADY_PRO");
        const account = paymentAccount(auth, input.accountId);
        if (auth.member.trialUsed) {
          const { total } = proPrice(state.catalogs);
          // §3 has no fee type: the Pro fee is the FX product's charge, 'CARGO FX' (1), beside the buy/sell's 13.
          const charge = postCharge(
            state,
            account,
            {
              typeId: 1,
              amount: total,
              concept: "Membresía Pro (IVA incluido)",
              counterpartyName: "Membresía Pro",
              counterpartyAccount: "",
              reference: `MEM-${auth.member.memberId}-${today(ctx).replaceAll("-", "")}`,
            },
            ctx.now(),
          );
          if (charge !== "posted") throw new HttpError(422, INSUFFICIENT_FUNDS_MESSAGE, "INSUFFICIENT_FUNDS");
        }
        const membership = applyPlan(auth.member, 2, state.catalogs, today(ctx));
        membership.paymentAccountId = account.idAccount;
        return answer({ member: auth.member, membership });
      };
      // It may charge money: with an Idempotency-Key (decision 061) the same request again answers the first answer.
      if (request.headers["idempotency-key"] === undefined) return upgrade();
      const key = idempotencyKeyOf(request.headers);
      const { answer: first } = await once(state.membershipUpgrades, `${auth.member.memberId}|${key}`, fingerprintOf(input), upgrade);
      return first as ReturnType<typeof upgrade>;
    })
    .put("/api/membership/cancel", (request) => {
      const auth = caller(request);
      if (auth.membership.membershipId !== 2) throw new HttpError(409, "Tu membresía no es Pro", "NOT_PRO");
      auth.membership.status = "pendingcancel";
      return answer(auth);
    })
    .put("/api/membership/resume", (request) => {
      const auth = caller(request);
      if (auth.membership.membershipId !== 2) throw new HttpError(409, "Tu membresía no es Pro", "NOT_PRO");
      auth.membership.status = "active";
      return answer(auth);
    })
    .put("/api/membership/payment-account", (request) => {
      const auth = caller(request);
      const { accountId } = parseWith(paymentAccountInput, request.body);
      auth.membership.paymentAccountId = paymentAccount(auth, accountId).idAccount;
      return answer(auth);
    });
}
