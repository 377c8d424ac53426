import { describe, expect, it } from "vitest";

import { chooseOverlay, surveySchema } from "./overlays";

const off = { id: 0, show: false };
const on = (id: number) => ({ id, show: true });

describe("chooseOverlay", () => {
  it("shows nothing when no flag says show", () => {
    expect(chooseOverlay({ flags: { csat: off, nps: off }, rebrand: off, interestBearingAccount: true })).toBeNull();
    expect(chooseOverlay({ flags: {}, rebrand: null, interestBearingAccount: false })).toBeNull();
  });

  it("orders rebrand, contact data, paid account, CSAT, NPS", () => {
    const all = {
      flags: { csat: on(1), nps: on(2), verify_email_on_init: on(5), verify_phone_on_init: on(6), paid_account: on(7) },
      rebrand: on(8),
      interestBearingAccount: true,
    };
    expect(chooseOverlay(all)).toEqual({ overlay: "rebrand", flagIds: [8] });
    expect(chooseOverlay({ ...all, rebrand: off })).toEqual({ overlay: "contacto", flagIds: [5, 6] });
    expect(chooseOverlay({ ...all, rebrand: off, flags: { ...all.flags, verify_email_on_init: off, verify_phone_on_init: off } })).toEqual({
      overlay: "cuenta-remunerada",
      flagIds: [7],
    });
    expect(
      chooseOverlay({ ...all, rebrand: null, flags: { csat: on(1), nps: on(2), paid_account: on(7) }, interestBearingAccount: false }),
    ).toEqual({ overlay: "encuesta-csat", flagIds: [1] });
    expect(chooseOverlay({ flags: { nps: on(2) }, rebrand: null, interestBearingAccount: false })).toEqual({
      overlay: "encuesta-nps",
      flagIds: [2],
    });
  });

  it("asks for one contact channel alone when only it is unconfirmed", () => {
    expect(chooseOverlay({ flags: { verify_phone_on_init: on(6) }, rebrand: null, interestBearingAccount: false })).toEqual({
      overlay: "contacto",
      flagIds: [6],
    });
  });
});

describe("surveySchema (§5)", () => {
  it("needs an integer score from 1 to 5 (CSAT) or 10 (NPS); comments are optional", () => {
    expect(surveySchema("csat").safeParse({ score: "5" }).data).toEqual({ score: 5, comments: "" });
    expect(surveySchema("nps").safeParse({ score: "10", comments: " bien " }).data).toEqual({ score: 10, comments: "bien" });
    for (const score of [undefined, "", "0", "6", "4.5", "x"]) {
      const result = surveySchema("csat").safeParse({ score });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Elige una calificación.");
    }
    expect(surveySchema("nps").safeParse({ score: "11" }).success).toBe(false);
  });

  it("refuses comments over 500 characters", () => {
    expect(surveySchema("csat").safeParse({ score: "3", comments: "a".repeat(501) }).error?.issues[0]?.message).toBe(
      "Escribe 500 caracteres como máximo.",
    );
  });
});
