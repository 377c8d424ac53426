import { Link } from "@remix-run/react";

import { useTranslation } from "~/i18n";

/** One alert as the page shows it (already worded where the server words it). */
export type AlertRowView = {
  id: string;
  pair: string;
  operation: "buy" | "sell";
  condition: "above" | "below";
  /** 6 decimals. */
  targetRate: string;
  createdText: string;
  createdAt: string;
  status: "active" | "triggered";
  /** 'Se activó el … a …', for a triggered alert. */
  triggeredText: string | null;
  /** Target minus the current price, 6 decimals and percent; null without a price. */
  distance: { difference: string; percent: string } | null;
  deleteHref: string;
  calculatorHref: string;
};

function Distance({ distance }: { distance: AlertRowView["distance"] }) {
  const { t } = useTranslation("alerts");
  if (!distance) return <span className="text-slate-500 dark:text-slate-400">{t("table.noPrice")}</span>;
  const sign = distance.difference.startsWith("-") ? "" : "+";
  return (
    <span className="tabular-nums">
      {sign}
      {distance.difference} ({sign}
      {distance.percent} %)
    </span>
  );
}

function State({ row }: { row: AlertRowView }) {
  const { t } = useTranslation("alerts");
  const triggered = row.status === "triggered";
  return (
    <span className="flex flex-col gap-1">
      <span
        className={`w-fit rounded-full px-2 py-0.5 text-xs font-semibold ${triggered ? "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200" : "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200"}`}
      >
        {t(`states.${row.status}`)}
      </span>
      {row.triggeredText ? <span className="text-xs text-slate-600 dark:text-slate-300">{row.triggeredText}</span> : null}
    </span>
  );
}

function Actions({ row }: { row: AlertRowView }) {
  const { t } = useTranslation("alerts");
  const operation = t(`operations.${row.operation}`).toLowerCase();
  return (
    <span className="flex flex-wrap gap-x-4 gap-y-2">
      {row.status === "triggered" ? (
        <Link to={row.calculatorHref} className="font-semibold text-brand-700 underline dark:text-brand-100">
          {t("table.operate")}
          <span className="sr-only"> {row.pair}</span>
        </Link>
      ) : null}
      <Link
        to={row.deleteHref}
        preventScrollReset
        aria-label={t("table.deleteNamed", { operation, pair: row.pair })}
        className="font-semibold text-failed underline dark:text-red-400"
      >
        {t("table.delete")}
      </Link>
    </span>
  );
}

/**
 * The member's alerts: a table from md up; below it (a 390 px phone) each alert is a card of
 * label/value pairs, so nothing scrolls sideways. Only one of the two is displayed at a time, so
 * assistive technology meets the alerts once.
 */
export function AlertsList({ rows }: { rows: AlertRowView[] }) {
  const { t } = useTranslation("alerts");
  const cell = "px-4 py-3 align-top";
  return (
    <>
      <div className="hidden overflow-hidden rounded-xl border border-slate-200 bg-white md:block dark:border-slate-800 dark:bg-slate-900">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("table.caption")}</caption>
          <thead className="bg-slate-50 text-xs uppercase text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <tr>
              <th scope="col" className={cell}>
                {t("table.pair")}
              </th>
              <th scope="col" className={cell}>
                {t("table.operation")}
              </th>
              <th scope="col" className={cell}>
                {t("table.condition")}
              </th>
              <th scope="col" className={`${cell} text-right`}>
                {t("table.target")}
              </th>
              <th scope="col" className={`${cell} text-right`}>
                {t("table.distance")}
              </th>
              <th scope="col" className={cell}>
                {t("table.created")}
              </th>
              <th scope="col" className={cell}>
                {t("table.state")}
              </th>
              <th scope="col" className={cell}>
                {t("table.actions")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {rows.map((row) => (
              <tr key={row.id}>
                <th scope="row" className={`${cell} font-semibold`}>
                  {row.pair}
                </th>
                <td className={cell}>{t(`operations.${row.operation}`)}</td>
                <td className={cell}>{t(`conditions.${row.condition}`)}</td>
                <td className={`${cell} text-right tabular-nums`}>{row.targetRate}</td>
                <td className={`${cell} text-right`}>
                  <Distance distance={row.distance} />
                </td>
                <td className={cell}>
                  <time dateTime={row.createdAt}>{row.createdText}</time>
                </td>
                <td className={cell}>
                  <State row={row} />
                </td>
                <td className={cell}>
                  <Actions row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={t("table.caption")} className="flex flex-col gap-3 md:hidden">
        {rows.map((row) => (
          <li key={row.id} className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
            <div className="flex items-start justify-between gap-3">
              <h3 className="text-base font-semibold">
                {row.pair} · {t(`operations.${row.operation}`)}
              </h3>
              <State row={row} />
            </div>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-600 dark:text-slate-300">{t("table.condition")}</dt>
              <dd>{t(`conditions.${row.condition}`)}</dd>
              <dt className="text-slate-600 dark:text-slate-300">{t("table.target")}</dt>
              <dd className="tabular-nums">{row.targetRate}</dd>
              <dt className="text-slate-600 dark:text-slate-300">{t("table.distance")}</dt>
              <dd>
                <Distance distance={row.distance} />
              </dd>
              <dt className="text-slate-600 dark:text-slate-300">{t("table.created")}</dt>
              <dd>
                <time dateTime={row.createdAt}>{row.createdText}</time>
              </dd>
            </dl>
            <div className="mt-3">
              <Actions row={row} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
