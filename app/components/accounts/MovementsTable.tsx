import type { Movement } from "#core/domain/movements";
import { movementTypeKey } from "#core/domain/movements";
import { CopyButton } from "~/components/ui/CopyButton";
import { Money } from "~/components/ui/Money";
import { useTranslation } from "~/i18n";

export type MovementRow = Movement & { dateText: string };

const CELL = "px-3 py-2.5 text-left align-top max-md:block max-md:p-0";

/*
 * Below md (the phone) the table becomes list rows (decision 055): the counterparty and the amount
 * first, then the movement's type and date; the concept and reference are secondary. One DOM for
 * both widths; the empty 'Cargo' or 'Abono' cell is left out of the row there.
 */
const PHONE_FRAME = "max-md:overflow-visible max-md:border-0 max-md:bg-transparent dark:max-md:bg-transparent";
const PHONE_ROW =
  "max-md:grid max-md:grid-cols-[minmax(0,1fr)_auto] max-md:items-center max-md:gap-x-3 max-md:gap-y-1 max-md:rounded-xl " +
  "max-md:border max-md:border-slate-200 max-md:bg-white max-md:p-4 dark:max-md:border-slate-800 dark:max-md:bg-slate-900";
const PHONE_SECONDARY = "max-md:text-xs max-md:text-slate-600 dark:max-md:text-slate-300";

/** An account's movements: date, type name (§3 catalogue), concept, counterparty, amounts. */
export function MovementsTable({ movements, caption }: { movements: MovementRow[]; caption: string }) {
  const { t } = useTranslation("accounts");
  return (
    // A region that scrolls sideways (a narrow desktop window) is reachable and named for the keyboard.
    <div
      role="region"
      aria-label={t("movements.list")}
      tabIndex={0}
      className={`relative overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-slate-800 dark:bg-slate-900 ${PHONE_FRAME}`}
    >
      <table className="w-full text-sm md:min-w-[48rem] max-md:block">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600 dark:bg-slate-800 dark:text-slate-300 max-md:sr-only">
          <tr>
            <th scope="col" className={CELL}>
              {t("movements.columns.date")}
            </th>
            <th scope="col" className={CELL}>
              {t("movements.columns.type")}
            </th>
            <th scope="col" className={CELL}>
              {t("movements.columns.description")}
            </th>
            <th scope="col" className={CELL}>
              {t("movements.columns.counterparty")}
            </th>
            <th scope="col" className={CELL}>
              {t("movements.columns.reference")}
            </th>
            <th scope="col" className={`${CELL} text-right`}>
              {t("movements.columns.out")}
            </th>
            <th scope="col" className={`${CELL} text-right`}>
              {t("movements.columns.in")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800 max-md:block max-md:space-y-3 max-md:divide-y-0">
          {movements.map((movement) => (
            <tr key={movement.id} className={PHONE_ROW}>
              <td className={`${CELL} whitespace-nowrap tabular-nums ${PHONE_SECONDARY} max-md:order-4 max-md:text-right`}>
                {movement.dateText}
              </td>
              <td className={`${CELL} ${PHONE_SECONDARY} max-md:order-3`}>{t(movementTypeKey(movement.typeId))}</td>
              <td className={`${CELL} ${PHONE_SECONDARY} max-md:order-5 max-md:col-span-2`}>{movement.description}</td>
              <td className={`${CELL} max-md:order-1 max-md:min-w-0 max-md:break-words max-md:font-semibold`}>
                {movement.counterparty || t(movementTypeKey(movement.typeId))}
              </td>
              <td
                className={`${CELL} tabular-nums ${PHONE_SECONDARY} max-md:order-6 max-md:col-span-2 ${movement.reference || movement.trackingKey ? "" : "max-md:hidden"}`}
              >
                <span className="md:hidden">{t("movements.columns.reference")}: </span>
                {movement.reference}
                {movement.trackingKey ? (
                  // The key on a line of its own and never broken: a treasurer reads it out or copies it whole.
                  <span className="block">
                    <span className="block text-xs text-slate-600 dark:text-slate-300">{t("movements.trackingKey")}:</span>
                    <span className="inline-flex flex-wrap items-center gap-x-2">
                      <span className="select-all whitespace-nowrap font-mono text-xs">{movement.trackingKey}</span>
                      <CopyButton value={movement.trackingKey} label={t("movements.trackingKey")} />
                    </span>
                  </span>
                ) : null}
              </td>
              <td className={`${CELL} text-right max-md:order-2 ${movement.direction === "out" ? "" : "max-md:hidden"}`}>
                {movement.direction === "out" ? (
                  <Money
                    amount={-movement.amount}
                    currency={movement.currency}
                    className="text-failed dark:text-red-400 max-md:font-semibold"
                  />
                ) : null}
              </td>
              <td className={`${CELL} text-right max-md:order-2 ${movement.direction === "in" ? "" : "max-md:hidden"}`}>
                {movement.direction === "in" ? (
                  <Money amount={movement.amount} currency={movement.currency} className="text-success max-md:font-semibold" />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
