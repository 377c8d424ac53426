// What app/routes/portafolio.tsx's loader and action use of server-only code (decision 077): the browser build leaves this out.
export { json } from "@remix-run/node";
export { loadPortfolio, portfolioPairs, readPortfolioFilters } from "#server/portfolio/portfolio.server";
export { requirePro } from "#server/session/membership.server";
