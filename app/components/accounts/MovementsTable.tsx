import type { Movement } from "#core/domain/movements";
import { movementTypeKey } from "#core/domain/movements";
import { Money } from "~/components/ui/Money";
import { useTranslation } from "~/i18n";

export type MovementRow = Movement & { dateText: string };

/** An account's movements: date, type name (§3 catalogue), concept, counterparty, amounts. */
export function MovementsTable({ movements, caption }: { movements: MovementRow[]; caption: string }) {
  const { t } = useTranslation("accounts");
  const cell = "px-3 py-2.5 text-left align-top";
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={caption}
      className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
    >
      <table className="w-full min-w-[48rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className={cell}>
              {t("movements.columns.date")}
            </th>
            <th scope="col" className={cell}>
              {t("movements.columns.type")}
            </th>
            <th scope="col" className={cell}>
              {t("movements.columns.description")}
            </th>
            <th scope="col" className={cell}>
              {t("movements.columns.counterparty")}
            </th>
            <th scope="col" className={cell}>
              {t("movements.columns.reference")}
            </th>
            <th scope="col" className={`${cell} text-right`}>
              {t("movements.columns.out")}
            </th>
            <th scope="col" className={`${cell} text-right`}>
              {t("movements.columns.in")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {movements.map((movement) => (
            <tr key={movement.id}>
              <td className={`${cell} whitespace-nowrap tabular-nums`}>{movement.dateText}</td>
              <td className={cell}>{t(movementTypeKey(movement.typeId))}</td>
              <td className={cell}>{movement.description}</td>
              <td className={cell}>{movement.counterparty}</td>
              <td className={`${cell} tabular-nums`}>{movement.reference}</td>
              <td className={`${cell} text-right`}>
                {movement.direction === "out" ? (
                  <Money amount={-movement.amount} currency={movement.currency} className="text-failed dark:text-red-400" />
                ) : null}
              </td>
              <td className={`${cell} text-right`}>
                {movement.direction === "in" ? (
                  <Money amount={movement.amount} currency={movement.currency} className="text-success" />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
