import { describe, expect, it } from "vitest";

import {
  type Leg,
  MOVEMENT_TYPES,
  operationLegs,
  post,
  postOperation,
  postReturn,
  returnLegs,
  SPEI_KEY_PREFIX,
  speiTrackingKey,
  toCents,
} from "./ledger";
import { balanceBooks, type BookDraft } from "./movements";
import { mulberry32 } from "./random";
import { createSeedState } from "./seed";
import type { OperationRecord, SandboxState } from "./types";

const NOW = new Date("2026-03-10T18:00:00.000Z");
const MOVED = new Set(["applied", "appliedNoReceipt", "fixappliedNoReceipt", "returned"]);

const signedCents = (movement: { flow: string; amount: number }) => (movement.flow === "IN" ? 1 : -1) * toCents(movement.amount);

/** Replays an account's movements in date order from its opening balance: the lowest balance met, and the last. */
function replay(state: SandboxState, idAccount: string): { lowest: number; last: number } {
  let running = toCents(state.ledger.openingBalances[idAccount]);
  let lowest = running;
  for (const movement of state.movements.filter((candidate) => candidate.idAccount === idAccount)) {
    running += signedCents(movement);
    lowest = Math.min(lowest, running);
  }
  return { lowest, last: running };
}

const account = (state: SandboxState, idAccount: string) => {
  const found = state.accounts.find((candidate) => candidate.idAccount === idAccount);
  if (!found) throw new Error(`no account ${idAccount}`);
  return found;
};

describe("balanceBooks", () => {
  it("keeps every balance at or above zero and closes on the target, whatever the movements (400 random books)", () => {
    const next = mulberry32(39);
    for (let round = 0; round < 400; round++) {
      const length = 3 + Math.floor(next() * 60);
      const drafts: BookDraft[] = Array.from({ length }, () => ({
        fixed: next() < 0.3,
        flow: next() < 0.5 ? "IN" : "OUT",
        cents: 1 + Math.floor(next() * 5_000_000),
      }));
      // The closing movements are free, and nothing fixed comes after them (as in the seed: today's two).
      drafts.push({ fixed: false, flow: "IN", cents: 100 }, { fixed: false, flow: "OUT", cents: 100 });
      const target = Math.floor(next() * 10_000_000);
      const { openingCents, settled } = balanceBooks(drafts, target);
      let running = openingCents;
      expect(openingCents).toBeGreaterThanOrEqual(0);
      settled.forEach((draft, index) => {
        running += draft.flow === "IN" ? draft.cents : -draft.cents;
        expect(running, `round ${round}, movement ${index}`).toBeGreaterThanOrEqual(0);
        expect(draft.cents).toBeGreaterThan(0);
        if (drafts[index].fixed) expect(draft).toEqual(drafts[index]);
        else if (index < settled.length - 2) expect(draft.cents).toBe(drafts[index].cents);
      });
      expect(running).toBe(target);
    }
  });

  it("refuses books that cannot exist: a fixed credit after the last free movement larger than the balance", () => {
    const drafts: BookDraft[] = [
      { fixed: false, flow: "IN", cents: 100 },
      { fixed: false, flow: "IN", cents: 100 },
      { fixed: true, flow: "IN", cents: 50_000 },
    ];
    expect(() => balanceBooks(drafts, 10_000)).toThrow("overdraw");
  });
});

describe("the seeded books", () => {
  it.each(["2026-03-10T18:00:00.000Z", "2026-12-01T06:00:00.900Z", "2027-02-28T23:59:00.000Z", "2028-07-04T15:30:00.000Z"])(
    "add up for every account from its opening balance, never below zero, seeded at %s",
    (iso) => {
      const state = createSeedState(new Date(iso));
      for (const { idAccount, balance } of state.accounts) {
        const { lowest, last } = replay(state, idAccount);
        expect(last, idAccount).toBe(toCents(balance));
        expect(lowest, idAccount).toBeGreaterThanOrEqual(0);
      }
    },
  );

  it("add up too for a long history (the export bench's), every SPEI with the day it left", () => {
    const state = createSeedState(NOW, { historyOperations: 1500 });
    const ana = state.operations.filter((operation) => operation.clientId === "100234");
    expect(ana).toHaveLength(1500);
    for (const { idAccount, balance } of state.accounts) {
      const { lowest, last } = replay(state, idAccount);
      expect(last, idAccount).toBe(toCents(balance));
      expect(lowest, idAccount).toBeGreaterThanOrEqual(0);
    }
    const spei = state.operations.filter((operation) => operation.speiTrackingKey);
    expect(spei.length).toBeGreaterThan(1);
    for (const operation of spei) expect(operation.speiSentAt, `${operation.id}`).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("carry the money of every seeded operation that moved it, once, and none of the others", () => {
    const state = createSeedState(NOW);
    const of = (operation: OperationRecord) => state.movements.filter((movement) => movement.operationId === operation.id);
    expect(state.operations.filter((operation) => MOVED.has(operation.status)).length).toBeGreaterThan(200);
    for (const operation of state.operations) {
      const movements = of(operation);
      if (!MOVED.has(operation.status)) {
        expect(movements, `${operation.id} ${operation.status}`).toEqual([]);
        expect(operation.balancesMoved).toBe(false);
        continue;
      }
      expect(operation.balancesMoved).toBe(true);
      const debits = movements.filter((movement) => movement.flow === "OUT" && movement.idAccount === operation.accountOrigin.idCuenta);
      expect(debits, `${operation.id}`).toHaveLength(1);
      const returns = movements.filter((movement) => movement.flow === "IN" && movement.idAccount === operation.accountOrigin.idCuenta);
      expect(returns, `${operation.id}`).toHaveLength(operation.status === "returned" ? 1 : 0);
    }
  });

  it("gives every seeded SPEI a clave de rastreo, on the operation and on its movements", () => {
    const state = createSeedState(NOW);
    const spei = state.movements.filter((movement) => movement.operationId !== null && movement.typeId === 40);
    expect(spei.length).toBeGreaterThan(10);
    for (const movement of spei) {
      const operation = state.operations.find((candidate) => candidate.id === movement.operationId);
      expect(movement.trackingKey).toMatch(/^FXN062\d{18}$/);
      expect(operation?.speiTrackingKey).toBe(movement.trackingKey);
    }
    // Nothing but SPEI and SPID movements carries a clave de rastreo.
    for (const movement of state.movements.filter((candidate) => candidate.trackingKey !== null)) {
      expect([40, 19, 44, 82, 84, 83]).toContain(movement.typeId);
    }
  });
});

describe("speiTrackingKey", () => {
  it("is the bank's prefix, the Mexico City day and a 10-digit sequence: at most 30 letters and digits", () => {
    // 05:30 UTC on 1 December is still 30 November in Mexico City.
    expect(speiTrackingKey(new Date("2026-12-01T05:30:00Z"), 1065)).toBe(`${SPEI_KEY_PREFIX}202611300000001065`);
    expect(speiTrackingKey(new Date("2026-12-01T06:30:00Z"), 1065)).toBe(`${SPEI_KEY_PREFIX}202612010000001065`);
    expect(speiTrackingKey(NOW, 98_765_432_109)).toMatch(/^[A-Z0-9]{1,30}$/);
  });
});

describe("the legs of an operation", () => {
  const state = createSeedState(NOW);
  const base = state.operations.find((operation) => operation.clientId === "100234") as OperationRecord;
  const operation = (changes: Partial<OperationRecord>): OperationRecord => ({ ...base, balancesMoved: false, ...changes });
  const types = (legs: Leg[] | null) =>
    legs?.map((leg) => [leg.account.idAccount, leg.typeId, MOVEMENT_TYPES[leg.typeId].flow, leg.amount]);

  it("a buy or sell: an FX charge of what is paid and an FX credit of what is received", () => {
    const buy = operation({
      operation: "buy",
      pair: "USD/MXN",
      amountOrigin: 1000,
      amountDestiny: 1000,
      total: 17234.5,
      accountOrigin: { idCuenta: "A-100234-01", idDivisa: "MXN" },
      accountDestiny: { idCuenta: "A-100234-02", idDivisa: "USD" },
      recipientId: null,
    });
    expect(types(operationLegs(state, buy))).toEqual([
      ["A-100234-01", 13, "OUT", 17234.5],
      ["A-100234-02", 14, "IN", 1000],
    ]);
    expect(types(returnLegs(state, buy))).toEqual([
      ["A-100234-02", 13, "OUT", 1000],
      ["A-100234-01", 14, "IN", 17234.5],
    ]);
  });

  it("a transfer to a third party: SPEI in pesos, abroad an international transfer; their returns", () => {
    const spei = operation({
      operation: "transfer",
      amountOrigin: 5000,
      accountOrigin: { idCuenta: "A-100234-01", idDivisa: "MXN" },
      accountDestiny: null,
      recipientId: 501,
    });
    expect(types(operationLegs(state, spei))).toEqual([["A-100234-01", 40, "OUT", 5000]]);
    expect(types(returnLegs(state, spei))).toEqual([["A-100234-01", 44, "IN", 5000]]);
    expect(operationLegs(state, spei)?.[0]).toMatchObject({ counterpartyName: "Proveedora Textil del Norte S.A. de C.V." });
    const abroad = { ...spei, accountOrigin: { idCuenta: "A-100234-02", idDivisa: "USD" }, recipientId: 503 };
    expect(types(operationLegs(state, abroad))).toEqual([["A-100234-02", 3, "OUT", 5000]]);
    expect(types(returnLegs(state, abroad))).toEqual([["A-100234-02", 60, "IN", 5000]]);
  });

  it("a dollar transfer to a national beneficiary leaves by SPID and comes back as a SPID return", () => {
    const recipients = state.recipients.map((recipient) =>
      recipient.idRecipient === 503 ? { ...recipient, typeOriginPerson: "NACIONAL" as const } : recipient,
    );
    const spid = operation({
      operation: "transfer",
      amountOrigin: 700,
      accountOrigin: { idCuenta: "A-100234-02", idDivisa: "USD" },
      accountDestiny: null,
      recipientId: 503,
    });
    expect(types(operationLegs({ ...state, recipients }, spid))).toEqual([["A-100234-02", 82, "OUT", 700]]);
    expect(types(returnLegs({ ...state, recipients }, spid))).toEqual([["A-100234-02", 83, "IN", 700]]);
  });

  it("a transfer between own accounts: a traspaso out and an abono in of the same amount", () => {
    const own = operation({
      clientId: "300501",
      operation: "transfer",
      amountOrigin: 2500,
      amountDestiny: 2500,
      accountOrigin: { idCuenta: "A-300501-01", idDivisa: "MXN" },
      accountDestiny: { idCuenta: "A-300501-02", idDivisa: "MXP" },
      recipientId: null,
    });
    expect(types(operationLegs(state, own))).toEqual([
      ["A-300501-01", 88, "OUT", 2500],
      ["A-300501-02", 73, "IN", 2500],
    ]);
  });

  it("has none when an account is not the operation's company's", () => {
    expect(operationLegs(state, operation({ accountOrigin: { idCuenta: "A-200115-01", idDivisa: "MXN" } }))).toBeNull();
  });
});

describe("post", () => {
  const leg = (state: SandboxState, idAccount: string, typeId: number, amount: number): Leg => ({
    account: account(state, idAccount),
    typeId,
    amount,
    concept: "Prueba",
    counterpartyName: "",
    counterpartyAccount: "",
  });
  const meta = { tag: "T1", operationId: null, reference: "R", trackingKey: null };

  it("moves every balance of the posting in whole cents and lists one movement per account", () => {
    const state = createSeedState(NOW);
    const before = state.movements.length;
    const legs = [leg(state, "A-100234-01", 13, 0.1), leg(state, "A-100234-02", 14, 0.2)];
    expect(post(state, "test:1", legs, NOW, meta)).toBe("posted");
    expect(account(state, "A-100234-01").balance).toBe(2458930.45);
    expect(account(state, "A-100234-02").balance).toBe(184250.3);
    expect(state.movements.slice(before).map((movement) => [movement.idAccount, movement.flow, movement.amount])).toEqual([
      ["A-100234-01", "OUT", 0.1],
      ["A-100234-02", "IN", 0.2],
    ]);
  });

  it("changes nothing when one leg would overdraw its account, or when the posting was already made", () => {
    const state = createSeedState(NOW);
    const before = { movements: state.movements.length, usd: account(state, "A-100234-02").balance };
    const legs = [leg(state, "A-100234-02", 14, 10), leg(state, "A-100234-03", 13, 1_000_000)];
    expect(post(state, "test:2", legs, NOW, meta)).toBe("refused");
    expect(account(state, "A-100234-02").balance).toBe(before.usd);
    expect(state.movements).toHaveLength(before.movements);

    expect(post(state, "test:3", [leg(state, "A-100234-02", 14, 10)], NOW, meta)).toBe("posted");
    expect(post(state, "test:3", [leg(state, "A-100234-02", 14, 10)], NOW, meta)).toBe("already");
    expect(account(state, "A-100234-02").balance).toBe(before.usd + 10);
  });

  it("posts an operation once, and its return once, only if its money moved", () => {
    const state = createSeedState(NOW);
    const waiting = state.operations.find((operation) => operation.status === "sent" && operation.operation === "transfer");
    if (!waiting) throw new Error("the seed has a transfer waiting");
    expect(postReturn(state, waiting, NOW)).toBe("not-moved");
    const balance = account(state, waiting.accountOrigin.idCuenta).balance;
    expect(postOperation(state, waiting, NOW)).toBe("posted");
    expect(postOperation(state, waiting, NOW)).toBe("already");
    expect(account(state, waiting.accountOrigin.idCuenta).balance).toBe((toCents(balance) - toCents(waiting.amountOrigin)) / 100);
    expect(waiting.referenceGFB).toMatch(/^GFB-20260310-\d{6}$/);
    expect(postReturn(state, waiting, NOW)).toBe("posted");
    expect(postReturn(state, waiting, NOW)).toBe("already");
    expect(account(state, waiting.accountOrigin.idCuenta).balance).toBe(balance);
  });
});
