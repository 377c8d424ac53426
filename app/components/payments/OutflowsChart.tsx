import { VolumeChart } from "~/components/charts/VolumeChart";
import { useTranslation } from "~/i18n";

export interface DailyOutflowsView {
  currency: string;
  days: Array<{ date: string; paid: string; inProgress: string; unpaid: string; total: string; volume: string }>;
}

/** A figure's cell: a column of the table, or below sm a line of its card with the figure's name on the left. */
const FIGURE = "whitespace-nowrap py-1 text-right tabular-nums max-sm:flex max-sm:justify-between max-sm:gap-3 max-sm:p-0";

/** Days labelled under the bars: a week apart, so a phone's 390 px hold them. */
const LABELLED = new Set([1, 8, 15, 22, 29]);

/**
 * The month's outflows per currency (decision 063): one bar per day, server-rendered SVG (the
 * charts' own layer, decision 044), darker on days with payments still to make; the figures are
 * the table that follows, which is what a screen reader reads.
 */
export function OutflowsChart({
  row,
  month,
  dateLabel,
  formatMax,
}: {
  row: DailyOutflowsView;
  month: string;
  dateLabel: Record<string, string>;
  formatMax: (max: number) => string;
}) {
  const { t } = useTranslation("payments");
  const withOutflows = row.days.filter((day) => Number(day.volume) > 0);
  return (
    <VolumeChart
      caption={t("planner.chart.caption", { month, currency: row.currency })}
      formatMax={formatMax}
      items={row.days.map((day) => {
        const dayOfMonth = Number(day.date.slice(8, 10));
        return {
          key: day.date,
          label: LABELLED.has(dayOfMonth) ? String(dayOfMonth) : "",
          volume: day.volume,
          // A day with a payment not yet made (still to pay, or being paid) is not a day 'solo con pagos hechos'.
          highlighted: !isZero(day.unpaid) || !isZero(day.inProgress),
        };
      })}
    >
      {/* Below sm each day is a card, its date over its four figures, each with its name: a 390 px phone
          clips no column (decision 125). */}
      <div
        tabIndex={0}
        role="region"
        aria-label={t("planner.chart.tableCaption", { month, currency: row.currency })}
        className="overflow-x-auto"
      >
        <table className="w-full text-left text-sm max-sm:block">
          <caption className="sr-only">{t("planner.chart.tableCaption", { month, currency: row.currency })}</caption>
          <thead className="text-xs uppercase text-slate-600 max-sm:sr-only dark:text-slate-300">
            <tr>
              <th scope="col" className="py-1 pr-3">
                {t("planner.chart.day")}
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                {t("planner.chart.paid")}
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                {t("planner.chart.inProgress")}
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                {t("planner.chart.unpaid")}
              </th>
              <th scope="col" className="py-1 text-right">
                {t("planner.chart.total")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 max-sm:block dark:divide-slate-800">
            {withOutflows.map((day) => (
              <tr key={day.date} className="max-sm:block max-sm:py-2">
                <th scope="row" className="py-1 pr-3 font-medium max-sm:block max-sm:p-0">
                  {dateLabel[day.date] ?? day.date}
                </th>
                <td className={`${FIGURE} pr-3`}>
                  <span className="sm:hidden">{t("planner.chart.paid")}</span>
                  {day.paid}
                </td>
                <td className={`${FIGURE} pr-3`}>
                  <span className="sm:hidden">{t("planner.chart.inProgress")}</span>
                  {day.inProgress}
                </td>
                <td className={`${FIGURE} pr-3 font-semibold`}>
                  <span className="font-normal sm:hidden">{t("planner.chart.unpaid")}</span>
                  {day.unpaid}
                </td>
                <td className={FIGURE}>
                  <span className="sm:hidden">{t("planner.chart.total")}</span>
                  {day.total}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </VolumeChart>
  );
}

/** "$0.00 MXN" or "€0.00 EUR": a formatted amount that is zero. */
function isZero(formatted: string): boolean {
  return !/[1-9]/.test(formatted);
}
