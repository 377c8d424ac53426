import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import type { MembershipAction, MembershipState } from "#core/domain/membership";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n";

/** What /membresias shows of the member's plan, already in words and money (decision 061). */
export type MembershipView = {
  membershipId: 1 | 2;
  name: string;
  state: MembershipState;
  /** §4 trial countdown (rounded days, only when positive). */
  trialDays: number | null;
  lastPayment: string | null;
  nextPayment: string | null;
  account: string | null;
  price: { fee: string; tax: string; total: string; rate: string } | null;
  proTrial: number | null;
};

export type OfferedAction = { action: MembershipAction; href: string };

const STATE_BADGE: Record<MembershipState, string> = {
  basic: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
  active: "bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  trial: "bg-brand-50 text-brand-700 dark:bg-brand-900 dark:text-brand-100",
  pendingcancel: "bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
};

const ACTION_LABEL: Record<MembershipAction, string> = {
  mejorar: "actions.upgrade",
  cancelar: "actions.cancel",
  reanudar: "actions.resume",
  cuenta: "actions.account",
};

function Figure({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 py-2 ${strong ? "border-t border-slate-200 pt-3 dark:border-slate-700" : ""}`}
    >
      <dt className={`text-sm ${strong ? "font-semibold text-slate-900 dark:text-slate-100" : "text-slate-600 dark:text-slate-300"}`}>
        {label}
      </dt>
      <dd
        className={`whitespace-nowrap text-right tabular-nums ${strong ? "text-lg font-semibold text-slate-900 dark:text-slate-100" : "text-sm font-medium text-slate-900 dark:text-slate-100"}`}
      >
        {children}
      </dd>
    </div>
  );
}

/** The plan card (name, state, the sentence that says what happens next, dates and account), the price and the actions. */
export function MembershipSummary({ view, offered, isAdmin }: { view: MembershipView; offered: OfferedAction[]; isAdmin: boolean }) {
  const { t } = useTranslation("membership");
  const copy =
    view.state === "basic"
      ? t("plan.basicCopy")
      : view.state === "trial"
        ? t("plan.trialCopy", { date: view.nextPayment ?? "" })
        : view.state === "pendingcancel"
          ? t("plan.pendingcancelCopy", { date: view.nextPayment ?? "" })
          : t("plan.activeCopy", { date: view.nextPayment ?? "" });
  const nextLabel =
    view.state === "trial" ? t("plan.trialEnds") : view.state === "pendingcancel" ? t("plan.endsOn") : t("plan.nextPayment");
  const card = "rounded-xl border border-slate-200 bg-white p-5 sm:p-6 dark:border-slate-800 dark:bg-slate-900";

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-labelledby="membresia-plan" className={card}>
        <p className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{t("plan.heading")}</p>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h2 id="membresia-plan" className="text-2xl font-semibold text-slate-900 dark:text-slate-100">
            {t("plan.name", { name: view.name })}
          </h2>
          <span className={`rounded-full px-3 py-1 text-xs font-semibold ${STATE_BADGE[view.state]}`}>{t(`plan.state.${view.state}`)}</span>
        </div>
        {view.trialDays !== null ? (
          <p className="mt-3 text-base font-semibold text-brand-700 dark:text-brand-100">
            {t("plan.trialLeft", { count: view.trialDays })}
          </p>
        ) : null}
        <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-300">{copy}</p>
        {view.state === "basic" ? null : (
          <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-3">
            <div>
              <dt className="text-xs text-slate-600 dark:text-slate-300">{t("plan.lastPayment")}</dt>
              <dd className="text-sm font-medium text-slate-900 dark:text-slate-100">{view.lastPayment ?? t("plan.none")}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600 dark:text-slate-300">{nextLabel}</dt>
              <dd className="text-sm font-medium text-slate-900 dark:text-slate-100">{view.nextPayment ?? t("plan.noMore")}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-slate-600 dark:text-slate-300">{t("plan.paymentAccount")}</dt>
              <dd className="break-words text-sm font-medium text-slate-900 dark:text-slate-100">{view.account ?? t("plan.noAccount")}</dd>
            </div>
          </dl>
        )}
        {offered.length > 0 ? (
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            {offered.map(({ action, href }) => (
              <Link
                key={action}
                to={href}
                preventScrollReset
                className={buttonClass(action === "mejorar" || action === "reanudar" ? "primary" : "secondary")}
              >
                {t(ACTION_LABEL[action])}
              </Link>
            ))}
          </div>
        ) : isAdmin ? null : (
          <p className="mt-6 text-sm text-slate-600 dark:text-slate-300">{t("actions.adminOnly")}</p>
        )}
      </section>

      <section aria-labelledby="membresia-precio" className={card}>
        <h2 id="membresia-precio" className="text-base font-semibold text-slate-900 dark:text-slate-100">
          {t("price.heading")}
        </h2>
        {view.price ? (
          <dl className="mt-2">
            <Figure label={t("price.fee")}>{view.price.fee}</Figure>
            <Figure label={t("price.tax", { rate: view.price.rate })}>{view.price.tax}</Figure>
            <Figure label={t("price.total")} strong>
              {view.price.total}
            </Figure>
          </dl>
        ) : (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("price.unavailable")}</p>
        )}
        {view.state === "basic" && view.proTrial ? (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t("price.trialNote", { days: view.proTrial })}</p>
        ) : null}
      </section>
    </div>
  );
}

/** What each plan includes, as the product's plans content says (GraphQL PlansContent). */
export function PlansList({
  plans,
  currentId,
}: {
  plans: Array<{ id: number; name: string; features: string[] }> | null;
  currentId: number | null;
}) {
  const { t } = useTranslation("membership");
  return (
    <section aria-labelledby="membresia-planes" className="flex flex-col gap-3">
      <h2 id="membresia-planes" className="text-base font-semibold text-slate-900 dark:text-slate-100">
        {t("plans.heading")}
      </h2>
      {plans === null ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("plans.unavailable")}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {plans.map((plan) => (
            <li
              key={plan.id}
              className={`rounded-xl border bg-white p-5 dark:bg-slate-900 ${plan.id === currentId ? "border-brand-500 ring-1 ring-brand-500" : "border-slate-200 dark:border-slate-800"}`}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-lg font-semibold text-slate-900 dark:text-slate-100">{plan.name}</h3>
                {plan.id === currentId ? (
                  <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700 dark:bg-brand-900 dark:text-brand-100">
                    {t("plans.current")}
                  </span>
                ) : null}
              </div>
              <ul className="mt-3 flex flex-col gap-2 text-sm text-slate-700 dark:text-slate-200">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <span aria-hidden="true" className="text-success">
                      ✓
                    </span>
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
