import { Fragment, type ReactNode } from "react";

/**
 * Where a column's value goes in a row's phone card. 'title' is the card's heading, 'badge' sits
 * beside it, 'lead' is a large line under it (an amount), 'field' a label/value pair, 'note' a
 * small line under the pairs, 'actions' the row's links at the bottom; 'none' keeps the column
 * out of the card (a table-only column).
 */
export type CardSlot = "title" | "badge" | "lead" | "field" | "note" | "actions" | "none";

export type ResponsiveColumn<Row> = {
  key: string;
  /** The table's column heading, and the label of a 'field' in the card. */
  header: ReactNode;
  /** Shown only to assistive technology in the table's heading (an 'Acciones' column). */
  headerHidden?: boolean;
  align?: "left" | "right";
  /** Figures that line up (tabular digits), in the table and in the card. */
  numeric?: boolean;
  /** The column's cell is the row's header (`<th scope="row">`): the one cell that names the row. */
  rowHeader?: boolean;
  /** More classes for the table's cell (not its heading), e.g. `whitespace-nowrap font-semibold`. */
  cellClassName?: string;
  cell: (row: Row) => ReactNode;
  /** The card's content when it differs from the table cell's; defaults to `cell`. */
  cardCell?: (row: Row) => ReactNode;
  /** Defaults to 'field'. */
  card?: CardSlot;
  /** False for a column that exists only in the card (e.g. a note the table shows inside another cell). */
  table?: boolean;
};

export type ResponsiveListProps<Row> = {
  rows: Row[];
  rowKey: (row: Row) => string;
  columns: ResponsiveColumn<Row>[];
  /** The table's caption (screen readers) and the card list's name: the same words for both. */
  caption: string;
};

const CELL = "px-4 py-3 align-top";
const LABEL = "text-slate-600 dark:text-slate-300";

const alignClass = (column: { align?: "left" | "right" }) => (column.align === "right" ? "text-right" : "");

function classes(...parts: (string | false | undefined)[]): string {
  return parts.filter(Boolean).join(" ");
}

/**
 * A list of rows as a table from md up and, below it (a 390 px phone), as one card per row, so
 * nothing scrolls sideways; both come from one description of the columns. Only one of the two
 * is displayed at a time (`hidden md:block` / `md:hidden`), so assistive technology meets each
 * row once (decision 127).
 */
export function ResponsiveList<Row>({ rows, rowKey, columns, caption }: ResponsiveListProps<Row>) {
  const tableColumns = columns.filter((column) => column.table !== false);
  return (
    <>
      <div className="hidden overflow-hidden rounded-xl border border-slate-200 bg-white md:block dark:border-slate-800 dark:bg-slate-900">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs uppercase text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <tr>
              {tableColumns.map((column) => (
                <th key={column.key} scope="col" className={classes(CELL, alignClass(column))}>
                  {column.headerHidden ? <span className="sr-only">{column.header}</span> : column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {tableColumns.map((column) => {
                  const className = classes(
                    CELL,
                    alignClass(column),
                    column.numeric && "tabular-nums",
                    column.rowHeader && "font-semibold",
                    column.cellClassName,
                  );
                  return column.rowHeader ? (
                    <th key={column.key} scope="row" className={className}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.key} className={className}>
                      {column.cell(row)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={caption} className="flex flex-col gap-3 md:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
            <RowCard row={row} columns={columns} />
          </li>
        ))}
      </ul>
    </>
  );
}

function RowCard<Row>({ row, columns }: { row: Row; columns: ResponsiveColumn<Row>[] }) {
  const inSlot = (slot: CardSlot) => columns.filter((column) => (column.card ?? "field") === slot);
  const content = (column: ResponsiveColumn<Row>) => (column.cardCell ?? column.cell)(row);
  const leads = inSlot("lead");
  const fields = inSlot("field");
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 break-words text-base font-semibold">
          {inSlot("title").map((column) => (
            <Fragment key={column.key}>{content(column)}</Fragment>
          ))}
        </h3>
        {inSlot("badge").map((column) => (
          <Fragment key={column.key}>{content(column)}</Fragment>
        ))}
      </div>
      {leads.map((column) => (
        <p key={column.key} className="mt-1 text-lg font-semibold tabular-nums">
          {content(column)}
        </p>
      ))}
      {fields.length > 0 ? (
        // Under a lead line the pairs sit closer, so the amount and its details read as one block.
        <dl className={classes(leads.length ? "mt-2" : "mt-3", "grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm")}>
          {fields.map((column) => (
            <Fragment key={column.key}>
              <dt className={LABEL}>{column.header}</dt>
              <dd className={column.numeric ? "tabular-nums" : undefined}>{content(column)}</dd>
            </Fragment>
          ))}
        </dl>
      ) : null}
      {inSlot("note").map((column) => (
        <p key={column.key} className={classes("mt-2 text-xs", LABEL)}>
          {content(column)}
        </p>
      ))}
      {inSlot("actions").map((column) => (
        <div key={column.key} className="mt-3">
          {content(column)}
        </div>
      ))}
    </>
  );
}
