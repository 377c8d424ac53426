import type { AppLoadContext } from "@remix-run/node";

import { getConfig } from "../config.server";
import type { Budget } from "./budget";
import { budgetFrom } from "./budget";
import type { CallContext } from "./index.server";

/**
 * The budget of the request being served (docs/decisions/027). Every loader of one request gets the
 * same load context, so they share one deadline: the arrival time plus the budget. A page has
 * UPSTREAM_BUDGET_MS; a download (movements export, receipt, invoice) is one person waiting for
 * one file, and has UPSTREAM_DOWNLOAD_BUDGET_MS.
 */
export type BudgetKind = "page" | "download";

export function requestBudget(context: AppLoadContext, kind: BudgetKind = "page"): Budget {
  const config = getConfig();
  const totalMs = kind === "download" ? config.UPSTREAM_DOWNLOAD_BUDGET_MS : config.UPSTREAM_BUDGET_MS;
  // A loader called directly (a test) has no arrival time: its budget starts now.
  return budgetFrom(context.receivedAt ?? performance.now(), totalMs);
}

/** The upstream call context of the request being served. */
export function callContext(request: Request, context: AppLoadContext, kind: BudgetKind = "page"): CallContext {
  return { log: context.log, signal: request.signal, budget: requestBudget(context, kind) };
}
