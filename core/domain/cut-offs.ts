import { displayCurrency } from "../money";
import { mexicoCity } from "./dates";
import { addDays, payableOn } from "./schedule-dates";

/**
 * When a payment made today still leaves today (§4 Market and connectivity, Mexico City time;
 * decision 063): pesos go by SPEI and dollars by SPID (national payment systems), other currencies
 * by OPI (international payment orders). §4 closes SPID at 17:00 and OPI at 16:55; it gives SPEI
 * no hour of its own, so SPEI takes §4's other reading of the bank's day, which closes at 17:00.
 * A payment of today made after its cut-off is sent on the next working day.
 */
export type Rail = "SPEI" | "SPID" | "OPI";

export const CUT_OFF: Record<Rail, { hour: number; minute: number; label: string }> = {
  SPEI: { hour: 17, minute: 0, label: "17:00" },
  SPID: { hour: 17, minute: 0, label: "17:00" },
  OPI: { hour: 16, minute: 55, label: "16:55" },
};

export function railOf(currency: string): Rail {
  const code = displayCurrency(currency.toUpperCase());
  if (code === "MXN") return "SPEI";
  if (code === "USD") return "SPID";
  return "OPI";
}

export interface CutOff {
  currency: string;
  rail: Rail;
  /** "17:00". */
  cutOff: string;
  /** Today after the cut-off, or today not a working day: the money leaves on `sendsOn`. */
  passed: boolean;
  /** The working day a payment of `date` made now leaves the bank. */
  sendsOn: string;
}

/**
 * For a day of the planner and a currency: its rail and cut-off, and, for today, whether the
 * cut-off has passed at `now` (then the payment leaves on the next working day). Past days have
 * nothing to send on time (their unpaid payments are overdue); later days leave on their own
 * working day.
 */
export function cutOffFor(date: string, currency: string, now: number, holidays: ReadonlySet<string>): CutOff {
  const rail = railOf(currency);
  const { hour, minute, label } = CUT_OFF[rail];
  const local = mexicoCity(now);
  const today = local.format("YYYY-MM-DD");
  const late = local.hour() * 60 + local.minute() >= hour * 60 + minute;
  const base = { currency: displayCurrency(currency.toUpperCase()), rail, cutOff: label };
  if (date === today && late) return { ...base, passed: true, sendsOn: payableOn(addDays(today, 1), holidays) };
  const sendsOn = payableOn(date, holidays);
  return { ...base, passed: date === today && sendsOn !== today, sendsOn };
}
