import { describe, expect, it } from "vitest";

import { closeToastPlan, marketStatus } from "./market";
import { marketNotice } from "./market-notice";

// Mexico City has no DST since 2022: UTC−6 all year.
const at = (iso: string) => new Date(`${iso}-06:00`);

describe("marketStatus", () => {
  it("opens OPI at 07:00 and closes it at 16:55 on weekdays", () => {
    expect(marketStatus(at("2026-11-23T06:59")).opi).toBe(2);
    expect(marketStatus(at("2026-11-23T07:00")).opi).toBe(1);
    expect(marketStatus(at("2026-11-23T16:54")).opi).toBe(1);
    expect(marketStatus(at("2026-11-23T16:55")).opi).toBe(2);
  });

  it("opens SPID 08:00 to 17:00", () => {
    expect(marketStatus(at("2026-11-23T07:59")).spid).toBe(2);
    expect(marketStatus(at("2026-11-23T08:00")).spid).toBe(1);
    expect(marketStatus(at("2026-11-23T16:59")).spid).toBe(1);
    expect(marketStatus(at("2026-11-23T17:00")).spid).toBe(2);
  });

  it("closes everything on weekends and holidays", () => {
    const saturday = marketStatus(at("2026-11-21T10:00"));
    expect(saturday).toMatchObject({ weekend: true, opi: 2, spid: 2, fxOpen: false });
    const holiday = marketStatus(at("2026-11-16T10:00"), ["2026-11-16"]);
    expect(holiday).toMatchObject({ holiday: true, weekend: false, opi: 2, fxOpen: false });
  });

  it("shows the close notice from 18:50, with a Friday variant", () => {
    expect(marketStatus(at("2026-11-23T18:49")).closeNotice).toBe("none");
    expect(marketStatus(at("2026-11-23T18:50")).closeNotice).toBe("weekday");
    expect(marketStatus(at("2026-11-27T19:00")).closeNotice).toBe("friday");
    expect(marketStatus(at("2026-11-28T19:00")).closeNotice).toBe("none");
  });

  it("puts the festive banner at 15:00 on Fridays, 16:30 otherwise", () => {
    expect(marketStatus(at("2026-11-27T10:00")).festiveBannerAt).toBe("15:00");
    expect(marketStatus(at("2026-11-26T10:00")).festiveBannerAt).toBe("16:30");
  });
});

describe("marketNotice", () => {
  const notice = (iso: string, holidays: string[] = []) => marketNotice(marketStatus(at(iso), holidays));

  it("says nothing while the FX market is open", () => {
    expect(notice("2026-11-23T10:00")).toBeNull();
  });

  it("puts a holiday before everything else, even on a weekend evening", () => {
    expect(notice("2026-11-23T10:00", ["2026-11-23"])).toBe("schedule.holiday");
    expect(notice("2026-11-28T19:00", ["2026-11-28"])).toBe("schedule.holiday");
  });

  it("shows the weekend before the close notice", () => {
    expect(notice("2026-11-28T19:00")).toBe("schedule.weekend");
    expect(notice("2026-11-29T10:00")).toBe("schedule.weekend");
  });

  it("shows the close notice from 18:50, with its Friday variant on Fridays", () => {
    expect(notice("2026-11-23T18:50")).toBe("schedule.closeNoticeWeekday");
    expect(notice("2026-11-27T18:50")).toBe("schedule.closeNoticeFriday");
  });

  it("says the market is closed outside hours before the close notice", () => {
    expect(notice("2026-11-23T06:59")).toBe("schedule.closedNow");
    expect(notice("2026-11-23T17:00")).toBe("schedule.closedNow");
    expect(notice("2026-11-23T18:49")).toBe("schedule.closedNow");
  });

  it("tells a transfer only of a holiday or the weekend, never of the FX market's close", () => {
    const transfer = (iso: string, holidays: string[] = []) => marketNotice(marketStatus(at(iso), holidays), "transfer");
    expect(transfer("2026-11-23T06:59")).toBeNull();
    expect(transfer("2026-11-23T18:50")).toBeNull();
    expect(transfer("2026-11-27T18:50")).toBeNull();
    expect(transfer("2026-11-28T19:00")).toBe("schedule.weekend");
    expect(transfer("2026-11-23T10:00", ["2026-11-23"])).toBe("schedule.holiday");
  });
});

describe("closeToastPlan", () => {
  it("tells the Monday–Thursday variant from 18:50 on a Thursday, not a minute before", () => {
    expect(closeToastPlan(at("2026-12-03T18:49:59"), null)).toEqual({ variant: null, day: "2026-12-03", dueInMs: 1_000 });
    expect(closeToastPlan(at("2026-12-03T18:50"), null)).toEqual({ variant: "weekday", day: "2026-12-03", dueInMs: null });
    expect(closeToastPlan(at("2026-12-03T23:59"), null).variant).toBe("weekday");
  });

  it("tells the Friday variant on Fridays", () => {
    expect(closeToastPlan(at("2026-12-04T18:55"), null).variant).toBe("friday");
  });

  it("tells it once a day: not again the day it was told, again the next working day", () => {
    expect(closeToastPlan(at("2026-12-03T19:30"), "2026-12-03")).toEqual({ variant: null, day: "2026-12-03", dueInMs: null });
    expect(closeToastPlan(at("2026-12-04T18:50"), "2026-12-03").variant).toBe("friday");
    // Told on Friday: Monday morning waits for Monday's 18:50.
    expect(closeToastPlan(at("2026-12-07T09:00"), "2026-12-04").dueInMs).toBe((9 * 60 + 50) * 60_000);
  });

  it("tells nothing at 18:45, and says how long until 18:50 for a page left open", () => {
    expect(closeToastPlan(at("2026-12-03T18:45"), null)).toEqual({ variant: null, day: "2026-12-03", dueInMs: 5 * 60_000 });
  });

  it("tells nothing on weekends and bank holidays, nor waits for their 18:50", () => {
    expect(closeToastPlan(at("2026-12-05T18:55"), null)).toEqual({ variant: null, day: "2026-12-05", dueInMs: null });
    expect(closeToastPlan(at("2026-12-06T12:00"), null).dueInMs).toBeNull();
    expect(closeToastPlan(at("2026-12-25T18:55"), null, ["2026-12-25"]).variant).toBeNull();
    expect(closeToastPlan(at("2026-12-25T12:00"), null, ["2026-12-25"]).dueInMs).toBeNull();
  });
});
