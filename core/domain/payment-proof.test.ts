import { describe, expect, it } from "vitest";

import { cepAmount, cepDate, paymentProof } from "./payment-proof";

const SPEI = {
  trackingKey: "FXN062202611290000001019",
  operationDate: "2026-11-29",
  senderBank: "BASE",
  receiverBank: "BANORTE",
  beneficiaryAccount: "072180001234567897",
  amount: 125000.5,
};
const money = (amount: number) => `$${amount.toLocaleString("en-US", { minimumFractionDigits: 2 })} MXN`;

describe("paymentProof", () => {
  it("a SPEI shows its clave de rastreo and the CEP form's six fields, in the form's order and format", () => {
    expect(paymentProof({ kind: "transfer", referenceGFB: "GFB-20261129-001019", spei: SPEI }, money)).toEqual({
      rail: "spei",
      trackingKey: SPEI.trackingKey,
      cep: [
        { key: "operationDate", text: "29/11/2026", copy: "29/11/2026" },
        { key: "trackingKey", text: SPEI.trackingKey, copy: SPEI.trackingKey },
        { key: "senderBank", text: "BASE", copy: "BASE" },
        { key: "receiverBank", text: "BANORTE", copy: "BANORTE" },
        { key: "beneficiaryAccount", text: "072180001234567897", copy: "072180001234567897" },
        { key: "amount", text: "$125,000.50 MXN", copy: "125000.50" },
      ],
    });
  });

  it("SPID and international transfers show the bank's reference instead; nothing before the money moved", () => {
    expect(paymentProof({ kind: "transfer", referenceGFB: "GFB-20261129-001020", spei: null }, money)).toEqual({
      rail: "reference",
      reference: "GFB-20261129-001020",
    });
    expect(paymentProof({ kind: "transfer", referenceGFB: null, spei: null }, money)).toBeNull();
  });

  it("a buy or a sell has no proof of payment of its own", () => {
    expect(paymentProof({ kind: "buy", referenceGFB: "GFB-20261129-001021", spei: null }, money)).toBeNull();
  });

  it("writes dates and amounts as the CEP form takes them", () => {
    expect(cepDate("2027-01-05")).toBe("05/01/2027");
    expect(cepAmount(5000)).toBe("5000.00");
    expect(cepAmount(0.1 + 0.2)).toBe("0.30");
  });
});
