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
/** The white, rounded box of a list: the table's frame and a phone card. */
const FRAME = "rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900";

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
      <div className={`hidden overflow-hidden md:block ${FRAME}`}>
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
          <li key={rowKey(row)} className={`p-4 ${FRAME}`}>
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
      {inSlot("note").map((column) => {
        // A row without that note (null or "") leaves no empty line.
        const note = content(column);
        return note === null || note === undefined || note === "" ? null : (
          <p key={column.key} className={classes("mt-2 text-xs", LABEL)}>
            {note}
          </p>
        );
      })}
      {inSlot("actions").map((column) => (
        <div key={column.key} className="mt-3">
          {content(column)}
        </div>
      ))}
    </>
  );
}

/** A cell's place in a row's phone card (`ResponsiveTable`): 1 first; the card fills its two columns in this order. */
export type PhoneOrder = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/**
 * Where a cell goes in the phone card of `ResponsiveTable`. The card is a two-column grid, the
 * second column as wide as its content (an amount, a status): cells fill it left to right in
 * `order`, and a `wide` cell takes a line of its own.
 */
export type PhoneCell = {
  order: PhoneOrder;
  /** 'lead' names the row (bold, wraps), 'strong' is a bold figure, 'secondary' a small grey line. */
  tone?: "lead" | "strong" | "secondary";
  wide?: boolean;
  /** Aligned to the card's right edge. */
  end?: boolean;
  /** Words before the value that only the card shows ('Total: '); the table says them in its heading. */
  label?: string;
};

/** Where a row's cell goes below md: a place in its card, or 'hidden' (the card says it elsewhere, or it is empty). */
export type PhonePlacement = PhoneCell | "hidden";

export type ResponsiveTableColumn<Row> = Pick<ResponsiveColumn<Row>, "key" | "header" | "headerHidden" | "align" | "numeric" | "cell"> & {
  /** The column's cell is the row's header (`<th scope="row">`); it reads like the other cells unless `bold` or its content says otherwise. */
  rowHeader?: boolean;
  /** Semibold at every width (an amount, an operation's number). */
  bold?: boolean;
  /** More classes for the cell at every width (not its heading). */
  cellClassName?: string;
  /** Where the cell goes in the phone card; a function when it depends on the row. */
  phone: PhonePlacement | ((row: Row) => PhonePlacement);
  /** False for a cell only the phone card shows (the table says it in another column); it has no heading. */
  table?: boolean;
};

export type ResponsiveTableProps<Row> = {
  rows: Row[];
  rowKey: (row: Row) => string;
  columns: ResponsiveTableColumn<Row>[];
  caption: string;
  /**
   * Below md, 'cards' makes each row a card of its own and lets the frame fall away (an
   * account's movements); 'divided' keeps the rows in the frame, between lines (the recipients, a file's rows).
   */
  phoneRows: "cards" | "divided";
  /**
   * A table given a minimum width from md up (`minWidthClass`, a Tailwind class written out whole) scrolls
   * sideways in a narrow window, inside a region with this name that the keyboard can reach (decision 055).
   */
  scroll?: { label: string; minWidthClass: string };
  /** A row the person has to fix (a file's row with errors) is tinted red, in the table and in the phone's list. */
  rowHasErrors?: (row: Row) => boolean;
};

const TABLE_FRAME_SCROLL =
  "relative overflow-x-auto focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500 max-md:overflow-visible";
const TABLE_FRAME_CARDS = "max-md:border-0 max-md:bg-transparent dark:max-md:bg-transparent";
/**
 * The heading row's tint is on its cells, the outer ones rounded to the frame's inner corner (12 px
 * less its 1 px border): the frame cannot clip it (overflow-hidden would cut a row menu's popup
 * open below the last row), and a square tint broke the frame's rounded top.
 */
const TABLE_HEAD =
  "text-xs uppercase tracking-wide text-slate-600 dark:text-slate-300 max-md:sr-only " +
  "[&_th]:bg-slate-50 dark:[&_th]:bg-slate-800 [&_th:first-child]:rounded-tl-[11px] [&_th:last-child]:rounded-tr-[11px]";
const TABLE_BODY = "divide-y divide-slate-100 dark:divide-slate-800 max-md:block";
const TABLE_BODY_CARDS = "max-md:space-y-3 max-md:divide-y-0";
const TABLE_ROW = "max-md:grid max-md:grid-cols-[minmax(0,1fr)_auto] max-md:gap-x-3 max-md:gap-y-1.5 max-md:p-4";
const TABLE_ROW_CARD =
  "max-md:items-center max-md:rounded-xl max-md:border max-md:border-slate-200 max-md:bg-white " +
  "dark:max-md:border-slate-800 dark:max-md:bg-slate-900";
const TABLE_ROW_ERRORS = "bg-red-50/60 dark:bg-red-950/40";
const TABLE_CELL = "px-3 py-2.5 text-left align-top max-md:block max-md:p-0";

/** Written out whole, so Tailwind finds every class it has to generate. */
const PHONE_ORDER: Record<PhoneOrder, string> = {
  1: "max-md:order-1",
  2: "max-md:order-2",
  3: "max-md:order-3",
  4: "max-md:order-4",
  5: "max-md:order-5",
  6: "max-md:order-6",
  7: "max-md:order-7",
  8: "max-md:order-8",
};
const PHONE_TONE: Record<NonNullable<PhoneCell["tone"]>, string> = {
  lead: "max-md:min-w-0 max-md:break-words max-md:font-semibold",
  strong: "max-md:font-semibold",
  secondary: "max-md:text-xs max-md:text-slate-600 dark:max-md:text-slate-300",
};

const tableAlign = (column: { align?: "left" | "right" }) => (column.align === "right" ? "md:text-right" : "");

function phoneClass(placement: PhonePlacement): string {
  if (placement === "hidden") return "max-md:hidden";
  return classes(
    PHONE_ORDER[placement.order],
    placement.tone && PHONE_TONE[placement.tone],
    placement.wide && "max-md:col-span-2",
    placement.end && "max-md:text-right",
  );
}

/** Content only the phone card shows: a label inside a link, a line that gathers the hidden columns. */
export function PhoneOnly({ children, className }: { children: ReactNode; className?: string }) {
  return <span className={classes("md:hidden", className)}>{children}</span>;
}

/** Content only the table shows, from md up (a status the card shows beside the row's name). */
export function TableOnly({ children }: { children: ReactNode }) {
  return <span className="max-md:hidden">{children}</span>;
}

/**
 * The single-table mode of the responsive list (decision 131): ONE `<table>` whose rows become
 * cards below md (Tailwind's `max-md:` classes and `order-*`), so every text is in the DOM once and
 * a screen reader reads a table at any width (decision 055). The heading row is there for assistive
 * technology only on a phone; a card's labels ('Total: ') are shown only there.
 */
export function ResponsiveTable<Row>(props: ResponsiveTableProps<Row>) {
  const { rows, rowKey, columns, caption, phoneRows, scroll } = props;
  const cards = phoneRows === "cards";
  const headed = columns.filter((column) => column.table !== false);
  const table = (
    <table className={classes("w-full text-left text-sm max-md:block", scroll?.minWidthClass)}>
      <caption className="sr-only">{caption}</caption>
      <thead className={TABLE_HEAD}>
        <tr>
          {headed.map((column) => (
            <th key={column.key} scope="col" className={classes(TABLE_CELL, tableAlign(column))}>
              {column.headerHidden ? <span className="sr-only">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={classes(TABLE_BODY, cards && TABLE_BODY_CARDS)}>
        {rows.map((row) => {
          return (
            <tr key={rowKey(row)} className={classes(TABLE_ROW, cards && TABLE_ROW_CARD, props.rowHasErrors?.(row) && TABLE_ROW_ERRORS)}>
              {columns.map((column) => (
                <TableCell key={column.key} row={row} column={column} />
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
  const frame = classes(FRAME, cards && TABLE_FRAME_CARDS);
  if (!scroll) return <div className={frame}>{table}</div>;
  return (
    // A region that scrolls sideways (a narrow desktop window) is reachable and named for the keyboard.
    <div role="region" aria-label={scroll.label} tabIndex={0} className={classes(TABLE_FRAME_SCROLL, frame)}>
      {table}
    </div>
  );
}

function TableCell<Row>({ row, column }: { row: Row; column: ResponsiveTableColumn<Row> }) {
  const placement = typeof column.phone === "function" ? column.phone(row) : column.phone;
  const className = classes(
    TABLE_CELL,
    tableAlign(column),
    column.numeric && "tabular-nums",
    column.bold ? "font-semibold" : column.rowHeader && "font-normal",
    column.table === false && "md:hidden",
    column.cellClassName,
    phoneClass(placement),
  );
  const content = (
    <>
      {placement !== "hidden" && placement.label ? <PhoneOnly>{placement.label}</PhoneOnly> : null}
      {column.cell(row)}
    </>
  );
  return column.rowHeader ? (
    <th scope="row" className={className}>
      {content}
    </th>
  ) : (
    <td className={className}>{content}</td>
  );
}

/**
 * An uploaded file's rows (the recipients' and the payments' previews): each led by its number as the
 * row's header, which the phone's list row reads as '<lineLabel> N' ('Fila 5'); a row with errors is tinted.
 */
export function FileRowsTable<Row extends { line: number; errors: readonly unknown[] }>({
  rows,
  columns,
  caption,
  lineLabel,
}: {
  rows: Row[];
  /** The columns after the row's number; their phone places start at 2. */
  columns: ResponsiveTableColumn<Row>[];
  caption: string;
  lineLabel: string;
}) {
  const line: ResponsiveTableColumn<Row> = {
    key: "line",
    header: lineLabel,
    rowHeader: true,
    numeric: true,
    phone: { order: 1, tone: "lead", label: `${lineLabel} ` },
    cell: (row) => row.line,
  };
  return (
    <ResponsiveTable
      rows={rows}
      rowKey={(row) => String(row.line)}
      columns={[line, ...columns]}
      caption={caption}
      phoneRows="divided"
      rowHasErrors={(row) => row.errors.length > 0}
    />
  );
}
