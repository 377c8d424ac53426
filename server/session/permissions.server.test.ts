import pino from "pino";
import { describe, expect, it } from "vitest";

import { PERMISSIONS } from "#core/domain/permissions";

import { UpstreamError } from "../upstream/errors";
import type { AccessContext } from "./auth.server";
import { currentActor } from "./permissions.server";

/** An access context with only what the permissions read: the member, the login's profile type, the product's profile call and a log. */
function accessWith(profile: () => Promise<unknown>) {
  const lines: Array<Record<string, unknown>> = [];
  const log = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  const access = { api: { product: { profile } }, data: { memberId: "7" }, company: { profileType: "COLABORADOR" }, log };
  return { access: access as unknown as AccessContext, lines };
}

describe("currentActor", () => {
  it("takes the profile type and permissions from the product's profile", async () => {
    const { access, lines } = accessWith(() =>
      Promise.resolve({
        profileType: "COLABORADOR",
        permissions: [{ name: PERMISSIONS.ownAccounts }, { name: PERMISSIONS.thirdAccounts }],
      }),
    );
    expect(await currentActor(access)).toEqual({
      profileType: "COLABORADOR",
      permissions: [PERMISSIONS.ownAccounts, PERMISSIONS.thirdAccounts],
    });
    expect(lines).toEqual([]);
  });

  it("grants nothing when the profile cannot be read, and warns", async () => {
    const { access, lines } = accessWith(() => Promise.reject(new UpstreamError("product", "timeout", "Tiempo agotado")));
    expect(await currentActor(access)).toEqual({ profileType: "COLABORADOR", permissions: [] });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, event: "permissions_unreadable", failure: "timeout" });
  });

  it("grants nothing, without a warning, when the read was cut because the browser left", async () => {
    const { access, lines } = accessWith(() => Promise.reject(new UpstreamError("product", "aborted", "La solicitud fue cancelada.")));
    expect(await currentActor(access)).toEqual({ profileType: "COLABORADOR", permissions: [] });
    expect(lines).toEqual([]);
  });
});
