import pino from "pino";
import { describe, expect, it } from "vitest";

import { UpstreamError } from "../upstream/errors";
import { closeToastWith } from "./close-toast.server";

const log = pino({ level: "silent" });
// Mexico City has no DST since 2022: UTC−6 all year.
const at = (iso: string) => Date.parse(`${iso}-06:00`);

function holidays(dates: string[] | UpstreamError) {
  const calls = { count: 0 };
  const read = () => {
    calls.count += 1;
    return dates instanceof UpstreamError ? Promise.reject(dates) : Promise.resolve(dates);
  };
  return { read, calls };
}

describe("the close-market toast (§4, decision 113)", () => {
  it("tells the weekday variant at 18:50 on a Thursday, with a toast id of its own for the day", async () => {
    const { read } = holidays([]);
    const told = await closeToastWith(read, log, null, at("2026-12-03T18:50"));
    expect(told).toEqual({
      toast: {
        id: "cierre-mercado-2026-12-03",
        type: "info",
        title: "Mercado cerrado",
        description: "El mercado ya cerró. Las operaciones que registres se procesarán mañana.",
      },
      day: "2026-12-03",
      dueInMs: null,
    });
  });

  it("tells the Friday variant on Fridays", async () => {
    const told = await closeToastWith(holidays([]).read, log, null, at("2026-12-04T19:10"));
    expect(told.toast?.description).toBe("El mercado ya cerró. Las operaciones que registres se procesarán el lunes.");
  });

  it("reads no holidays before 18:50 or once told, and says how long until 18:50", async () => {
    const { read, calls } = holidays([]);
    expect(await closeToastWith(read, log, null, at("2026-12-03T18:40"))).toEqual({ toast: null, day: "2026-12-03", dueInMs: 600_000 });
    expect((await closeToastWith(read, log, "2026-12-03", at("2026-12-03T19:00"))).toast).toBeNull();
    expect(calls.count).toBe(0);
  });

  it("tells nothing on a bank holiday (dates as the bank gives them, with a time), and a weekday when they cannot be read", async () => {
    expect((await closeToastWith(holidays(["2026-12-03T00:00:00"]).read, log, null, at("2026-12-03T18:55"))).toast).toBeNull();
    expect(
      (
        await closeToastWith(
          holidays(new UpstreamError("graphql", "status", "Error", { status: 503 })).read,
          log,
          null,
          at("2026-12-03T18:55"),
        )
      ).toast?.id,
    ).toBe("cierre-mercado-2026-12-03");
  });
});
