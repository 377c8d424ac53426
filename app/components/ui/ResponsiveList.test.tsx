import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import {
  FileRowsTable,
  type ResponsiveColumn,
  ResponsiveList,
  ResponsiveTable,
  type ResponsiveTableColumn,
  type ResponsiveTableProps,
} from "./ResponsiveList";

type Payment = { id: string; payee: string; origin: string; amount: string; state: string };

const rows: Payment[] = [
  { id: "1", payee: "Aceros Querétaro", origin: "Cuenta Bajío", amount: "$12,500.00 MXN", state: "Vencido" },
  { id: "2", payee: "Telas Monterrey", origin: "Cuenta Norte", amount: "$85,000.00 MXN", state: "Programado" },
  { id: "3", payee: "Bright Components", origin: "Cuenta Asia", amount: "$4,800.00 USD", state: "Programado" },
];

const columns: ResponsiveColumn<Payment>[] = [
  { key: "payee", header: "Destinatario", rowHeader: true, card: "title", cell: (row) => row.payee },
  { key: "amount", header: "Monto", align: "right", numeric: true, card: "lead", cell: (row) => row.amount },
  { key: "origin", header: "Origen", cell: (row) => row.origin },
  { key: "state", header: "Estado", card: "badge", cell: (row) => <strong>{row.state}</strong> },
  { key: "id", header: "Folio", card: "none", cell: (row) => `F-${row.id}` },
  { key: "note", header: "Nota", table: false, card: "note", cell: (row) => `Nota de ${row.payee}` },
  { key: "actions", header: "Acciones", headerHidden: true, card: "actions", cell: (row) => <a href={`/pagar/${row.id}`}>Pagar</a> },
];

const html = renderToString(<ResponsiveList rows={rows} rowKey={(row) => row.id} columns={columns} caption="Pagos de la empresa" />);
const tablePart = html.slice(0, html.indexOf("<ul"));
const cardPart = html.slice(html.indexOf("<ul"));

const count = (text: string, needle: RegExp) => (text.match(needle) ?? []).length;
const classTokens = (tag: string) => (/ class="([^"]*)"/.exec(tag)?.[1] ?? "").split(/\s+/);

describe("ResponsiveList", () => {
  it("renders a captioned table with one column heading per table column, in order", () => {
    expect(tablePart).toContain('<caption class="sr-only">Pagos de la empresa</caption>');
    const headings = [...tablePart.matchAll(/<th scope="col"[^>]*>(.*?)<\/th>/g)].map((match) => match[1]);
    expect(headings).toEqual(["Destinatario", "Monto", "Origen", "Estado", "Folio", '<span class="sr-only">Acciones</span>']);
    expect(tablePart).not.toContain("Nota");
  });

  it("gives every row its row header and one cell per other table column", () => {
    expect(count(tablePart, /<tr>/g)).toBe(rows.length + 1);
    for (const row of rows) {
      expect(tablePart).toMatch(new RegExp(`<th scope="row"[^>]*>${row.payee}</th>`));
      expect(tablePart).toContain(`F-${row.id}`);
      expect(tablePart).toContain(`href="/pagar/${row.id}"`);
    }
    expect(count(tablePart, /<th scope="row"/g)).toBe(rows.length);
    expect(count(tablePart, /<td /g)).toBe(rows.length * 5);
  });

  it("aligns and sets figures the same in the heading and the cell", () => {
    expect(tablePart).toMatch(/<th scope="col" class="[^"]*text-right[^"]*">Monto<\/th>/);
    expect(tablePart).toMatch(/<td class="[^"]*text-right[^"]*tabular-nums[^"]*">\$12,500.00 MXN<\/td>/);
  });

  it("renders one named card per row with its title, badge, lead, pairs, note and actions", () => {
    expect(cardPart).toMatch(/^<ul aria-label="Pagos de la empresa"/);
    expect(count(cardPart, /<li /g)).toBe(rows.length);
    for (const row of rows) {
      const card = cardPart.slice(cardPart.indexOf(`<h3 class="min-w-0 break-words text-base font-semibold">${row.payee}</h3>`));
      expect(card).toMatch(new RegExp(`^<h3[^>]*>${row.payee}</h3><strong>${row.state}</strong></div><p[^>]*>\\${row.amount}</p>`));
      expect(card).toContain(`<dt class="text-slate-600 dark:text-slate-300">Origen</dt><dd>${row.origin}</dd>`);
      expect(card).toContain(`Nota de ${row.payee}`);
      expect(card).toContain(`href="/pagar/${row.id}"`);
    }
    // 'Origen' is the only pair: the title, badge, lead, note, actions and the table-only 'Folio' are not pairs.
    expect(count(cardPart, /<dt /g)).toBe(rows.length);
    expect(cardPart).not.toContain("F-1");
  });

  it("displays the table only from md up and the cards only below it, never both", () => {
    const wrapper = /^<div [^>]*>/.exec(html)?.[0] ?? "";
    const list = /^<ul [^>]*>/.exec(cardPart)?.[0] ?? "";
    expect(classTokens(wrapper)).toEqual(expect.arrayContaining(["hidden", "md:block"]));
    expect(classTokens(wrapper)).not.toContain("md:hidden");
    expect(classTokens(list)).toContain("md:hidden");
    expect(classTokens(list)).not.toEqual(expect.arrayContaining(["hidden"]));
    expect(classTokens(list)).not.toContain("md:block");
    // Nothing else shows or hides the two at a breakpoint.
    expect(count(html, /md:(block|hidden)/g)).toBe(2);
  });
});

describe("ResponsiveTable (the single-table mode)", () => {
  const tableColumns: ResponsiveTableColumn<Payment>[] = [
    { key: "id", header: "Folio", numeric: true, phone: { order: 4, tone: "secondary", end: true }, cell: (row) => `F-${row.id}` },
    { key: "payee", header: "Destinatario", rowHeader: true, phone: { order: 1, tone: "lead" }, cell: (row) => row.payee },
    { key: "state-card", header: "Estado", table: false, phone: { order: 2, end: true }, cell: (row) => <b>{row.state}</b> },
    {
      key: "amount",
      header: "Monto",
      align: "right",
      numeric: true,
      phone: { order: 3, tone: "strong", wide: true, label: "Monto: " },
      cell: (row) => row.amount,
    },
    {
      key: "origin",
      header: "Origen",
      phone: (row) => (row.origin === "Cuenta Asia" ? "hidden" : { order: 5, wide: true }),
      cell: (row) => row.origin,
    },
    { key: "state", header: "Estado", phone: "hidden", cell: (row) => <strong>{row.state}</strong> },
  ];
  const render = (props: Partial<ResponsiveTableProps<Payment>> = {}) =>
    renderToString(
      <ResponsiveTable
        rows={rows}
        rowKey={(row) => row.id}
        columns={tableColumns}
        caption="Pagos de la empresa"
        phoneRows="cards"
        {...props}
      />,
    );
  const cellOf = (markup: string, text: string) =>
    new RegExp(`<t[hd] [^>]*>(?:(?!</t[hd]>).)*${text.replace(/[$.]/g, "\\$&")}`).exec(markup)?.[0] ?? "";

  it("renders one captioned table whose texts are each in the DOM once, at every width", () => {
    const table = render();
    expect(count(table, /<table/g)).toBe(1);
    expect(count(table, /<caption class="sr-only">Pagos de la empresa<\/caption>/g)).toBe(1);
    expect(table).not.toContain("<ul");
    for (const row of rows) {
      expect(count(table, new RegExp(row.payee, "g"))).toBe(1);
      expect(count(table, new RegExp(`\\${row.amount}`, "g"))).toBe(1);
      expect(table).toMatch(new RegExp(`<th scope="row"[^>]*>${row.payee}</th>`));
    }
    // Nothing hides the whole table or its body at a breakpoint: only cells and card labels come and go.
    expect(classTokens(/^<div [^>]*>/.exec(table)?.[0] ?? "")).not.toEqual(expect.arrayContaining(["md:hidden"]));
    expect(classTokens(/<tbody [^>]*>/.exec(table)?.[0] ?? "")).not.toContain("max-md:hidden");
  });

  it("gives the table one heading per table column, the headings only to assistive technology on a phone", () => {
    const table = render();
    const headings = [...table.matchAll(/<th scope="col"[^>]*>(.*?)<\/th>/g)].map((match) => match[1]);
    expect(headings).toEqual(["Folio", "Destinatario", "Monto", "Origen", "Estado"]);
    expect(classTokens(/<thead [^>]*>/.exec(table)?.[0] ?? "")).toContain("max-md:sr-only");
    expect(table).toMatch(/<th scope="col" class="[^"]*md:text-right[^"]*">Monto<\/th>/);
  });

  it("places each cell in the phone card: its order, tone, width, edge and label, or hidden", () => {
    const table = render();
    const payee = classTokens(cellOf(table, "Aceros Querétaro"));
    expect(payee).toEqual(expect.arrayContaining(["max-md:order-1", "max-md:font-semibold", "max-md:break-words"]));
    const id = classTokens(cellOf(table, "F-1"));
    expect(id).toEqual(expect.arrayContaining(["max-md:order-4", "max-md:text-xs", "max-md:text-right", "tabular-nums"]));
    const amount = cellOf(table, "$12,500.00 MXN");
    expect(classTokens(amount)).toEqual(expect.arrayContaining(["max-md:order-3", "max-md:col-span-2", "md:text-right"]));
    expect(amount).toContain('<span class="md:hidden">Monto: </span>');
    expect(classTokens(cellOf(table, "Cuenta Bajío"))).toContain("max-md:order-5");
    expect(classTokens(cellOf(table, "Cuenta Asia"))).toContain("max-md:hidden");
    expect(classTokens(cellOf(table, "<strong>Vencido"))).toContain("max-md:hidden");
  });

  it("reads a row header like the other cells, and a bold cell semibold at every width", () => {
    const plain = render();
    expect(classTokens(cellOf(plain, "Aceros Querétaro"))).toContain("font-normal");
    const bold = render({ columns: tableColumns.map((column) => (column.key === "payee" ? { ...column, bold: true } : column)) });
    const payee = classTokens(cellOf(bold, "Aceros Querétaro"));
    expect(payee).toContain("font-semibold");
    expect(payee).not.toContain("font-normal");
  });

  it("keeps a card-only cell out of the table from md up, without a heading", () => {
    const table = render();
    const card = classTokens(cellOf(table, "<b>Vencido"));
    expect(card).toEqual(expect.arrayContaining(["md:hidden", "max-md:order-2", "max-md:text-right"]));
    expect(count(table, /<td /g)).toBe(rows.length * 5);
  });

  it("makes each row a card, or a divided row in the frame", () => {
    const cards = render();
    const divided = render({ phoneRows: "divided" });
    const rowClasses = (markup: string) => classTokens(/<tr [^>]*>/.exec(markup.slice(markup.indexOf("<tbody")))?.[0] ?? "");
    expect(rowClasses(cards)).toEqual(expect.arrayContaining(["max-md:grid", "max-md:rounded-xl", "max-md:border"]));
    expect(rowClasses(divided)).toContain("max-md:grid");
    expect(rowClasses(divided)).not.toContain("max-md:rounded-xl");
    expect(classTokens(/^<div [^>]*>/.exec(cards)?.[0] ?? "")).toContain("max-md:border-0");
    expect(classTokens(/^<div [^>]*>/.exec(divided)?.[0] ?? "")).not.toContain("max-md:border-0");
  });

  it("puts a wide table in a named region the keyboard reaches, and only then", () => {
    const wide = render({ scroll: { label: "Lista de pagos", minWidthClass: "md:min-w-[48rem]" } });
    expect(wide).toMatch(/^<div role="region" aria-label="Lista de pagos" tabindex="0" class="[^"]*overflow-x-auto/);
    expect(classTokens(/<table [^>]*>/.exec(wide)?.[0] ?? "")).toContain("md:min-w-[48rem]");
    expect(render()).not.toContain('role="region"');
  });

  it("tints the rows with errors", () => {
    const table = render({ rowHasErrors: (row) => row.state === "Vencido" });
    const tinted = [...table.matchAll(/<tr [^>]*>/g)].filter((match) => classTokens(match[0]).includes("bg-red-50/60"));
    expect(tinted).toHaveLength(1);
  });
});

describe("FileRowsTable", () => {
  type Line = { line: number; name: string; errors: string[] };
  const lines: Line[] = [
    { line: 2, name: "María López", errors: [] },
    { line: 3, name: "Juan Pérez", errors: ["CLABE: Ingresa una CLABE válida"] },
  ];
  const html = renderToString(
    <FileRowsTable
      rows={lines}
      columns={[{ key: "name", header: "Destinatario", phone: { order: 2, wide: true }, cell: (row) => row.name }]}
      caption="Filas del archivo"
      lineLabel="Fila"
    />,
  );

  it("leads each row with its number as the row header, read 'Fila N' on a phone", () => {
    expect([...html.matchAll(/<th scope="col"[^>]*>(.*?)<\/th>/g)].map((match) => match[1])).toEqual(["Fila", "Destinatario"]);
    expect(html).toMatch(/<th scope="row" class="[^"]*max-md:order-1[^"]*"><span class="md:hidden">Fila <\/span>3<\/th>/);
  });

  it("tints only the rows with errors, and keeps them in the frame between lines", () => {
    const rowTags = [...html.matchAll(/<tr class="[^"]*"/g)].map((match) => match[0]);
    expect(rowTags.map((tag) => tag.includes("bg-red-50/60"))).toEqual([false, true]);
    expect(rowTags.every((tag) => !tag.includes("max-md:rounded-xl"))).toBe(true);
  });
});
