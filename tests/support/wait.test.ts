import { describe, expect, it } from "vitest";

import { until } from "./wait";

describe("until", () => {
  it("answers as soon as the condition holds, with its answer", async () => {
    let asked = 0;
    const started = Date.now();
    expect(await until(() => (++asked >= 3 ? "listo" : null), { everyMs: 5 })).toBe("listo");
    expect(asked).toBe(3);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("counts a condition that throws as not yet", async () => {
    let asked = 0;
    await until(
      () => {
        expect(++asked).toBe(2);
        return true;
      },
      { everyMs: 5 },
    );
    expect(asked).toBe(2);
  });

  it("fails after its time, naming what it waited for, with the last failure as the cause", async () => {
    const failure = await until(
      () => {
        throw new Error("todavía no");
      },
      { timeoutMs: 50, everyMs: 5, what: "the bank to answer" },
    ).catch((error: unknown) => error as Error);
    expect(failure.message).toBe("Waited 50 ms for the bank to answer; it never held");
    expect((failure.cause as Error).message).toBe("todavía no");
  });
});
