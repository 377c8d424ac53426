import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { mexicoDate } from "#core/domain/dates";
import { attachmentName } from "#core/domain/spreadsheet";
import { withoutParams } from "#core/url";
import { spreadsheetResponse } from "#server/accounts/export.server";
import { portfolioCsv, portfolioXlsx } from "#server/portfolio/export.server";
import { loadPortfolio, readPortfolioFilters } from "#server/portfolio/portfolio.server";
import { accessKey, enforceRate } from "#server/rate-limit.server";
import { downloadFailed } from "#server/session/download-failed.server";
import { requirePro } from "#server/session/membership.server";
import { serverT } from "~/i18n.server";

/**
 * The portfolio as a file (/portafolio/exportar?formato=csv|xlsx and the screen's filters): the
 * same filters, operations and figures as the screen. Pro only, as the screen (decision 046).
 * Filters that do not parse go back to the screen, which shows their messages; an upstream that
 * cannot answer goes back with the §8 download error as a toast.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await requirePro(request, context, "portfolio", { budget: "download" });
  await enforceRate("export", accessKey(access));
  const url = new URL(request.url);
  const back = withoutParams(`/portafolio${url.search}`, ["formato"]);
  const format = url.searchParams.get("formato") === "xlsx" ? "xlsx" : "csv";
  const read = readPortfolioFilters(url, mexicoDate());
  if (!read.ok) throw redirect(back);
  const data = await loadPortfolio(access, read.period);
  if (!data) return downloadFailed(request, back);
  const t = serverT("portfolio");
  const { period } = read;
  const name = attachmentName(
    t("export.fileName", { type: t(`type.${period.kind}`), pair: period.pair.replace("/", ""), from: period.from, to: period.to }),
    format,
  );
  const file = { period, operations: data.operations, figures: data.figures };
  const body = format === "xlsx" ? await portfolioXlsx(file) : portfolioCsv(file);
  context.log.info({ event: "portfolio_exported", format, operations: data.figures.count }, "portfolio exported");
  return spreadsheetResponse(body, format, name);
}
