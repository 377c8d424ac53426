import { describe, expect, it } from "vitest";

import { sessionEndedHere } from "./signed-out";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe("sessionEndedHere (the signed-out announcement, decision 081)", () => {
  it("says so once for a signed-out page that follows a signed-in one in the same tab", () => {
    const storage = memoryStorage();
    expect(sessionEndedHere(true, storage)).toBe(false);
    expect(sessionEndedHere(true, storage)).toBe(false);
    expect(sessionEndedHere(false, storage)).toBe(true);
    // The next signed-out page (the login after the notice) has nothing more to say.
    expect(sessionEndedHere(false, storage)).toBe(false);
  });

  it("says nothing for a tab that was never signed in", () => {
    expect(sessionEndedHere(false, memoryStorage())).toBe(false);
  });

  it("says nothing when the browser refuses the storage", () => {
    const refusing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("SecurityError");
      },
      removeItem: () => undefined,
    };
    expect(sessionEndedHere(true, refusing)).toBe(false);
    expect(sessionEndedHere(false, refusing)).toBe(false);
  });
});
