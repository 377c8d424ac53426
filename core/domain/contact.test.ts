import { describe, expect, it } from "vitest";

import {
  CONFIRMATION_SEND_LIMITS,
  confirmationDestination,
  CONTACT_CODE_BLOCK_MS,
  contactEmailSchema,
  contactState,
  dialCodeOptions,
  resendAllowedAt,
  resendBlockedUntil,
  retryMessage,
  sendBlockedUntil,
  splitWhatsApp,
  whatsAppData,
  whatsAppSchema,
} from "./contact";

const errorsOf = (result: { success: boolean; error?: { issues: Array<{ path: (string | number)[]; message: string }> } }) =>
  result.success ? {} : Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("the contact e-mail form (§5)", () => {
  it("takes a valid address, trimming the spaces around it", () => {
    expect(contactEmailSchema.parse({ email: "tesoreria@importadorabajio.com.mx" })).toEqual({
      email: "tesoreria@importadorabajio.com.mx",
    });
    expect(contactEmailSchema.parse({ email: "  tesoreria@bajio.mx " }).email).toBe("tesoreria@bajio.mx");
  });

  it("refuses spaces inside, missing parts, control characters and over-long addresses with §5's message", () => {
    for (const email of [
      "teso reria@bajio.mx",
      "tesoreria@bajio",
      "tesoreria.bajio.mx",
      "@bajio.mx",
      "a@b.c",
      "a\u0007@b.mx",
      `${"a".repeat(250)}@b.mx`,
    ]) {
      expect(errorsOf(contactEmailSchema.safeParse({ email }))).toEqual({ email: "Ingresa un correo válido" });
    }
  });

  it("asks for the field when it is missing", () => {
    expect(errorsOf(contactEmailSchema.safeParse({}))).toEqual({ email: "Campo obligatorio" });
  });
});

describe("the WhatsApp form (§5)", () => {
  const schema = whatsAppSchema(["1", "52", "502"]);

  it("takes exactly 10 digits and a dial code of the catalogue, +52 by default", () => {
    expect(schema.parse({ dialCode: "502", phone: "5512345678" })).toEqual({ dialCode: "502", phone: "5512345678" });
    expect(schema.parse({ phone: "5512345678" })).toEqual({ dialCode: "52", phone: "5512345678" });
  });

  it("refuses anything but exactly 10 digits with 'Ingresa un teléfono válido'", () => {
    for (const phone of ["55123", "55123456789", "55 1234 5678", "55-1234-567", "+525512345", "５５１２３４５６７８", "551234567a"]) {
      expect(errorsOf(schema.safeParse({ dialCode: "52", phone }))).toEqual({ phone: "Ingresa un teléfono válido" });
    }
    expect(errorsOf(schema.safeParse({ dialCode: "52" }))).toEqual({ phone: "Campo obligatorio" });
  });

  it("refuses a dial code that is not in the catalogue", () => {
    expect(errorsOf(schema.safeParse({ dialCode: "999", phone: "5512345678" }))).toEqual({
      dialCode: "Selecciona un código de país válido",
    });
    expect(errorsOf(schema.safeParse({ dialCode: "+52", phone: "5512345678" }))).toEqual({
      dialCode: "Selecciona un código de país válido",
    });
    // Without a catalogue only the default is known.
    expect(whatsAppSchema([]).safeParse({ dialCode: "1", phone: "5512345678" }).success).toBe(false);
    expect(whatsAppSchema([]).safeParse({ dialCode: "52", phone: "5512345678" }).success).toBe(true);
  });

  it("sends the dial code without '+' followed by the 10 digits, and reads a stored number back", () => {
    expect(whatsAppData({ dialCode: "52", phone: "5512345678" })).toBe("525512345678");
    expect(whatsAppData({ dialCode: "+1", phone: "2125550100" })).toBe("12125550100");
    expect(splitWhatsApp("5025512345678")).toEqual({ dialCode: "502", phone: "5512345678" });
    expect(splitWhatsApp("525512345678")).toEqual({ dialCode: "52", phone: "5512345678" });
    expect(splitWhatsApp(null)).toEqual({ dialCode: "52", phone: "" });
  });
});

describe("the dial-code menu (§5: sorted numerically)", () => {
  it("orders by the number, not the text, and names countries that share a code together", () => {
    const options = dialCodeOptions([
      { country_code: "+52", country: "México" },
      { country_code: "+502", country: "Guatemala" },
      { country_code: "+1", country: "Estados Unidos" },
      { country_code: "+34", country: "España" },
      { country_code: "+1", country: "Canadá" },
      { country_code: "+49", country: "Alemania" },
    ]);
    expect(options.map((option) => option.code)).toEqual(["1", "34", "49", "52", "502"]);
    expect(options[0]).toEqual({ code: "1", label: "+1 Canadá, Estados Unidos" });
    expect(options[3]).toEqual({ code: "52", label: "+52 México" });
  });

  it("leaves out entries that are not a dial code", () => {
    expect(dialCodeOptions([{ country_code: "abc" }, { country_code: "" }, { country_code: "+12345" }, { country_code: "44" }])).toEqual([
      { code: "44", label: "+44" },
    ]);
  });
});

describe("the 12-minute block (§4, §9)", () => {
  // 2026-03-10 12:00 in Mexico City (UTC-6, no daylight saving since 2022).
  const sentAt = Date.UTC(2026, 2, 10, 18, 0, 0);

  it("allows a new message 720,000 ms after the last one, not a millisecond before", () => {
    expect(CONTACT_CODE_BLOCK_MS).toBe(720_000);
    const times = { lastCodeSentTs: sentAt, blockedUntilTs: null };
    expect(resendAllowedAt(times)).toBe(sentAt + 720_000);
    expect(resendBlockedUntil(times, sentAt + 719_999)).toBe(sentAt + 720_000);
    expect(resendBlockedUntil(times, sentAt + 720_000)).toBeNull();
    expect(resendBlockedUntil({ lastCodeSentTs: null, blockedUntilTs: null }, sentAt)).toBeNull();
  });

  it("keeps the product's later block when it states one", () => {
    const times = { lastCodeSentTs: sentAt, blockedUntilTs: sentAt + 900_000 };
    expect(resendBlockedUntil(times, sentAt + 800_000)).toBe(sentAt + 900_000);
    expect(resendBlockedUntil({ lastCodeSentTs: null, blockedUntilTs: sentAt + 60_000 }, sentAt)).toBe(sentAt + 60_000);
  });

  it("says when, on Mexico City's clock", () => {
    expect(retryMessage(sentAt + 720_000)).toBe("Podrás solicitar un nuevo mensaje a partir de las 12:12.");
    // 23:55 plus 12 minutes is 00:07 of the next day.
    expect(retryMessage(Date.UTC(2026, 2, 11, 5, 55) + 720_000)).toBe("Podrás solicitar un nuevo mensaje a partir de las 00:07.");
  });

  it("treats sending the pending address again as a resend; another address goes out at once", () => {
    const times = { lastCodeSentTs: sentAt, blockedUntilTs: sentAt + 720_000 };
    expect(sendBlockedUntil("a@b.mx", "a@b.mx", times, sentAt + 60_000)).toBe(sentAt + 720_000);
    expect(sendBlockedUntil("c@b.mx", "a@b.mx", times, sentAt + 60_000)).toBeNull();
    expect(sendBlockedUntil("a@b.mx", null, times, sentAt + 60_000)).toBeNull();
  });
});

describe("a contact row's state", () => {
  it("is verified, pending (changed and not yet confirmed) or missing", () => {
    expect(contactState("524771234567", true)).toBe("verified");
    expect(contactState("525512345678", false)).toBe("pending");
    expect(contactState(null, true)).toBe("missing");
  });
});

describe("who a confirmation message reaches (decision 099)", () => {
  it("is one key per mailbox whatever the spelling, and per number whatever its punctuation", () => {
    expect(confirmationDestination("email", " Victima+1@Example.com")).toBe("email:victima@example.com");
    expect(confirmationDestination("email", "victima@example.com")).toBe(confirmationDestination("email", "VICTIMA+x@EXAMPLE.COM"));
    expect(confirmationDestination("email", "otra@example.com")).not.toBe(confirmationDestination("email", "victima@example.com"));
    expect(confirmationDestination("whatsapp", "52 55-1234-5678")).toBe("whatsapp:525512345678");
    expect(confirmationDestination("whatsapp", "525512345678")).not.toBe(confirmationDestination("email", "525512345678"));
  });

  it("is bounded inside §9's 12 minutes: a few per member and channel, one per destination", () => {
    expect(CONFIRMATION_SEND_LIMITS.perDestination).toEqual({ points: 1, durationS: 720 });
    expect(CONFIRMATION_SEND_LIMITS.perMemberAndChannel.durationS).toBe(720);
    expect(CONFIRMATION_SEND_LIMITS.perMemberAndChannel.points).toBeLessThanOrEqual(3);
  });
});
