import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";

import type { MembershipAction } from "#core/domain/membership";
import {
  feeAccounts,
  MEMBERSHIP_ACTIONS,
  membershipFormSchema,
  membershipState,
  offeredActions,
  planDateText,
  priceWithTax,
  taxPercent,
  trialCountdown,
  upgradeCharge,
} from "#core/domain/membership";
import membership from "#core/locales/es-MX/membership.json";
import { formatMoney } from "#core/money";
import { withoutParams, withParams } from "#core/url";
import type { ChangeOutcome } from "#server/membership/changes.server";
import type { AccessContext } from "#server/session/auth.server";
import type { MembershipDetails } from "#server/upstream/membership.server";
import { MembershipDialogs } from "~/components/membership/MembershipDialogs";
import { MembershipSummary, type MembershipView, PlansList } from "~/components/membership/MembershipSummary";
import { LoadError } from "~/components/ui/LoadError";
import { useTranslation } from "~/i18n";
import {
  change,
  companyAccounts,
  currentActor,
  currentMembership,
  formAnswer,
  json,
  newToast,
  optional,
  readForm,
  redirectWithToast,
  requireAccess,
  requireAdministrator,
  serverT,
  upgrade,
} from "~/server-imports/membresias";
import type { PageHandle } from "~/utils/page-title";

/**
 * 'Membresía' (§2 /membresias, §3 and §4 Membership; decision 061): the member's plan as
 * the product holds it now, the Pro fee plus tax, the payment dates and account, what each plan
 * includes, and the changes — upgrade, cancel, resume, payment account — each confirmed in a
 * modal addressed by the URL (?dialogo=mejorar|cancelar|reanudar|cuenta). §6 says nothing of who may
 * change it, so administrators only, in the loader (the modals) and the action alike.
 */
const DIALOG_PARAM = "dialogo";

type AccountOption = { idAccount: string; label: string };

function accountLabel(accounts: AccountOption[] | null, idAccount: string | null): string | null {
  if (!idAccount) return null;
  return accounts?.find((account) => account.idAccount === idAccount)?.label ?? idAccount;
}

async function feeAccountOptions(access: AccessContext): Promise<AccountOption[] | null> {
  const accounts = await optional(companyAccounts(access), null, { log: access.log, event: "accounts_unavailable" });
  if (!accounts) return null;
  return feeAccounts(accounts.views).map((view) => ({ idAccount: view.idAccount, label: `${view.alias} •••• ${view.last4}` }));
}

function viewOf(details: MembershipDetails, accounts: AccountOption[] | null, now: number): MembershipView {
  const state = membershipState(details);
  const price = priceWithTax(details.proPrice);
  return {
    name: details.name,
    state,
    trialDays: trialCountdown(details, now),
    lastPayment: planDateText(details.lastPayment),
    nextPayment: planDateText(details.nextPayment),
    account: accountLabel(accounts, details.accountId),
    price: price
      ? {
          fee: formatMoney(Number(price.amount), details.proPrice.currency),
          tax: formatMoney(Number(price.tax), details.proPrice.currency),
          total: formatMoney(Number(price.total), details.proPrice.currency),
          rate: taxPercent(details.proPrice.taxRate),
        }
      : null,
    proTrial: details.proTrial,
    upgrade: upgradeView(details, now),
    membershipId: details.membershipId,
  };
}

function upgradeView(details: MembershipDetails, now: number): MembershipView["upgrade"] {
  const charge = upgradeCharge(details, now);
  if (charge?.kind !== "trial") return charge;
  return { kind: "trial", days: charge.days, firstCharge: planDateText(charge.firstCharge) ?? "" };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requireAccess(request, context);
  const url = new URL(request.url);
  const here = `${url.pathname}${url.search}`;
  const base = withoutParams(here, [DIALOG_PARAM]);
  const requested = url.searchParams.get(DIALOG_PARAM);
  const dialog = MEMBERSHIP_ACTIONS.find((action) => action === requested) ?? null;
  const [actor, details, accounts] = await Promise.all([
    currentActor(access),
    optional(currentMembership(access), null, { log: context.log, event: "membership_unavailable" }),
    feeAccountOptions(access),
  ]);
  const isAdmin = actor.profileType === "ADMINISTRADOR";
  if (dialog && !isAdmin) {
    context.log.warn({ event: "admin_only_refused", path: url.pathname, dialog }, "membership change refused to a non-administrator");
    throw new Response("Solo un administrador de la empresa puede cambiar la membresía.", { status: 403 });
  }
  const view = details ? viewOf(details, accounts, Date.now()) : null;
  const offered: MembershipAction[] = view && isAdmin ? offeredActions(view.state) : [];
  return json(
    {
      view,
      isAdmin,
      offered: offered.map((action) => ({ action, href: withParams(base, { [DIALOG_PARAM]: action }) })),
      // A modal opens only for an action the state offers: ?dialogo=reanudar on an active Pro shows the page.
      dialog: dialog && offered.includes(dialog) ? dialog : null,
      accounts: accounts ?? [],
      currentAccountId: details?.accountId ?? null,
      idempotencyKey: dialog === "mejorar" ? crypto.randomUUID() : null,
      links: { base, here },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const access = await requireAdministrator(request, context);
  const formData = await readForm(request);
  const url = new URL(request.url);
  const base = withoutParams(`${url.pathname}${url.search}`, [DIALOG_PARAM]);
  const t = serverT("membership");
  const submission = parseWithZod(formData, { schema: membershipFormSchema });
  if (submission.status !== "success") return formAnswer({ result: submission.reply() }, 400);
  const input = submission.value;
  const refuse = (message: string, status: number) => formAnswer({ result: submission.reply({ formErrors: [message] }) }, status);

  const outcome: ChangeOutcome =
    input.intent === "mejorar" ? await upgrade(access, input.accountId, input.idempotencyKey) : await change(access, input);
  switch (outcome.kind) {
    case "done":
      return redirectWithToast(request, base, await doneToast(access, input.intent, outcome.membership));
    case "alreadyPro":
      return redirectWithToast(request, base, newToast("info", t("upgrade.already")));
    case "notPro":
      return redirectWithToast(request, base, newToast("info", t("changed")));
    case "unknown":
      return redirectWithToast(request, base, newToast("info", t("upgrade.unknown")));
    case "noFunds":
      return refuse(t("noFunds"), 422);
    case "accountNotFound":
      return refuse(t("account.notFound"), 422);
    case "keyReused":
      return refuse(t("upgrade.keyReused"), 422);
    case "failed":
      return refuse(t("failed"), 502);
  }
}

/** The success toast says what changed, with the dates and amounts the product answered. */
async function doneToast(access: AccessContext, intent: MembershipAction, details: MembershipDetails) {
  const t = serverT("membership");
  const date = planDateText(details.nextPayment) ?? "";
  switch (intent) {
    case "mejorar": {
      if (details.freeTrial) return newToast("success", t("upgrade.doneTitle"), t("upgrade.doneTrial", { date }));
      const price = priceWithTax(details.proPrice);
      const account = accountLabel(await feeAccountOptions(access), details.accountId) ?? "";
      const total = price ? formatMoney(Number(price.total), details.proPrice.currency) : "";
      return newToast("success", t("upgrade.doneTitle"), t("upgrade.donePaid", { total, account }));
    }
    case "cancelar":
      return newToast("success", t("cancel.doneTitle"), t("cancel.doneCopy", { date }));
    case "reanudar":
      return newToast("success", t("resume.doneTitle"), t("resume.doneCopy", { date }));
    case "cuenta": {
      const account = accountLabel(await feeAccountOptions(access), details.accountId) ?? "";
      return newToast("success", t("account.doneTitle"), t("account.doneCopy", { account }));
    }
  }
}

export default function Membership() {
  const { view, isAdmin, offered, dialog, accounts, currentAccountId, idempotencyKey, links } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("membership");
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  return (
    <div className="flex flex-col gap-6">
      <p className="text-slate-600 dark:text-slate-300">{t("description")}</p>
      {view ? (
        <MembershipSummary view={view} offered={offered} isAdmin={isAdmin} />
      ) : (
        <LoadError message={t("loadError")} retryLabel={t("retry")} retryHref={here} />
      )}
      <PlansList currentId={view?.membershipId ?? null} />
      {view && dialog ? (
        <MembershipDialogs
          key={`${dialog}-${idempotencyKey ?? ""}`}
          dialog={dialog}
          view={view}
          accounts={accounts}
          currentAccountId={currentAccountId}
          idempotencyKey={idempotencyKey}
          closeHref={links.base}
          lastResult={actionData?.result ?? null}
        />
      ) : null}
    </div>
  );
}

export const handle: PageHandle = { namespaces: { membership }, titleKey: "membership:meta" };

export { ErrorBoundary } from "~/components/errors/error-boundary";
