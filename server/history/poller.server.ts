import { afterCheck, isCheckDue, isPolled, statusCheckFor } from "#core/domain/operation-polling";

import { singleton } from "../lifecycle.server";
import type { Logger } from "../logger.server";
import type { HistoryOperation, OperationsClient } from "../upstream/operations.server";

/**
 * §4 Polling on the server. The browser does not poll the bank: whenever the history or an
 * operation's drawer is rendered, the pending operations on it (applying, appliedNoReceipt) whose
 * last check is 120 s old or more are checked with the upstream, in parallel, before the page is
 * answered; a changed status makes the caller reload its data. The page itself asks again every
 * 120 s while it shows pending operations (a revalidation with JS, a meta refresh without).
 *
 * The last-check times are per process: with several instances an operation may be checked once
 * per instance per 120 s, which is harmless (a check is a read).
 */
const MAX_CHECKS_PER_PAGE = 10;
const CHECK_TIMEOUT_MS = 3_000;
const FORGET_AFTER_MS = 30 * 60_000;

function processCheckTimes(): Map<string, number> {
  return singleton("history-status-checks", () => new Map<string, number>());
}

function forgetOld(times: Map<string, number>, now: number): void {
  if (times.size < 5_000) return;
  for (const [key, at] of times) if (now - at > FORGET_AFTER_MS) times.delete(key);
}

export interface RecheckResult {
  /** Operations checked with the upstream now. */
  checked: number;
  /** Some status changed (or stays appliedNoReceipt): fetch the page's data again. */
  reload: boolean;
}

/**
 * Checks the due pending operations of one company. `client` should be one without retries and
 * with a short timeout: a slow check must not hold the page (the next view checks again).
 */
export async function recheckPending(
  client: Pick<OperationsClient, "checkStatus">,
  clientId: string,
  operations: readonly HistoryOperation[],
  log: Logger,
  options: { now?: number; times?: Map<string, number> } = {},
): Promise<RecheckResult> {
  const now = options.now ?? Date.now();
  const times = options.times ?? processCheckTimes();
  forgetOld(times, now);
  const due = operations
    .filter((operation) => isPolled(operation.status) && isCheckDue(times.get(`${clientId}:${operation.id}`), now))
    .flatMap((operation) => {
      const check = statusCheckFor(operation.operation, operation.responseChallenge);
      return check ? [{ operation, check }] : [];
    })
    .slice(0, MAX_CHECKS_PER_PAGE);
  // Marked before asking, so concurrent page views do not check the same operation twice.
  for (const { operation } of due) times.set(`${clientId}:${operation.id}`, now);

  const results = await Promise.allSettled(due.map(({ check }) => client.checkStatus(check, { timeoutMs: CHECK_TIMEOUT_MS })));
  let reload = false;
  results.forEach((result, index) => {
    const { operation } = due[index];
    if (result.status === "rejected") {
      log.warn(
        {
          event: "operation_check_failed",
          operationId: operation.id,
          err: result.reason instanceof Error ? result.reason.message : String(result.reason),
        },
        "status check failed",
      );
      return;
    }
    const outcome = afterCheck(operation.status, result.value.status);
    if (outcome.reload) reload = true;
    if (result.value.status !== operation.status) {
      log.info(
        { event: "operation_status_changed", operationId: operation.id, from: operation.status, to: result.value.status },
        "operation status changed",
      );
    }
  });
  return { checked: due.length, reload };
}
