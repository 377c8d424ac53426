import { describe, expect, it } from "vitest";

import {
  agendaDays,
  askedMonthInvalid,
  balancesByCurrency,
  carriesEarlierOverdue,
  coverageByDay,
  dailyOutflows,
  dayInMonth,
  dueOrOverdue,
  earlierOverdueByCurrency,
  monthGrid,
  nextWorkingDay,
  outflowsByCurrency,
  paymentsMovedTo,
  type PlannedPayment,
  plannerMonth,
  plannerState,
  type ScheduleDebt,
  shiftMonth,
  shortfall,
  stillToPay,
  totalsByDay,
  unshowableMonth,
} from "./payment-planner";

describe("plannerMonth", () => {
  it("takes the month and year of the GET form", () => {
    expect(plannerMonth(new URLSearchParams("mes=2&anio=2028"), "2026-11-25")).toEqual({ year: 2028, month: 2 });
  });
  it("takes today's year when only the month is given, and today's month when only the year is", () => {
    expect(plannerMonth(new URLSearchParams("mes=5"), "2026-11-25")).toEqual({ year: 2026, month: 5 });
    expect(plannerMonth(new URLSearchParams("anio=2027"), "2026-11-25")).toEqual({ year: 2027, month: 11 });
  });
  it.each(["", "mes=13&anio=2026", "mes=0&anio=2026", "mes=5&anio=1999", "mes=abc&anio=2026", "mes=1.5&anio=2026", "mes=&anio=2026"])(
    "falls back to today's month for %j",
    (query) => {
      expect(plannerMonth(new URLSearchParams(query), "2026-11-25")).toEqual({ year: 2026, month: 11 });
    },
  );
});

describe("askedMonthInvalid", () => {
  it("is false when nothing is asked or the month can be shown", () => {
    expect(askedMonthInvalid(new URLSearchParams(""))).toBe(false);
    expect(askedMonthInvalid(new URLSearchParams("mes=2&anio=2028"))).toBe(false);
    expect(askedMonthInvalid(new URLSearchParams("dia=2026-11-30"))).toBe(false);
  });
  it.each(["mes=13&anio=2026", "mes=0", "anio=1999", "mes=abc"])("is true for %j", (query) => {
    expect(askedMonthInvalid(new URLSearchParams(query))).toBe(true);
  });
});

describe("unshowableMonth", () => {
  const of = (query: string) => unshowableMonth(new URLSearchParams(query));
  it("names the month asked, else the year, as typed", () => {
    expect(of("mes=13&anio=2026")).toEqual({ part: "month", asked: "13" });
    expect(of("mes=13&anio=1999")).toEqual({ part: "month", asked: "13" });
    expect(of("mes=5&anio=1999")).toEqual({ part: "year", asked: "1999" });
    expect(of(`mes=${"x".repeat(40)}`)).toEqual({ part: "month", asked: "x".repeat(12) });
  });
  it("says nothing of what is empty, and is null when the month can be shown", () => {
    expect(of("mes=&anio=2026")).toEqual({ part: "other", asked: "" });
    expect(of("mes=2&anio=2028")).toBeNull();
    expect(of("")).toBeNull();
  });
});

describe("shiftMonth", () => {
  it("crosses year ends both ways", () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
  });
});

describe("monthGrid", () => {
  it("lays November 2026 out in weeks from Monday, padded with October and December", () => {
    const weeks = monthGrid({ year: 2026, month: 11 });
    // 1 Nov 2026 is a Sunday: the first week starts on Monday 26 Oct.
    expect(weeks[0][0]).toEqual({ date: "2026-10-26", inMonth: false, weekend: false });
    expect(weeks[0][6]).toEqual({ date: "2026-11-01", inMonth: true, weekend: true });
    expect(weeks.at(-1)!.at(-1)!.date).toBe("2026-12-06");
    expect(weeks).toHaveLength(6);
    expect(weeks.flat().filter((day) => day.inMonth)).toHaveLength(30);
  });
  it("has exactly four weeks for a February starting on Monday", () => {
    const weeks = monthGrid({ year: 2027, month: 2 });
    expect(weeks).toHaveLength(4);
    expect(weeks[0][0].date).toBe("2027-02-01");
    expect(weeks[3][6].date).toBe("2027-02-28");
  });
  it("includes 29 February in a leap year", () => {
    expect(
      monthGrid({ year: 2028, month: 2 })
        .flat()
        .some((day) => day.date === "2028-02-29" && day.inMonth),
    ).toBe(true);
  });
});

describe("dayInMonth", () => {
  const november = { year: 2026, month: 11 };
  it("accepts a real day of the shown month", () => expect(dayInMonth("2026-11-30", november)).toBe("2026-11-30"));
  it.each([null, "", "2026-11-31", "2026-12-01", "2026-11-5", "<script>"])("refuses %j", (value) =>
    expect(dayInMonth(value, november)).toBeNull(),
  );
});

const payments: PlannedPayment[] = [
  { dateToPay: "2026-11-20", status: "paid", amount: 12500, currency: "MXN" },
  { dateToPay: "2026-11-20", status: "pending", amount: 85000, currency: "MXN" },
  { dateToPay: "2026-11-25", status: "scheduled", amount: 12500, currency: "MXP" },
  { dateToPay: "2026-11-25", status: "scheduled", amount: 0.1, currency: "USD" },
  { dateToPay: "2026-11-25", status: "scheduled", amount: 0.2, currency: "USD" },
  { dateToPay: "2026-11-27", status: "scheduled", amount: 4800, currency: "USD" },
];
/** A passed payment the bank still lists unpaid while an operation made for it waits for its key. */
const inProcess: PlannedPayment = {
  dateToPay: "2026-11-23",
  status: "pending",
  amount: 12500,
  currency: "MXN",
  operationInProgress: { id: "1257" },
};

describe("totalsByDay", () => {
  it("counts each status and adds the unpaid amounts per currency without float error", () => {
    const totals = totalsByDay(payments);
    expect(totals.get("2026-11-20")).toEqual({
      counts: { scheduled: 0, pending: 1, paid: 1 },
      inProgress: 0,
      due: { MXN: "85000.00" },
      inProgressDue: {},
    });
    expect(totals.get("2026-11-25")).toEqual({
      counts: { scheduled: 3, pending: 0, paid: 0 },
      inProgress: 0,
      due: { MXN: "12500.00", USD: "0.30" },
      inProgressDue: {},
    });
    expect(totals.has("2026-11-21")).toBe(false);
  });
  it("keeps a payment an operation already pays out of the day's due amount and its overdue count", () => {
    const totals = totalsByDay([...payments, { ...inProcess }]);
    expect(totals.get("2026-11-23")).toEqual({
      counts: { scheduled: 0, pending: 0, paid: 0 },
      inProgress: 1,
      due: {},
      inProgressDue: { MXN: "12500.00" },
    });
  });
});

describe("plannerState and stillToPay", () => {
  it("reads 'En proceso', not 'Vencido', for a passed unpaid payment an operation already pays, and leaves it out of 'Por pagar'", () => {
    expect(plannerState(inProcess, "2026-11-30")).toBe("inProgress");
    expect(stillToPay(inProcess)).toBe(false);
  });
  it("keeps the payment states otherwise", () => {
    const overdue: PlannedPayment = { ...inProcess, operationInProgress: null };
    expect(plannerState(overdue, "2026-11-30")).toBe("overdue");
    expect(stillToPay(overdue)).toBe(true);
    expect(plannerState({ ...inProcess, dateToPay: "2026-12-07", status: "scheduled", operationInProgress: null }, "2026-11-30")).toBe(
      "scheduled",
    );
    // A paid payment whose operation record lingers is paid, and owes nothing.
    expect(plannerState({ ...inProcess, status: "paid" }, "2026-11-30")).toBe("paid");
    expect(stillToPay({ ...inProcess, status: "paid" })).toBe(false);
  });
});

describe("balancesByCurrency", () => {
  it("adds the accounts of each currency, MXP as MXN", () => {
    expect(
      balancesByCurrency([
        { currency: "MXN", balance: 100.1 },
        { currency: "MXP", balance: 0.2 },
        { currency: "USD", balance: 5000 },
      ]),
    ).toEqual({ MXN: "100.30", USD: "5000.00" });
  });
});

describe("coverageByDay", () => {
  const totals = totalsByDay(payments);
  it("counts the month's overdue payments today and flags the day the balances cannot cover", () => {
    const coverage = coverageByDay(totals, { MXN: "97500.00", USD: "4800.00" }, "2026-11-25");
    expect(coverage.has("2026-11-20")).toBe(false);
    expect(coverage.get("2026-11-25")).toEqual([
      {
        currency: "MXN",
        due: "12500.00",
        cumulative: "97500.00",
        carried: null,
        before: "85000.00",
        beforeOverdue: true,
        available: "97500.00",
        short: false,
      },
      {
        currency: "USD",
        due: "0.30",
        cumulative: "0.30",
        carried: null,
        before: null,
        beforeOverdue: true,
        available: "4800.00",
        short: false,
      },
    ]);
    // 0.30 + 4,800 USD from today to the 27th against 4,800 USD: short by 0.30.
    expect(coverage.get("2026-11-27")).toEqual([
      {
        currency: "USD",
        due: "4800.00",
        cumulative: "4800.30",
        carried: null,
        before: "0.30",
        beforeOverdue: false,
        available: "4800.00",
        short: true,
      },
    ]);
  });
  it("flags a currency the company holds no account in", () => {
    const coverage = coverageByDay(totals, { MXN: "1000000.00" }, "2026-11-26");
    expect(coverage.get("2026-11-27")).toEqual([
      {
        currency: "USD",
        due: "4800.00",
        cumulative: "4800.30",
        carried: null,
        before: "0.30",
        beforeOverdue: false,
        available: "0.00",
        short: true,
      },
    ]);
  });
  it("counts what is carried from earlier months from today on", () => {
    const coverage = coverageByDay(totals, { MXN: "150000.00", USD: "10000" }, "2026-11-25", { MXN: "85000.00" });
    expect(coverage.get("2026-11-25")![0]).toEqual({
      currency: "MXN",
      due: "12500.00",
      cumulative: "182500.00",
      carried: "85000.00",
      before: "85000.00",
      beforeOverdue: true,
      available: "150000.00",
      short: true,
    });
  });
  it("names what is carried only in its own currency", () => {
    const coverage = coverageByDay(totals, { MXN: "150000.00", USD: "10000" }, "2026-11-25", { MXN: "85000.00", USD: "0.00" });
    expect(coverage.get("2026-11-25")!.map((row) => row.carried)).toEqual(["85000.00", null]);
  });
  it("flags today when one cent is missing", () => {
    const coverage = coverageByDay(totals, { MXN: "97499.99", USD: "10000" }, "2026-11-25");
    expect(coverage.get("2026-11-25")![0].short).toBe(true);
  });
});

describe("outflowsByCurrency", () => {
  it("splits the month's payments into paid and unpaid per currency", () => {
    expect(outflowsByCurrency(payments)).toEqual([
      { currency: "MXN", paid: "12500.00", unpaid: "97500.00", inProgress: "0.00", earlierOverdue: "0.00", owed: "97500.00" },
      { currency: "USD", paid: "0.00", unpaid: "4800.30", inProgress: "0.00", earlierOverdue: "0.00", owed: "4800.30" },
    ]);
  });
  it("counts a payment an operation already pays apart, never in 'Por pagar'", () => {
    expect(outflowsByCurrency([...payments, inProcess])[0]).toEqual({
      currency: "MXN",
      paid: "12500.00",
      unpaid: "97500.00",
      inProgress: "12500.00",
      earlierOverdue: "0.00",
      owed: "97500.00",
    });
  });
  it("adds the earlier months' overdue payments apart, to what the balance has to cover, even in a currency of none this month", () => {
    expect(outflowsByCurrency(payments, { MXN: "85000.00", EUR: "10.00" })).toEqual([
      { currency: "EUR", paid: "0.00", unpaid: "0.00", inProgress: "0.00", earlierOverdue: "10.00", owed: "10.00" },
      { currency: "MXN", paid: "12500.00", unpaid: "97500.00", inProgress: "0.00", earlierOverdue: "85000.00", owed: "182500.00" },
      { currency: "USD", paid: "0.00", unpaid: "4800.30", inProgress: "0.00", earlierOverdue: "0.00", owed: "4800.30" },
    ]);
  });
});

describe("earlierOverdueByCurrency", () => {
  const november = { year: 2026, month: 11 };
  // Telas Monterrey's monthly rent: 26/10 and 26/11 passed unpaid (the bank counts 2).
  const rent: ScheduleDebt = {
    id: "2",
    amount: 85000,
    currency: "MXN",
    nextEvent: { dateToPay: "2026-10-26", status: "pending", operationInProgress: null },
    events: { pending: 2 },
  };
  const rentInNovember = [{ scheduledPaymentId: "2", dateToPay: "2026-11-26", status: "pending" as const }];
  // A weekly one whose only overdue payment is this month's.
  const weekly: ScheduleDebt = {
    id: "1",
    amount: 12500,
    currency: "MXN",
    nextEvent: { dateToPay: "2026-11-23", status: "pending", operationInProgress: null },
    events: { pending: 1 },
  };
  const dollars: ScheduleDebt = {
    id: "3",
    amount: 4800.3,
    currency: "USD",
    nextEvent: { dateToPay: "2026-09-30", status: "scheduled", operationInProgress: null },
    events: { pending: 0 },
  };

  it("sums per currency what is overdue since before the month, less the month's own overdue payments", () => {
    expect(earlierOverdueByCurrency([rent, weekly, dollars], rentInNovember, november, "2026-11-30")).toEqual({
      MXN: "85000.00",
      // The bank had not turned it pending yet: overdue all the same (decision 119), one payment.
      USD: "4800.30",
    });
  });
  it("counts every overdue payment for a month ahead, this month's too", () => {
    expect(earlierOverdueByCurrency([rent, weekly], [], { year: 2026, month: 12 }, "2026-11-30")).toEqual({ MXN: "182500.00" });
  });
  it("is empty for a past month, which shows what it was", () => {
    expect(earlierOverdueByCurrency([rent], [], { year: 2026, month: 10 }, "2026-11-30")).toEqual({});
    expect(carriesEarlierOverdue({ year: 2026, month: 10 }, "2026-11-30")).toBe(false);
    expect(carriesEarlierOverdue({ year: 2026, month: 11 }, "2026-11-30")).toBe(true);
  });
  it("leaves out the earliest payment while an operation pays it", () => {
    const paying = { ...rent, nextEvent: { ...rent.nextEvent!, operationInProgress: { id: "1257" } } };
    expect(earlierOverdueByCurrency([paying], rentInNovember, november, "2026-11-30")).toEqual({});
    expect(earlierOverdueByCurrency([paying], [], { year: 2026, month: 12 }, "2026-11-30")).toEqual({ MXN: "85000.00" });
  });
  it("owes nothing for a schedule whose earliest unpaid payment is ahead or paid", () => {
    const ahead = { ...rent, nextEvent: { dateToPay: "2026-12-26", status: "scheduled" as const }, events: { pending: 0 } };
    expect(earlierOverdueByCurrency([ahead, { ...rent, nextEvent: null }], [], november, "2026-11-30")).toEqual({});
  });
});

describe("shortfall", () => {
  it("is null when the balance covers what is still to pay, to the cent", () => {
    expect(shortfall("97500.00", "97500.00")).toBeNull();
    expect(shortfall("0.00", "0.00")).toBeNull();
  });
  it("names what is missing", () => {
    expect(shortfall("4800.30", "4800.00")).toBe("0.30");
    expect(shortfall("110000.00", "0.00")).toBe("110000.00");
  });
});

describe("nextWorkingDay", () => {
  it("skips the weekend and a Monday holiday", () => {
    // Friday 13 Nov 2026 → Monday 16 is a holiday → Tuesday 17.
    expect(nextWorkingDay("2026-11-13", new Set(["2026-11-16"]))).toBe("2026-11-17");
  });
  it("crosses a year end", () => {
    expect(nextWorkingDay("2026-12-31", new Set(["2027-01-01"]))).toBe("2027-01-04");
  });
});

describe("paymentsMovedTo", () => {
  const holidays = new Set(["2026-11-16"]);
  it("names the next working day of a holiday that has payments", () => {
    expect(paymentsMovedTo("2026-11-16", 1, holidays)).toBe("2026-11-17");
  });
  it("says nothing for a holiday without payments, or a working day", () => {
    expect(paymentsMovedTo("2026-11-16", 0, holidays)).toBeNull();
    expect(paymentsMovedTo("2026-11-17", 2, holidays)).toBeNull();
  });
});

describe("agendaDays", () => {
  const day = (date: string, total: number, overdue = 0, inProgress = 0) => ({ date, total, counts: { overdue, inProgress } });
  it("keeps only the days with payments: overdue, in process, today, ahead, then the settled past days apart", () => {
    const days = [
      day("2026-11-02", 0),
      day("2026-11-03", 1),
      day("2026-11-09", 1),
      day("2026-11-16", 0),
      day("2026-11-23", 1, 0, 1),
      day("2026-11-25", 1, 1),
      day("2026-11-26", 2, 1),
      day("2026-11-30", 1),
      day("2026-12-01", 1),
    ];
    const agenda = agendaDays(days, "2026-11-30");
    expect(agenda.open.map((entry) => entry.date)).toEqual(["2026-11-25", "2026-11-26", "2026-11-23", "2026-11-30", "2026-12-01"]);
    expect(agenda.settled.map((entry) => entry.date)).toEqual(["2026-11-03", "2026-11-09"]);
  });
});

describe("dailyOutflows", () => {
  it("sums each day of the month per currency, paid and unpaid apart, with every day present", () => {
    const february = dailyOutflows(
      [
        { dateToPay: "2028-02-01", status: "paid", amount: 100.1, currency: "MXN" },
        { dateToPay: "2028-02-01", status: "scheduled", amount: 0.2, currency: "MXP" },
        { dateToPay: "2028-02-29", status: "pending", amount: 50, currency: "USD" },
        { dateToPay: "2028-03-01", status: "scheduled", amount: 999, currency: "USD" },
      ],
      { year: 2028, month: 2 },
    );
    expect(february.map((row) => row.currency)).toEqual(["MXN", "USD"]);
    expect(february[0].days).toHaveLength(29);
    expect(february[0].days[0]).toEqual({ date: "2028-02-01", paid: "100.10", inProgress: "0.00", unpaid: "0.20", total: "100.30" });
    expect(february[1].days[28]).toEqual({ date: "2028-02-29", paid: "0.00", inProgress: "0.00", unpaid: "50.00", total: "50.00" });
  });
  it("keeps a payment an operation already pays out of 'Por pagar', as the month's summary does, and in the day's total", () => {
    const november = dailyOutflows(
      [
        { dateToPay: "2026-11-23", status: "pending", amount: 12_500, currency: "MXN", operationInProgress: { id: "1257" } },
        { dateToPay: "2026-11-23", status: "pending", amount: 100, currency: "MXN" },
        { dateToPay: "2026-11-30", status: "scheduled", amount: 12_500, currency: "MXN" },
      ],
      { year: 2026, month: 11 },
    );
    expect(november[0].days[22]).toEqual({ date: "2026-11-23", paid: "0.00", inProgress: "12500.00", unpaid: "100.00", total: "12600.00" });
    const unpaid = november[0].days.reduce((sum, day) => sum + Number(day.unpaid), 0);
    const summary = outflowsByCurrency([
      { dateToPay: "2026-11-23", status: "pending", amount: 12_500, currency: "MXN", operationInProgress: { id: "1257" } },
      { dateToPay: "2026-11-23", status: "pending", amount: 100, currency: "MXN" },
      { dateToPay: "2026-11-30", status: "scheduled", amount: 12_500, currency: "MXN" },
    ]);
    expect(unpaid.toFixed(2)).toBe(summary[0].unpaid);
  });
});

describe("dueOrOverdue", () => {
  it("keeps unpaid payments due today or before, oldest first", () => {
    const payments = [
      { id: "a", dateToPay: "2026-11-26", status: "scheduled" as const },
      { id: "b", dateToPay: "2026-11-19", status: "pending" as const },
      { id: "c", dateToPay: "2026-11-27", status: "scheduled" as const },
      { id: "d", dateToPay: "2026-11-20", status: "paid" as const },
    ];
    expect(dueOrOverdue(payments, "2026-11-26").map((payment) => payment.id)).toEqual(["b", "a"]);
    expect(dueOrOverdue(payments, "2026-11-18")).toEqual([]);
  });
});
