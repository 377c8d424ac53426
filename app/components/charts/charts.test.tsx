import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";

import charts from "#core/locales/es-MX/charts.json";

import { RateChart } from "./RateChart";
import { Sparkline } from "./Sparkline";

/** The HTML a browser with JS off receives for `element`. */
async function serverHtml(element: ReactElement): Promise<string> {
  const handler = createStaticHandler([{ path: "*", element, handle: { namespaces: { charts } } }]);
  const context = await handler.query(new Request("http://portal.test/"));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const at = (iso: string) => Date.parse(iso);
const day = [
  { at: at("2026-11-25T06:00:00Z"), rate: 17.2 },
  { at: at("2026-11-25T12:00:00Z"), rate: 17.31 },
  { at: at("2026-11-25T18:07:00Z"), rate: 17.254321 },
];

describe("RateChart", () => {
  it("is a figure with its caption, an SVG line, es-MX axes in Mexico City time and its figures as a table", async () => {
    const html = await serverHtml(<RateChart pair="USD/MXN" range="1D" points={day} caption="USD/MXN hoy" from={day[0].at} />);
    expect(html).toMatch(/<figure[^>]*><figcaption[^>]*>USD\/MXN hoy<\/figcaption>/);
    expect(html).toMatch(
      /<svg[^>]*role="img"[^>]*aria-label="USD\/MXN, 1 día: de 17.200000 a 17.254321; máximo 17.310000, mínimo 17.200000."/,
    );
    expect(html).toContain('<path d="M0,');
    expect(html).toContain(">09:00<");
    expect(html).toContain("<caption>Cifras de la gráfica de USD/MXN (1 día)</caption>");
    expect(html).toContain('<th scope="row">12:07</th><td>17.254321</td>');
    // Without JavaScript nothing offers keys that would do nothing.
    expect(html).not.toContain("tabindex");
  });

  it("says so when there are no figures", async () => {
    const html = await serverHtml(<RateChart pair="USD/MXN" range="1A" points={[]} caption="USD/MXN, 1 año" />);
    expect(html).toContain("Sin datos de tipo de cambio para este periodo.");
    expect(html).not.toContain("<svg");
  });
});

describe("Sparkline", () => {
  it("is one image named by the day's figures, green when the day is up", async () => {
    const html = await serverHtml(<Sparkline pair="USD/MXN" points={day} />);
    expect(html).toContain('aria-label="USD/MXN hoy: abrió en 17.200000, va en 17.254321; máximo 17.310000, mínimo 17.200000."');
    expect(html).toContain("stroke-success");
  });
});
