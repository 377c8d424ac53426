import { describe, expect, it } from "vitest";

import { admissionSettings, ConfigError, parseConfig } from "./config.server";

const valid = {
  APP_URL: "https://portal.example.mx/",
  SESSION_SECRET: "x".repeat(32),
  PRODUCT_API_URL: "https://api.example.mx/v1/",
  GRAPHQL_URL: "https://api.example.mx/graphql",
  NOTIFICATIONS_API_URL: "https://notif.example.mx",
  NOTIFICATIONS_SOCKET_URL: "wss://notif.example.mx/socket",
  PARTNER_API_URL: "https://bank.example.mx/api",
  BANK_MIDDLEWARE_URL: "https://mw.example.mx",
  PRICES_WS_URL: "wss://prices.example.mx",
  CHALLENGE_URL: "https://bank.example.mx/challenge",
  BANK_PORTAL_URL: "https://bank.example.mx",
};

describe("parseConfig", () => {
  it("accepts a complete environment, with defaults and without trailing slashes", () => {
    const config = parseConfig(valid);
    expect(config.PORT).toBe(3000);
    expect(config.PRODUCT_API_URL).toBe("https://api.example.mx/v1");
    expect(config.LOG_LEVEL).toBe("info");
    expect(config.SPECIAL_RULE_COMPANY_IDS).toEqual([]);
    expect(config.REDIS_URL).toBeUndefined();
  });

  it("splits the company lists", () => {
    expect(parseConfig({ ...valid, SPECIAL_RULE_COMPANY_IDS: " 300501, 12 ,," }).SPECIAL_RULE_COMPANY_IDS).toEqual(["300501", "12"]);
  });

  it("names every missing or malformed value in one line", () => {
    const attempt = () =>
      parseConfig({ ...valid, SESSION_SECRET: "short", PRICES_WS_URL: "https://not-a-socket", GRAPHQL_URL: undefined, PORT: "http" });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).not.toContain("\n");
      expect(message).toContain("SESSION_SECRET");
      expect(message).toContain("PRICES_WS_URL");
      expect(message).toContain("GRAPHQL_URL");
      expect(message).toContain("PORT");
    }
  });

  it("takes a metrics token of 32 characters or more, and an empty one as none", () => {
    expect(parseConfig(valid).METRICS_TOKEN).toBeUndefined();
    expect(parseConfig({ ...valid, METRICS_TOKEN: " " }).METRICS_TOKEN).toBeUndefined();
    expect(parseConfig({ ...valid, METRICS_TOKEN: "m".repeat(32) }).METRICS_TOKEN).toBe("m".repeat(32));
    expect(() => parseConfig({ ...valid, METRICS_TOKEN: "corto" })).toThrow(/METRICS_TOKEN/);
    expect(() => parseConfig({ ...valid, METRICS_TOKEN: `${"m".repeat(32)} x` })).toThrow(/METRICS_TOKEN/);
  });

  it("reads the receivers-upload flag (on unless switched off) and its named users", () => {
    expect(parseConfig(valid)).toMatchObject({ RECEIVERS_UPLOAD_ENABLED: true, RECEIVERS_UPLOAD_USERS: [] });
    expect(parseConfig({ ...valid, RECEIVERS_UPLOAD_ENABLED: "" }).RECEIVERS_UPLOAD_ENABLED).toBe(true);
    for (const off of ["false", "0", "OFF"])
      expect(parseConfig({ ...valid, RECEIVERS_UPLOAD_ENABLED: off }).RECEIVERS_UPLOAD_ENABLED).toBe(false);
    expect(parseConfig({ ...valid, RECEIVERS_UPLOAD_USERS: "ana.admin, paula.prueba" }).RECEIVERS_UPLOAD_USERS).toEqual([
      "ana.admin",
      "paula.prueba",
    ]);
    expect(() => parseConfig({ ...valid, RECEIVERS_UPLOAD_ENABLED: "maybe" })).toThrow(ConfigError);
  });

  it("accepts only redis URLs for REDIS_URL", () => {
    expect(parseConfig({ ...valid, REDIS_URL: "redis://localhost:6379" }).REDIS_URL).toBe("redis://localhost:6379");
    expect(() => parseConfig({ ...valid, REDIS_URL: "http://localhost" })).toThrow(ConfigError);
  });

  it("reads the page admission gate's settings: on by default, off on request, limits in order", () => {
    expect(admissionSettings(parseConfig(valid))).toEqual({
      minLimit: 8,
      maxLimit: 512,
      initialLimit: 32,
      targetDelayMs: 50,
      queueTimeoutMs: 10_000,
      maxQueue: 2_000,
    });
    expect(admissionSettings(parseConfig({ ...valid, PAGE_ADMISSION: "off" }))).toBeNull();
    // A maximum under the minimum (or under the starting 32) wins: the gate never lets in more than it says.
    expect(admissionSettings(parseConfig({ ...valid, PAGE_ADMISSION_MIN: "20", PAGE_ADMISSION_MAX: "10" }))).toMatchObject({
      minLimit: 10,
      maxLimit: 10,
      initialLimit: 10,
    });
    for (const bad of [{ PAGE_ADMISSION_TARGET_DELAY_MS: "0" }, { PAGE_ADMISSION_MIN: "0" }, { PAGE_QUEUE_TIMEOUT_MS: "soon" }])
      expect(() => parseConfig({ ...valid, ...bad })).toThrow(ConfigError);
  });
});
