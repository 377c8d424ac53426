import { describe, expect, it } from "vitest";

import { jwtClaims, jwtClientId, jwtExpiry } from "./jwt";

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const token = (claims: unknown) => `${encode({ alg: "HS256" })}.${encode(claims)}.signature`;

describe("jwt claims", () => {
  it("reads exp in milliseconds and the client id", () => {
    const jwt = token({ exp: 1_800_000_000, clientId: "100234" });
    expect(jwtExpiry(jwt)).toBe(1_800_000_000_000);
    expect(jwtClientId(jwt)).toBe("100234");
    expect(jwtClientId(token({ clientId: 42 }))).toBe("42");
  });

  it("answers null for anything malformed", () => {
    expect(jwtClaims("not-a-jwt")).toBeNull();
    expect(jwtClaims("a.@@@.c")).toBeNull();
    expect(jwtClaims(`a.${encode([1, 2])}.c`)).toBeNull();
    expect(jwtExpiry(token({ exp: "soon" }))).toBeNull();
    expect(jwtClientId(token({}))).toBeNull();
  });
});
