import pino from "pino";
import { describe, expect, it, vi } from "vitest";

import type { HistoryOperation } from "../upstream/operations.server";
import { recheckPending } from "./poller.server";

const log = pino({ level: "silent" });

function operation(id: string, status: HistoryOperation["status"], kind: HistoryOperation["operation"] = "buy"): HistoryOperation {
  return {
    id,
    operation: kind,
    status,
    responseChallenge: kind === "transfer" ? { crf: `CRF${id}`, trk: `trk-${id}` } : { dil: `44${id}-1`, trk: `trk-${id}` },
  } as unknown as HistoryOperation;
}

describe("server-side re-check of pending operations (§4 Polling)", () => {
  it("checks only pending operations, by folio, and asks for a reload when one changed", async () => {
    const checkStatus = vi.fn(async (check: { kind: string }) => ({
      id: "x",
      status: check.kind === "fx" ? ("applied" as const) : ("applying" as const),
    }));
    const times = new Map<string, number>();
    const result = await recheckPending(
      { checkStatus },
      "100234",
      [operation("1", "applying"), operation("2", "applied"), operation("3", "applying", "transfer"), operation("4", "sent")],
      log,
      { now: 1_000_000, times },
    );
    expect(result).toEqual({ checked: 2, reload: true });
    expect(checkStatus.mock.calls.map(([check]) => check)).toEqual([
      { kind: "fx", idPortfolio: "441", idOperation: "1" },
      { kind: "transfer", corefolio: "CRF3" },
    ]);
    expect([...times.keys()].sort()).toEqual(["100234:1", "100234:3"]);
  });

  it("does not ask again within 120 s, and does again after", async () => {
    const checkStatus = vi.fn(async () => ({ id: "1", status: "applying" as const }));
    const times = new Map<string, number>();
    const pending = [operation("1", "applying")];
    await recheckPending({ checkStatus }, "c", pending, log, { now: 0, times });
    expect(await recheckPending({ checkStatus }, "c", pending, log, { now: 119_999, times })).toEqual({ checked: 0, reload: false });
    expect(await recheckPending({ checkStatus }, "c", pending, log, { now: 120_000, times })).toEqual({ checked: 1, reload: false });
    expect(checkStatus).toHaveBeenCalledTimes(2);
  });

  it("keeps companies apart", async () => {
    const checkStatus = vi.fn(async () => ({ id: "1", status: "applying" as const }));
    const times = new Map<string, number>();
    await recheckPending({ checkStatus }, "a", [operation("1", "applying")], log, { now: 0, times });
    await recheckPending({ checkStatus }, "b", [operation("1", "applying")], log, { now: 0, times });
    expect(checkStatus).toHaveBeenCalledTimes(2);
  });

  it("a failed check does not fail the page", async () => {
    const checkStatus = vi.fn(async () => {
      throw new Error("timeout");
    });
    await expect(recheckPending({ checkStatus }, "c", [operation("1", "applying")], log, { now: 0, times: new Map() })).resolves.toEqual({
      checked: 1,
      reload: false,
    });
  });

  it("checks at most 10 operations per page", async () => {
    const checkStatus = vi.fn(async () => ({ id: "1", status: "applying" as const }));
    const many = Array.from({ length: 15 }, (_, i) => operation(String(i + 1), "appliedNoReceipt"));
    const result = await recheckPending({ checkStatus }, "c", many, log, { now: 0, times: new Map() });
    expect(result.checked).toBe(10);
  });
});
