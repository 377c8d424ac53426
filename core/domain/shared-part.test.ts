import { describe, expect, it } from "vitest";

import { isSharedPartDown } from "./shared-part";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isSharedPartDown", () => {
  it("is true for Redis gone, silent, or unable to serve", () => {
    for (const error of [
      new Error("Connection is closed."),
      new Error("Command timed out"),
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      Object.assign(new Error("Reached the max retries per request limit (which is 2). Refer to …"), { name: "MaxRetriesPerRequestError" }),
      withCode("connect ECONNREFUSED 127.0.0.1:6379", "ECONNREFUSED"),
      withCode("read ECONNRESET", "ECONNRESET"),
      new Error("LOADING Redis is loading the dataset in memory"),
      new Error("READONLY You can't write against a read only replica."),
      new Error("OOM command not allowed when used memory > 'maxmemory'."),
    ]) {
      expect(isSharedPartDown(error), error.message).toBe(true);
    }
  });

  it("is false for the code's own faults and anything else", () => {
    for (const error of [
      new Error("ERR wrong number of arguments for 'get' command"),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      new Error("the bank user has no companies"),
      "Connection is closed.",
      null,
      undefined,
      { message: 42 },
    ]) {
      expect(isSharedPartDown(error)).toBe(false);
    }
  });
});
