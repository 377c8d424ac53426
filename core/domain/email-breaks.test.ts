import { describe, expect, it } from "vitest";

import { emailLineParts } from "./email-breaks";

describe("emailLineParts", () => {
  it("breaks after the '@' and before each dot, never inside a word", () => {
    expect(emailLineParts("carlos.hernandez@importadorabajio.com.mx")).toEqual([
      "carlos",
      ".hernandez@",
      "importadorabajio",
      ".com",
      ".mx",
    ]);
  });

  it("gives the address back unchanged when joined", () => {
    for (const email of ["a@b.mx", "sin-punto@dominio", "x.y.z@a.b.c"]) expect(emailLineParts(email).join("")).toBe(email);
  });

  it("keeps a text without break points whole and gives nothing for an empty one", () => {
    expect(emailLineParts("no-disponible")).toEqual(["no-disponible"]);
    expect(emailLineParts("")).toEqual([]);
  });
});
