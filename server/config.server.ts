import { z } from "zod";

import { DEFAULT_STREAM_CAPS } from "#core/domain/live-streams";

/**
 * Environment, parsed once at start-up. A missing or malformed value stops the process with
 * one clear line (see `loadConfig`), never a stack trace deep inside a request.
 */
const url = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((value) => protocols.includes(new URL(value).protocol), {
      message: `debe usar ${protocols.join(" o ")}`,
    })
    .transform((value) => value.replace(/\/+$/, ""));

const httpUrl = url(["http:", "https:"]);
const wsUrl = url(["ws:", "wss:"]);

const csv = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? "")
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  );

/** "true"/"false" (also 1/0, on/off); unset or empty takes the default. */
const flag = (fallback: boolean) =>
  z
    .preprocess(
      (value) => (typeof value === "string" && value.trim() !== "" ? value.trim().toLowerCase() : undefined),
      z.enum(["true", "false", "1", "0", "on", "off"]).optional(),
    )
    .transform((value) => (value === undefined ? fallback : ["true", "1", "on"].includes(value)));

export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: httpUrl,
  SESSION_SECRET: z.string().min(32, "debe tener al menos 32 caracteres"),
  SESSION_DIR: z.string().default(".sessions"),
  REDIS_URL: z
    .string()
    .url()
    .refine((value) => /^rediss?:$/.test(new URL(value).protocol), { message: "debe usar redis: o rediss:" })
    .optional(),
  PRODUCT_API_URL: httpUrl,
  GRAPHQL_URL: httpUrl,
  NOTIFICATIONS_API_URL: httpUrl,
  NOTIFICATIONS_SOCKET_URL: wsUrl,
  PARTNER_API_URL: httpUrl,
  BANK_MIDDLEWARE_URL: httpUrl,
  PRICES_WS_URL: wsUrl,
  CHALLENGE_URL: httpUrl,
  BANK_PORTAL_URL: httpUrl,
  /**
   * Which proxies may tell the client's address (X-Forwarded-For) and scheme: "none" (the default:
   * the client is the socket's address), a number of hops (the front in front of the app: 1), or
   * addresses and ranges in Express's "trust proxy" syntax. Trusting private networks let anybody
   * on one write the address the rate limits count by (decision 099).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(none|\d{1,2}|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/, 'debe ser "none", un número de saltos o direcciones')
    .default("none"),
  /**
   * Overrides of the rate limits, e.g. "login=30/300,money=10/60" (points per seconds) — for a
   * load test or the end-to-end suite, whose one browser address logs in hundreds of times.
   */
  RATE_LIMITS: z
    .string()
    .regex(/^(\s*[a-z]+=\d+\/\d+\s*)(,\s*[a-z]+=\d+\/\d+\s*)*$/, "debe verse como login=30/300,money=10/60")
    .optional(),
  /**
   * The bearer token a Prometheus scraper shows to read /metrics (docs/decisions/040). Unset or
   * empty: /metrics is not served at all.
   */
  METRICS_TOKEN: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string().min(32, "debe tener al menos 32 caracteres").regex(/^\S+$/, "no debe tener espacios").optional(),
  ),
  CHROMIUM_PATH: z.string().default("/usr/bin/chromium"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Companies under the special rule of SPEC §6 (clientId list): pairs and receivers hidden, accounts limited. */
  SPECIAL_RULE_COMPANY_IDS: csv,
  /** Companies that get the 'Nueva Función' sidebar badge (clientId list). */
  NEW_FEATURE_COMPANY_IDS: csv,
  /** Phone shown in the sidebar and the 'Contáctanos' chat link. */
  CONTACT_PHONE: z.string().default("+52 55 5000 1234"),
  CONTACT_CHAT_URL: httpUrl.default("https://wa.me/525550001234"),
  /**
   * SPEC §6 receivers-upload flag: while on, everyone may register recipients (/destinatarios-alta,
   * /destinatarios-alta-multiple); while off, only RECEIVERS_UPLOAD_USERS. On by default: the
   * flag is the product's switch to close uploads, not an opt-in.
   */
  RECEIVERS_UPLOAD_ENABLED: flag(true),
  /** Bank user names (e.g. ana.admin) who may upload recipients while the flag is off. */
  RECEIVERS_UPLOAD_USERS: csv,
  /**
   * The time a page has for all its upstream calls, retries and back-offs included (ms): past it,
   * the page shows what it has or the Spanish error page (docs/decisions/027).
   */
  UPSTREAM_BUDGET_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** The same for a download (movements export, receipt, invoice): one person waiting for one file. */
  UPSTREAM_DOWNLOAD_BUDGET_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /** How long an instance keeps the product's announcements before reading them again (ms). */
  ANNOUNCEMENTS_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /**
   * Live streams (/eventos) one session may hold on this instance, and this instance in all
   * (decision 100); past either, a new stream is refused with 429. A load test raises both (the
   * price fan-out bench holds its 10,000 clients in one session).
   */
  LIVE_STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_STREAM_CAPS.perSession),
  LIVE_STREAMS_PER_INSTANCE: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_STREAM_CAPS.perInstance),
  /** How often, at most, an instance checks that the bank's service answers (ms; §9: 300 s). */
  HEALTH_CHECK_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(300_000),
  /**
   * How many batch jobs (bulk recipients, multiple payments) one instance's BullMQ worker runs at
   * once with REDIS_URL; each job keeps its own few calls in flight (docs/decisions/067).
   */
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(20).default(2),
  /**
   * Page admission by the event loop's own saturation (docs/decisions/073): on by default. Off, every
   * page starts at once whatever the load (the behaviour before 073).
   */
  PAGE_ADMISSION: flag(true),
  /** The event loop's delay (ms) above which fewer pages are let in at once. */
  PAGE_ADMISSION_TARGET_DELAY_MS: z.coerce.number().int().min(5).max(10_000).default(50),
  /** The fewest pages let in at once, however late the event loop runs. */
  PAGE_ADMISSION_MIN: z.coerce.number().int().min(1).max(10_000).default(8),
  /** The most pages let in at once, however idle the CPU (slow upstreams raise the limit up to here). */
  PAGE_ADMISSION_MAX: z.coerce.number().int().min(1).max(100_000).default(512),
  /** The longest a page waits for its turn (ms) before the 503 page with Retry-After. */
  PAGE_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** The most pages waiting for their turn; one more gets the 503 page at once. */
  PAGE_QUEUE_MAX: z.coerce.number().int().min(0).max(100_000).default(2_000),
  /** Coordinates sent in the partner bank's geolocation header. */
  PARTNER_GEOLOCATION: z.string().default("19.4326,-99.1332"),
});

export type Config = z.infer<typeof configSchema>;

/** The admission gate's settings from the configuration; null when PAGE_ADMISSION is off. */
export function admissionSettings(config: Config) {
  if (!config.PAGE_ADMISSION) return null;
  const minLimit = Math.min(config.PAGE_ADMISSION_MIN, config.PAGE_ADMISSION_MAX);
  return {
    minLimit,
    maxLimit: config.PAGE_ADMISSION_MAX,
    initialLimit: Math.max(minLimit, Math.min(config.PAGE_ADMISSION_MAX, 32)),
    targetDelayMs: config.PAGE_ADMISSION_TARGET_DELAY_MS,
    queueTimeoutMs: config.PAGE_QUEUE_TIMEOUT_MS,
    maxQueue: config.PAGE_QUEUE_MAX,
  };
}

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Configuración inválida: ${problems.join("; ")}`);
  }
  return result.data;
}

let cached: Config | undefined;

/** The process-wide configuration; parsed on first use. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** TRUST_PROXY as Express's "trust proxy" takes it: false for none, a hop count, or the list of addresses. */
export function trustProxySetting(value: string): boolean | number | string {
  if (value === "none") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
