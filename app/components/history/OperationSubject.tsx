import { approvalAmounts } from "#core/domain/approval-card";
import type { OperationDetail } from "#server/history/view";
import { useTranslation } from "~/i18n";

type Subject = Pick<OperationDetail, "kind" | "amount" | "destination">;

/** A transfer's amount and payee: '$12,000.00 MXN a Aceros y Perfiles… (•••• 7341)'; figures and masked numbers never part across lines. */
function TransferSubject({ amount, destination }: { amount: string; destination: Subject["destination"] }) {
  const { t } = useTranslation("history");
  return (
    <>
      <strong className="whitespace-nowrap font-semibold">{amount}</strong> {t("detail.subjectTo")}{" "}
      {destination.name ?? t("detail.unknown")}
      {destination.masked ? (
        <>
          {" "}
          <span className="whitespace-nowrap">({destination.masked})</span>
        </>
      ) : null}
    </>
  );
}

/**
 * What an operation waiting for a decision moves, beside the button that moves it (decision 137): a
 * transfer's amount and payee, a buy or a sale's two amounts in the approvals page's words
 * ('Compras €35,000.00 EUR · Pagas $38,234.00 USD', from the same rule).
 */
export function OperationSubject({ subject }: { subject: Subject }) {
  const { t } = useTranslation("history");
  const { lead, counter } = approvalAmounts(subject.kind, subject.amount);
  if (!counter || !lead.verb) return <TransferSubject amount={lead.value} destination={subject.destination} />;
  // Each verb stays with its amount; on a phone each half takes its own line, with no separator left dangling.
  return (
    <>
      <span className="whitespace-nowrap max-sm:block">
        {t(`approval.amounts.${lead.verb}`)} <strong className="font-semibold">{lead.value}</strong>
        <span className="max-sm:hidden"> ·</span>
      </span>{" "}
      <span className="whitespace-nowrap max-sm:block">
        {t(`approval.amounts.${counter.verb}`)} <strong className="font-semibold">{counter.value}</strong>
      </span>
    </>
  );
}

/**
 * The drawer's first line (decision 137): what the operation moves, so a phone's first view holds a
 * figure above the status and the §2 cards — '$1,875.00 USD por $32,320.26 MXN' under 'Compra', a
 * transfer's amount and payee under 'Transferencia'. Neutral in tense: it reads the same pending,
 * sent or voided.
 */
export function OperationSummary({ subject }: { subject: Subject }) {
  const { t } = useTranslation("history");
  return (
    <p data-testid="operacion-resumen" className="text-lg leading-snug text-slate-900 tabular-nums dark:text-slate-100">
      {subject.kind === "transfer" ? (
        <TransferSubject amount={subject.amount.total} destination={subject.destination} />
      ) : (
        <>
          <strong className="whitespace-nowrap font-semibold">{subject.amount.amount}</strong> {t("detail.subjectFor")}{" "}
          <strong className="whitespace-nowrap font-semibold">{subject.amount.total}</strong>
        </>
      )}
    </p>
  );
}
