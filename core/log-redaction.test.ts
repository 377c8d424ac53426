import { describe, expect, it } from "vitest";

import { REDACTED, redactPaths, redactRequestPath } from "./log-redaction";

describe("a request path as a log shows it", () => {
  it("censors login states, challenge trackers, tokens and contact data by name", () => {
    expect(redactRequestPath("/banca/entrar?usuario=ana.admin&state=abc123")).toBe(`/banca/entrar?usuario=${REDACTED}&state=${REDACTED}`);
    expect(redactRequestPath("/challenge?trk=T-99&lang=es")).toBe(`/challenge?trk=${REDACTED}&lang=es`);
    expect(redactRequestPath("/contacto/confirmar?token=xyz")).toBe(`/contacto/confirmar?token=${REDACTED}`);
    expect(redactRequestPath("/api/confirmationclients/modify?channel=whatsapp&data=525512345678&profile=true")).toBe(
      `/api/confirmationclients/modify?channel=whatsapp&data=${REDACTED}&profile=true`,
    );
  });

  it("censors an address or a long number whatever it is called, in the query or the path", () => {
    expect(redactRequestPath("/x?to=victima%40example.com&n=5")).toBe(`/x?to=${REDACTED}&n=5`);
    expect(redactRequestPath("/partner/accounts/012180001234567891/movements")).toBe(`/partner/accounts/${REDACTED}/movements`);
    expect(redactRequestPath("/api/users/ana%40example.com")).toBe(`/api/users/${REDACTED}`);
  });

  it("leaves what identifies no one, and survives malformed escapes", () => {
    expect(redactRequestPath("/api/operations/123?pair=USD%2FMXN&page=2")).toBe("/api/operations/123?pair=USD%2FMXN&page=2");
    expect(redactRequestPath("/x?state=%E0%A4%A&y")).toBe(`/x?state=${REDACTED}&y`);
    expect(redactPaths()).toEqual(expect.arrayContaining(["token", "*.jwt", "headers.cookie"]));
  });
});
