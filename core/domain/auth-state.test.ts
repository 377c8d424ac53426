import { describe, expect, it } from "vitest";

import {
  AUTH_STATES,
  EXPIRED_LOGIN_PATH,
  guardRedirect,
  homeOf,
  isAuthState,
  LOGGED_OUT_PATH,
  restScreenFor,
  showsSidebar,
} from "./auth-state";

describe("route guard (§2)", () => {
  it("renders when the state is one the route accepts", () => {
    for (const state of AUTH_STATES) expect(guardRedirect(state, [state])).toBeNull();
    expect(guardRedirect("wizardState", ["accessState", "wizardState"])).toBeNull();
  });

  it("sends each state home when the route does not accept it", () => {
    expect(guardRedirect("initialState", ["accessState"])).toBe("/access");
    expect(guardRedirect("wizardState", ["accessState"])).toBe("/wizard");
    expect(guardRedirect("accessState", ["initialState"])).toBe("/");
    expect(guardRedirect("errorState", ["accessState"])).toBe("/error");
    expect(guardRedirect("accessState", [])).toBe("/");
  });

  it("maps every state to exactly one home", () => {
    expect(AUTH_STATES.map(homeOf)).toEqual(["/access", "/wizard", "/", "/error"]);
  });

  it("recognises only the four states", () => {
    expect(isAuthState("accessState")).toBe(true);
    expect(isAuthState("adminState")).toBe(false);
    expect(isAuthState(undefined)).toBe(false);
  });
});

describe("sidebar visibility (§2 Shell)", () => {
  it("hides the sidebar on login, access, wizard, error and transaction", () => {
    for (const path of ["/login", "/access", "/wizard", "/error", "/transaction", "/transaction/x"]) {
      expect(showsSidebar(path)).toBe(false);
    }
  });

  it("shows it everywhere else", () => {
    for (const path of ["/", "/cuentas", "/historial-operaciones/12", "/loginx", "/errores"]) expect(showsSidebar(path)).toBe(true);
  });
});

describe("the rest screen's words (decision 124)", () => {
  it("says the session ended only after a logout or an expiry", () => {
    expect(restScreenFor(new URL(LOGGED_OUT_PATH, "http://x").search)).toBe("ended");
    expect(restScreenFor(new URL(EXPIRED_LOGIN_PATH, "http://x").search)).toBe("ended");
  });

  it("greets somebody who has not signed in, whatever else the address carries", () => {
    expect(restScreenFor("")).toBe("signIn");
    expect(restScreenFor("?sesion=otra")).toBe("signIn");
    expect(restScreenFor("?jwt=abc")).toBe("signIn");
  });
});
