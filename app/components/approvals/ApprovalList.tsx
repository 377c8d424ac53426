import { Link } from "@remix-run/react";

import type { DecisionAnswer } from "#core/domain/approval";
import { approvalAmounts } from "#core/domain/approval-card";
import type { ApprovedBy } from "#server/approvals/approvals.server";
import type { AccountSide, AmountCard } from "#server/history/view";
import { useTranslation } from "~/i18n";

import { DecisionActions } from "./Decision";

export type ApprovalItemView = {
  id: string;
  kind: "buy" | "sell" | "transfer";
  createdAtText: string;
  operator: string | null;
  origin: AccountSide;
  destination: AccountSide;
  amount: AmountCard;
  paymentReason: string | null;
  concept: string | null;
  idempotencyKey: string;
  voidKey: string;
  approvedBy: ApprovedBy | null;
  detailHref: string;
  voidHref: string;
};

/** The account's name, then its masked number, whose dots and digits never part across lines. */
function SideText({ side, unknown }: { side: AccountSide; unknown: string }) {
  return (
    <>
      {side.name ?? unknown}
      {side.masked ? (
        <>
          {/* The separator goes with the number: a narrow line breaks before it, never leaving it at a line's end. */}{" "}
          <span className="whitespace-nowrap">· {side.masked}</span>
        </>
      ) : null}
    </>
  );
}

/**
 * The operations waiting for the administrator (§3 Required-approval payment: origin, destination,
 * amount, concept, additional information; plus who loaded it), one card each, with the decision.
 */
export function ApprovalList({ items, answer }: { items: ApprovalItemView[]; answer: DecisionAnswer | null | undefined }) {
  const { t } = useTranslation(["history", "common"]);
  const product = t("common:product.name");
  return (
    <ul className="flex flex-col gap-4">
      {items.map((item) => {
        const headingId = `aprobacion-${item.id}`;
        const { lead, counter, rate } = approvalAmounts(item.kind, item.amount);
        return (
          <li key={item.id}>
            <article
              aria-labelledby={headingId}
              className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900"
            >
              <header className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
                <div className="min-w-0">
                  <h3 id={headingId} className="text-base font-semibold text-slate-900 dark:text-slate-100">
                    {t(`type.${item.kind}`)} · {t("approval.operation", { id: item.id })}
                  </h3>
                  <p className="text-sm text-slate-600 dark:text-slate-300">
                    {t("approval.loadedBy", { name: item.operator ?? t("detail.unknown") })}
                    <span className="max-sm:hidden"> · </span>
                    {/* On a phone the date takes its own line rather than a separator ending one. */}
                    <span className="whitespace-nowrap max-sm:block">{item.createdAtText}</span>
                  </p>
                </div>
                <div className="tabular-nums sm:text-right">
                  <p className="text-xl font-bold text-slate-900 dark:text-slate-100">
                    {lead.verb ? (
                      <>
                        <span className="text-sm font-medium text-slate-600 dark:text-slate-300">
                          {t(`approval.amounts.${lead.verb}`)}
                        </span>{" "}
                      </>
                    ) : null}
                    <span className="whitespace-nowrap">{lead.value}</span>
                  </p>
                  {counter ? (
                    <p className="text-sm text-slate-600 dark:text-slate-300">
                      {t(`approval.amounts.${counter.verb}`)}{" "}
                      <span className="whitespace-nowrap font-semibold text-slate-900 dark:text-slate-100">{counter.value}</span>
                    </p>
                  ) : null}
                  {rate !== null ? (
                    <p className="text-sm text-slate-600 dark:text-slate-300">
                      {t("detail.rate", { product })} <span className="whitespace-nowrap">{item.amount.rateBetween ?? rate}</span>
                    </p>
                  ) : null}
                </div>
              </header>
              <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
                <div className="min-w-0">
                  <dt className="text-slate-600 dark:text-slate-300">{t("approval.from")}</dt>
                  <dd className="break-words font-medium text-slate-900 dark:text-slate-100">
                    <SideText side={item.origin} unknown={t("detail.unknown")} />
                  </dd>
                </div>
                <div className="min-w-0">
                  <dt className="text-slate-600 dark:text-slate-300">{t("approval.to")}</dt>
                  <dd className="break-words font-medium text-slate-900 dark:text-slate-100">
                    <SideText side={item.destination} unknown={t("detail.unknown")} />
                  </dd>
                </div>
                <div className="min-w-0">
                  <dt className="text-slate-600 dark:text-slate-300">{t("detail.paymentReason")}</dt>
                  <dd className="break-words text-slate-900 dark:text-slate-100">{item.paymentReason ?? t("detail.unknown")}</dd>
                </div>
                <div className="min-w-0">
                  <dt className="text-slate-600 dark:text-slate-300">{t("detail.concept")}</dt>
                  <dd className="break-words text-slate-900 dark:text-slate-100">{item.concept ?? t("detail.unknown")}</dd>
                </div>
              </dl>
              <div className="flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-end sm:justify-between dark:border-slate-800">
                <Link
                  to={item.detailHref}
                  aria-label={t("approval.actions.detailNamed", { id: item.id })}
                  className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
                >
                  {t("approval.actions.detail")}
                </Link>
                <DecisionActions
                  id={item.id}
                  idempotencyKey={item.idempotencyKey}
                  voidHref={item.voidHref}
                  answer={answer}
                  approvedBy={item.approvedBy}
                />
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
