import { renderToStaticMarkup } from "react-dom/server";

import { formatSentenceDateTime } from "#core/domain/dates";
import { BANXICO_CEP_URL } from "#core/domain/payment-proof";
import common from "#core/locales/es-MX/common.json";
import texts from "#core/locales/es-MX/history.json";

import type { ReceiptData } from "../history/view";

/**
 * The 'Comprobante {product}' as an HTML page for Chromium to print on one US Letter sheet:
 * rendered here, on the server, from the receipt data alone. Inline CSS and system fonts; the
 * page's CSP forbids every fetch, so printing never touches the network.
 */
const CSS = `
@page { size: letter; margin: 0.55in 0.6in; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { font-family: "Liberation Sans", Arial, Helvetica, sans-serif; color: #0f172a; font-size: 11pt; line-height: 1.35; }
header { display: flex; justify-content: space-between; align-items: flex-end; border-bottom: 3px solid #1a5fd0; padding-bottom: 10pt; }
.brand { font-size: 22pt; font-weight: 700; color: #1a5fd0; letter-spacing: 1pt; }
h1 { font-size: 15pt; margin: 0; }
.company { font-size: 10pt; color: #475569; margin-top: 2pt; }
.total { margin: 18pt 0 8pt; padding: 12pt 14pt; background: #eef6ff; border-radius: 6pt; display: flex; justify-content: space-between; align-items: baseline; }
.total span { font-size: 10pt; color: #154ca6; text-transform: uppercase; letter-spacing: 0.5pt; }
.total strong { font-size: 18pt; }
table { width: 100%; border-collapse: collapse; margin-top: 6pt; }
th, td { text-align: left; padding: 6pt 4pt; border-bottom: 1px solid #e2e8f0; vertical-align: top; }
th { width: 38%; font-weight: 400; color: #475569; font-size: 10pt; }
td { font-weight: 600; }
h2 { font-size: 10.5pt; margin: 10pt 0 0; }
.cep th, .cep td { padding: 3pt 4pt; font-size: 9.5pt; }
.cep th { width: 18%; }
section p { font-size: 9pt; color: #475569; margin: 6pt 0 0; }
footer { margin-top: 18pt; font-size: 8.5pt; color: #64748b; }
`;

const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");
}

function lookup(key: string): string {
  const value = key
    .split(".")
    .reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), texts);
  return typeof value === "string" ? value : key;
}

/** The CEP's six data two to a line, so a SPEI's receipt still fits one page. */
function pairs<T>(items: readonly T[]): T[][] {
  return Array.from({ length: Math.ceil(items.length / 2) }, (_, index) => items.slice(index * 2, index * 2 + 2));
}

function Receipt({ data, issuedAt }: { data: ReceiptData; issuedAt: string }) {
  const product = common.product.name;
  const r = texts.receipt;
  const rows: Array<[string, string | null]> = [
    [r.operationId, data.operationId],
    [r.type, texts.type[data.kind]],
    [r.status, lookup(data.statusLabelKey)],
    [r.date, data.date],
    [r.folio, data.folio],
    [r.reference, data.reference ?? texts.detail.noReference],
    [r.trackingKey, data.proof?.rail === "spei" ? data.proof.trackingKey : null],
    [r.bankOrigin, data.bankOrigin],
    [r.withdrawalAccount, data.withdrawalAccount],
    [r.bankDestination, data.bankDestination],
    [r.destinyAccount, data.destinyAccount],
    [r.pair, data.pair],
    [r.exchangeType, data.exchangeType],
    [r.provider, data.provider],
    [r.amount, data.amount],
    [r.fee, data.fee],
    [r.paymentReason, data.paymentReason],
    [r.concept, data.concept],
  ];
  return (
    <html lang="es-MX">
      <head>
        <meta charSet="utf-8" />
        <meta httpEquiv="Content-Security-Policy" content={CSP} />
        <title>{`${r.title} ${data.operationId}`}</title>
        <style dangerouslySetInnerHTML={{ __html: CSS }} />
      </head>
      <body>
        <header>
          <div>
            <h1>{r.title}</h1>
            <div className="company">
              {r.company}: {data.companyName}
            </div>
          </div>
          <div className="brand">{product}</div>
        </header>
        <div className="total">
          <span>{r.total}</span>
          <strong>{data.total}</strong>
        </div>
        <table>
          <tbody>
            {rows
              .filter((row): row is [string, string] => row[1] !== null && row[1] !== "")
              .map(([label, value]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{value}</td>
                </tr>
              ))}
          </tbody>
        </table>
        {data.proof?.rail === "spei" ? (
          <section>
            <h2>{r.cepTitle}</h2>
            <table className="cep">
              <tbody>
                {pairs(data.proof.cep).map((row) => (
                  <tr key={row[0].key}>
                    {row.map((field) => [
                      <th key={`${field.key}-label`} scope="row">
                        {texts.proof.cep[field.key]}
                      </th>,
                      <td key={field.key}>{field.text}</td>,
                    ])}
                  </tr>
                ))}
              </tbody>
            </table>
            <p>{fill(r.cepLegend, { url: BANXICO_CEP_URL })}</p>
          </section>
        ) : null}
        <footer>
          <p>{fill(r.issued, { product, date: issuedAt })}</p>
          <p>{r.legend}</p>
        </footer>
      </body>
    </html>
  );
}

export function receiptHtml(data: ReceiptData, issuedAt: Date = new Date()): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<Receipt data={data} issuedAt={formatSentenceDateTime(issuedAt)} />)}`;
}
