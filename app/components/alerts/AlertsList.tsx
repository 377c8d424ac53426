import { Link } from "@remix-run/react";

import type { AlertDistance } from "#core/domain/price-alerts";
import { type ResponsiveColumn, ResponsiveList } from "~/components/ui/ResponsiveList";
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
  /** 'Alcanzó tu objetivo el … a …', for a triggered alert. */
  triggeredText: string | null;
  /** Target minus the current price (6 decimals and percent) with that price; or why there is none. */
  distance: AlertDistance;
  deleteHref: string;
  calculatorHref: string;
};

function Distance({ distance }: { distance: AlertDistance }) {
  const { t } = useTranslation("alerts");
  if (distance.kind === "reached") {
    // A triggered alert no longer follows the price: a dash, said in words to a screen reader.
    return (
      <span className="text-slate-600 dark:text-slate-300">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t("table.reached")}</span>
      </span>
    );
  }
  if (distance.kind === "noPrice") return <span className="text-slate-600 dark:text-slate-300">{t("table.noPrice")}</span>;
  const sign = distance.difference.startsWith("-") ? "" : "+";
  return (
    <span className="flex flex-col tabular-nums md:items-end">
      <span className="whitespace-nowrap">
        {sign}
        {distance.difference} ({sign}
        {distance.percent} %)
      </span>
      <span className="whitespace-nowrap text-xs text-slate-600 dark:text-slate-300">{t("table.current", { rate: distance.current })}</span>
    </span>
  );
}

function StatePill({ row }: { row: AlertRowView }) {
  const { t } = useTranslation("alerts");
  const triggered = row.status === "triggered";
  return (
    <span
      className={`w-fit whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${triggered ? "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200" : "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200"}`}
    >
      {t(`states.${row.status}`)}
    </span>
  );
}

/** The table's state: the pill and, once reached, when and at what rate. */
function State({ row }: { row: AlertRowView }) {
  return (
    <span className="flex flex-col gap-1">
      <StatePill row={row} />
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
        <Link to={row.calculatorHref} className="font-semibold text-brand-700 underline dark:text-brand-300">
          {t("table.operate")}
          <span className="sr-only"> {row.pair}</span>
        </Link>
      ) : null}
      <Link
        to={row.deleteHref}
        preventScrollReset
        aria-label={t("table.deleteNamed", { operation, pair: row.pair })}
        className="text-sm font-medium text-failed underline dark:text-red-400"
      >
        {t("table.delete")}
      </Link>
    </span>
  );
}

/**
 * The member's alerts: a table from md up; below it (a 390 px phone) each alert is a card of
 * label/value pairs, so nothing scrolls sideways. Only one of the two is displayed at a time, so
 * assistive technology meets the alerts once (`ResponsiveList`).
 */
export function AlertsList({ rows }: { rows: AlertRowView[] }) {
  const { t } = useTranslation("alerts");
  const columns: ResponsiveColumn<AlertRowView>[] = [
    {
      key: "pair",
      header: t("table.pair"),
      rowHeader: true,
      card: "title",
      cell: (row) => row.pair,
      cardCell: (row) => `${row.pair} · ${t(`operations.${row.operation}`)}`,
    },
    { key: "operation", header: t("table.operation"), card: "none", cell: (row) => t(`operations.${row.operation}`) },
    {
      key: "condition",
      header: t("table.condition"),
      cellClassName: "whitespace-nowrap",
      cell: (row) => t(`conditions.${row.condition}`),
    },
    { key: "target", header: t("table.target"), align: "right", numeric: true, cell: (row) => row.targetRate },
    { key: "distance", header: t("table.distance"), align: "right", cell: (row) => <Distance distance={row.distance} /> },
    { key: "created", header: t("table.created"), cell: (row) => <time dateTime={row.createdAt}>{row.createdText}</time> },
    // On a phone the pill sits beside the title and the sentence gets its own line, so neither squeezes the title.
    {
      key: "state",
      header: t("table.state"),
      card: "badge",
      cell: (row) => <State row={row} />,
      cardCell: (row) => <StatePill row={row} />,
    },
    { key: "reached", header: t("table.state"), card: "note", table: false, cell: (row) => row.triggeredText },
    { key: "actions", header: t("table.actions"), card: "actions", cell: (row) => <Actions row={row} /> },
  ];
  return <ResponsiveList rows={rows} rowKey={(row) => row.id} columns={columns} caption={t("table.caption")} />;
}
