import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { type ResponsiveColumn, ResponsiveList } from "./ResponsiveList";

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
