import { afterEach, describe, expect, it, vi } from "vitest";

import { resetForTests } from "../lifecycle.server";
import { cached } from "./cache.server";

afterEach(() => resetForTests("upstream.cache"));

describe("cached", () => {
  it("shares one load while fresh and reloads after the ttl", async () => {
    const load = vi.fn(async () => "pairs");
    await Promise.all([cached("k", load, 1000, 0), cached("k", load, 1000, 10)]);
    expect(load).toHaveBeenCalledTimes(1);
    await cached("k", load, 1000, 2000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("does not keep a failure", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("down")).mockResolvedValueOnce("ok");
    await expect(cached("k", load, 1000, 0)).rejects.toThrow("down");
    await expect(cached("k", load, 1000, 1)).resolves.toBe("ok");
  });
});
