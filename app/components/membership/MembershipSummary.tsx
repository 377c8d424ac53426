import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import type { MembershipAction, MembershipState } from "#core/domain/membership";
import { PLAN_IDS, planComparison } from "#core/domain/plan-features";
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
  /** What an upgrade now costs today (decision 143): a trial and its first charge's date in words, the fee, or unknown. */
  upgrade: { kind: "trial"; days: number; firstCharge: string } | { kind: "today" } | null;
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
            {/* Cancelling comes last and quiet: its dialog asks again, and it is not the page's next step. */}
            {[...offered.filter(({ action }) => action !== "cancelar"), ...offered.filter(({ action }) => action === "cancelar")].map(
              ({ action, href }) => (
                <Link
                  key={action}
                  to={href}
                  preventScrollReset
                  className={
                    action === "cancelar"
                      ? "inline-flex min-h-11 items-center self-start text-sm font-semibold text-failed underline underline-offset-2 sm:ml-auto sm:self-center"
                      : buttonClass(action === "mejorar" || action === "reanudar" ? "primary" : "secondary")
                  }
                >
                  {t(ACTION_LABEL[action])}
                </Link>
              ),
            )}
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
        {view.state === "basic" ? <TrialNote view={view} /> : null}
      </section>
    </div>
  );
}

/**
 * What each plan includes, as a table of features against plans (decision 124): the lines come from
 * core's PLAN_FEATURES, decided by the same rules the portal applies, so Basic shows what Basic has.
 */
export function PlansList({ currentId }: { currentId: number | null }) {
  const { t } = useTranslation("membership");
  const rows = planComparison();
  const mark = (included: boolean) =>
    included ? (
      <>
        <span aria-hidden="true" className="text-lg font-bold text-success dark:text-green-400">
          ✓
        </span>
        <span className="sr-only">{t("plans.included")}</span>
      </>
    ) : (
      <>
        <span aria-hidden="true" className="text-slate-500 dark:text-slate-400">
          —
        </span>
        <span className="sr-only">{t("plans.notIncluded")}</span>
      </>
    );
  return (
    <section aria-labelledby="membresia-planes" className="flex flex-col gap-3">
      <h2 id="membresia-planes" className="text-base font-semibold text-slate-900 dark:text-slate-100">
        {t("plans.heading")}
      </h2>
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <table aria-labelledby="membresia-planes" className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t("plans.feature")}
              </th>
              {PLAN_IDS.map((id) => (
                <th
                  key={id}
                  scope="col"
                  className={`w-20 px-2 py-3 text-center font-semibold sm:w-32 ${id === currentId ? "bg-brand-50 text-brand-700 dark:bg-brand-900 dark:text-brand-100" : ""}`}
                >
                  <span className="block">{t(`plans.names.${id}`)}</span>
                  {id === currentId ? <span className="block text-xs font-medium">{t("plans.current")}</span> : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="px-4 py-2.5 font-medium text-slate-800 dark:text-slate-100">
                  {t(`features.${row.key}`)}
                </th>
                {PLAN_IDS.map((id) => (
                  <td key={id} className={`px-2 py-2.5 text-center ${id === currentId ? "bg-brand-50/60 dark:bg-brand-900/40" : ""}`}>
                    {mark(row.plans[id])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Under the price: the trial the company will have, or nothing once it was used; a conditional only when the product does not say. */
function TrialNote({ view }: { view: MembershipView }) {
  const { t } = useTranslation("membership");
  const text =
    view.upgrade?.kind === "trial"
      ? t("price.trialAvailable", { days: view.upgrade.days })
      : view.upgrade === null && view.proTrial
        ? t("price.trialNote", { days: view.proTrial })
        : null;
  return text ? <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{text}</p> : null;
}
