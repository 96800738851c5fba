import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { z } from "zod";

/** An empty variable counts as unset (`FOO=` in a .env file). */
const emptyAsUnset = (value: unknown) => (value === "" ? undefined : value);

const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess(emptyAsUnset, schema.optional());

/**
 * A setting in whole milliseconds from 0 to `max`, `fallback` when unset or
 * empty; its messages name the variable `name`.
 */
function milliseconds(name: string, max: number, fallback: number) {
  const range = `${name} must be a number of milliseconds from 0 to ${max}`;
  return z.preprocess(
    emptyAsUnset,
    z.coerce.number({ invalid_type_error: range }).int(`${name} must be a whole number of milliseconds`).min(0, range).max(max, range).default(fallback),
  );
}

const TRUST_PROXY_MESSAGE = "TRUST_PROXY must be the number of reverse proxies in front of the server: 0 (none), 1, 2, ...";

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    TRUST_PROXY: z.preprocess(
      (value) => (value === "" || value === undefined ? 0 : value),
      z.coerce.number({ invalid_type_error: TRUST_PROXY_MESSAGE }).int(TRUST_PROXY_MESSAGE).min(0, TRUST_PROXY_MESSAGE),
    ),
    DATABASE_PATH: z.string().min(1).default("data/fx-trader.db"),
    SESSION_SECRET: optional(z.string().min(32, "SESSION_SECRET must be at least 32 characters long")),
    APP_URL: optional(z.string().url("APP_URL must be an absolute URL such as https://fx.example.com")),
    OAUTH_ISSUER: optional(z.string().url("OAUTH_ISSUER must be a URL")),
    OAUTH_AUTHORIZATION_URL: optional(z.string().url("OAUTH_AUTHORIZATION_URL must be a URL")),
    OAUTH_TOKEN_URL: optional(z.string().url("OAUTH_TOKEN_URL must be a URL")),
    OAUTH_USERINFO_URL: optional(z.string().url("OAUTH_USERINFO_URL must be a URL")),
    OAUTH_CLIENT_ID: optional(z.string()),
    OAUTH_CLIENT_SECRET: optional(z.string()),
    OAUTH_SCOPES: z.string().default("openid email profile"),
    /** The ledger checkpoints' Ed25519 signing key as PKCS#8 PEM; unset: a key generated once beside the database (docs/decisions/0096-signed-checkpoints.md). */
    LEDGER_SIGNING_KEY: optional(z.string().regex(/-----BEGIN PRIVATE KEY-----[\s\S]+-----END PRIVATE KEY-----/, "LEDGER_SIGNING_KEY must be an Ed25519 private key in PKCS#8 PEM (-----BEGIN PRIVATE KEY-----)")),
    SEED_PASSWORD: optional(z.string().min(8, "SEED_PASSWORD must be at least 8 characters long")),
    SMTP_URL: optional(
      z
        .string()
        .url("SMTP_URL must be a URL such as smtp://user:pass@mail.example.com:587")
        .refine((value) => /^smtps?:\/\//.test(value), "SMTP_URL must start with smtp:// or smtps://"),
    ),
    MAIL_FROM: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .regex(/^([^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, "MAIL_FROM must be an address such as FX Trader <signals@fx.example.com>")
        .default("FX Trader <signals@localhost>"),
    ),
    WEBHOOK_ALLOW_PRIVATE: z.preprocess(
      (value) => (value === "" || value === undefined ? "0" : value),
      z.enum(["0", "1"], { errorMap: () => ({ message: "WEBHOOK_ALLOW_PRIVATE must be 1 (allow private targets and http://) or 0" }) }).transform((value) => value === "1"),
    ),
    TELEGRAM_BOT_TOKEN: optional(z.string().regex(/^\d+:[\w-]{20,}$/, "TELEGRAM_BOT_TOKEN must be a bot token from @BotFather, such as 123456:ABC-DEF...")),
    TELEGRAM_API_ROOT: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .url("TELEGRAM_API_ROOT must be the URL of a Bot API server, such as https://api.telegram.org")
        .refine((value) => /^https?:\/\//.test(value), "TELEGRAM_API_ROOT must start with http:// or https://")
        .transform((value) => value.replace(/\/+$/, ""))
        .default("https://api.telegram.org"),
    ),
    TELEGRAM_WEBHOOK_SECRET: optional(
      z.string().regex(/^[A-Za-z0-9_-]{16,256}$/, "TELEGRAM_WEBHOOK_SECRET must be 16 to 256 characters of A-Z, a-z, 0-9, _ and -"),
    ),
    VAPID_PUBLIC_KEY: optional(z.string().regex(/^[A-Za-z0-9_-]{87}$/, "VAPID_PUBLIC_KEY must be the base64url P-256 public key `npx web-push generate-vapid-keys` prints")),
    VAPID_PRIVATE_KEY: optional(z.string().regex(/^[A-Za-z0-9_-]{43}$/, "VAPID_PRIVATE_KEY must be the base64url private key `npx web-push generate-vapid-keys` prints")),
    VAPID_SUBJECT: optional(z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "VAPID_SUBJECT must be a mailto: address or an https:// URL where the push service can reach you")),
    DELIVERY_WORKER: z.preprocess(
      emptyAsUnset,
      z.enum(["inline", "off"], { errorMap: () => ({ message: "DELIVERY_WORKER must be inline (the server sends) or off (only `npm run worker` sends)" }) }).default("inline"),
    ),
    LITEFS_DIR: optional(z.string().min(1)),
    LITEFS_TX_WAIT_MS: milliseconds("LITEFS_TX_WAIT_MS", 10_000, 1_000),
    FLY_APP_NAME: optional(z.string().min(1)),
    /** How long the server answers visitors without a cookie from an unchanged database with the document it rendered for the same URL, ms; 0 renders every request (docs/decisions/0074-anonymous-page-cache.md). */
    PAGE_CACHE_MAX_AGE_MS: milliseconds("PAGE_CACHE_MAX_AGE_MS", 60_000, 5_000),
    /** Least level written to the JSON log (pino levels); default info, debug in development. */
    LOG_LEVEL: optional(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], { errorMap: () => ({ message: "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent" }) })),
    /** Bearer token `GET /metrics` requires; unset, only loopback clients are served (docs/decisions/0122-metrics.md). */
    METRICS_TOKEN: optional(z.string().min(16, "METRICS_TOKEN must be at least 16 characters long")),
    /** Where Litestream replicates the database (`file:///…` or `s3://bucket/path`); set, `npm start` runs the server under `litestream replicate` (docs/decisions/0138-litestream-backups.md). */
    LITESTREAM_REPLICA_URL: optional(z.string().regex(/^(file:\/\/\/|s3:\/\/)\S+$/, "LITESTREAM_REPLICA_URL must be a file:/// or s3:// URL")),
    /** An S3-compatible endpoint for an s3:// LITESTREAM_REPLICA_URL (e.g. http://minio:9000); empty for AWS. */
    LITESTREAM_S3_ENDPOINT: optional(z.string().url("LITESTREAM_S3_ENDPOINT must be a URL such as https://s3.example.com")),
    /** Load shedding: new requests get 503 while this many are in flight (docs/decisions/0139-load-shedding.md). */
    SHED_MAX_IN_FLIGHT: z.preprocess(emptyAsUnset, z.coerce.number({ invalid_type_error: "SHED_MAX_IN_FLIGHT must be a whole number from 1 to 10000" }).int("SHED_MAX_IN_FLIGHT must be a whole number from 1 to 10000").min(1, "SHED_MAX_IN_FLIGHT must be a whole number from 1 to 10000").max(10_000, "SHED_MAX_IN_FLIGHT must be a whole number from 1 to 10000").default(32)),
    /** Load shedding: new requests get 503 while the event loop lags more than this, ms. */
    SHED_MAX_LAG_MS: milliseconds("SHED_MAX_LAG_MS", 10_000, 150),
    /** Longest graceful shutdown after SIGTERM/SIGINT before the process exits anyway, ms. */
    SHUTDOWN_TIMEOUT_MS: milliseconds("SHUTDOWN_TIMEOUT_MS", 120_000, 10_000),
    /** Sent delivery jobs and their attempts older than this many days are pruned (docs/decisions/0121-scheduler-and-retention.md). */
    DELIVERY_RETENTION_DAYS: z.preprocess(emptyAsUnset, z.coerce.number({ invalid_type_error: "DELIVERY_RETENTION_DAYS must be a whole number of days from 1 to 3650" }).int("DELIVERY_RETENTION_DAYS must be a whole number of days from 1 to 3650").min(1, "DELIVERY_RETENTION_DAYS must be a whole number of days from 1 to 3650").max(3650, "DELIVERY_RETENTION_DAYS must be a whole number of days from 1 to 3650").default(30)),
    /** `GET /readyz` fails below this much free space on the database's disk, MB. */
    READYZ_MIN_FREE_MB: z.preprocess(emptyAsUnset, z.coerce.number({ invalid_type_error: "READYZ_MIN_FREE_MB must be a number of megabytes" }).int("READYZ_MIN_FREE_MB must be a whole number of megabytes").min(0, "READYZ_MIN_FREE_MB must be a whole number of megabytes").default(256)),
    /** `GET /readyz` fails when the delivery worker's last heartbeat is older than this, ms. */
    READYZ_HEARTBEAT_MAX_AGE_MS: milliseconds("READYZ_HEARTBEAT_MAX_AGE_MS", 3_600_000, 60_000),
    /** `GET /readyz` on a LiteFS replica fails when replication lags more than this, ms. */
    READYZ_REPLICA_LAG_MAX_MS: milliseconds("READYZ_REPLICA_LAG_MAX_MS", 3_600_000, 30_000),
    /** Stripe secret key (sk_test_… / sk_live_… / rk_…); set, billing runs on Stripe, unset, demo billing (docs/decisions/0163-stripe-library.md). */
    STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, "STRIPE_SECRET_KEY must be a Stripe secret key such as sk_test_…")),
    /** The webhook endpoint's signing secret (whsec_…), which POST /api/stripe/webhook verifies every event with. */
    STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_[A-Za-z0-9+/=_-]{8,}$/, "STRIPE_WEBHOOK_SECRET must be a webhook signing secret such as whsec_…")),
    /** Where the Stripe API is reached (default https://api.stripe.com), e.g. http://127.0.0.1:12111 for a local stand-in. */
    STRIPE_API_BASE: optional(z.string().url("STRIPE_API_BASE must be a URL such as http://127.0.0.1:12111").refine((value) => /^https?:\/\//.test(value), "STRIPE_API_BASE must start with http:// or https://")),
    /** The price feed that resolves open signals by itself; unset: none, prices come only from POST /api/admin/prices (docs/decisions/0168-price-feed-adapter.md). */
    PRICE_FEED: optional(z.enum(["oanda"], { errorMap: () => ({ message: "PRICE_FEED must be oanda (or unset for no feed)" }) })),
    /** OANDA v20 REST root: https://api-fxpractice.oanda.com (practice) or https://api-fxtrade.oanda.com (live). */
    OANDA_API_URL: optional(
      z
        .string()
        .url("OANDA_API_URL must be the v20 REST root, such as https://api-fxpractice.oanda.com")
        .refine((value) => /^https?:\/\//.test(value), "OANDA_API_URL must start with http:// or https://")
        .transform((value) => value.replace(/\/+$/, "")),
    ),
    /** OANDA v20 personal access token (sent as Authorization: Bearer; never logged). */
    OANDA_API_TOKEN: optional(z.string().min(8, "OANDA_API_TOKEN must be the personal access token from OANDA's account page")),
    /** How often the price feed is polled, ms (at least once a minute). */
    PRICE_FEED_POLL_MS: z.preprocess(
      emptyAsUnset,
      z.coerce
        .number({ invalid_type_error: "PRICE_FEED_POLL_MS must be a number of milliseconds from 1000 to 60000" })
        .int("PRICE_FEED_POLL_MS must be a whole number of milliseconds")
        .min(1000, "PRICE_FEED_POLL_MS must be a number of milliseconds from 1000 to 60000")
        .max(60_000, "PRICE_FEED_POLL_MS must be a number of milliseconds from 1000 to 60000")
        .default(30_000),
    ),
    /** Benchmarks only (`npm run bench:scale`): a file that receives every SQL statement the app's connection runs, one a line. */
    BENCH_SQL_LOG: optional(z.string().min(1)),
  })
  .superRefine((env, ctx) => {
    if (env.LITEFS_DIR) {
      if (resolve(dirname(env.DATABASE_PATH)) !== resolve(env.LITEFS_DIR)) {
        ctx.addIssue({ code: "custom", path: ["DATABASE_PATH"], message: `DATABASE_PATH must name a file directly in LITEFS_DIR (${env.LITEFS_DIR}), such as ${join(env.LITEFS_DIR, "fx-trader.db")}` });
      }
      if (!env.SESSION_SECRET) {
        ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "SESSION_SECRET is required when LITEFS_DIR is set: every instance must sign cookies with the same secret, and the LiteFS mount holds only databases" });
      }
    }
    if (env.TELEGRAM_BOT_TOKEN && !env.TELEGRAM_WEBHOOK_SECRET) {
      ctx.addIssue({ code: "custom", path: ["TELEGRAM_WEBHOOK_SECRET"], message: "TELEGRAM_WEBHOOK_SECRET is required when TELEGRAM_BOT_TOKEN is set" });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: "custom", path: ["STRIPE_WEBHOOK_SECRET"], message: "STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set (Stripe billing is written only by verified webhook events)" });
    }
    if (env.PRICE_FEED === "oanda") {
      if (!env.OANDA_API_URL) ctx.addIssue({ code: "custom", path: ["OANDA_API_URL"], message: "OANDA_API_URL is required when PRICE_FEED=oanda" });
      if (!env.OANDA_API_TOKEN) ctx.addIssue({ code: "custom", path: ["OANDA_API_TOKEN"], message: "OANDA_API_TOKEN is required when PRICE_FEED=oanda" });
    }
    const vapid = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT];
    if (vapid.some(Boolean) && !vapid.every(Boolean)) {
      ctx.addIssue({ code: "custom", path: ["VAPID_PUBLIC_KEY"], message: "set all of VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT for Web Push, or none" });
    }
    const endpoints = [env.OAUTH_AUTHORIZATION_URL, env.OAUTH_TOKEN_URL, env.OAUTH_USERINFO_URL];
    const anyOAuth = env.OAUTH_ISSUER || endpoints.some(Boolean) || env.OAUTH_CLIENT_ID;
    if (!anyOAuth) return;
    if (!env.OAUTH_CLIENT_ID) {
      ctx.addIssue({ code: "custom", path: ["OAUTH_CLIENT_ID"], message: "OAUTH_CLIENT_ID is required when OAuth is configured" });
    }
    if (!env.OAUTH_ISSUER && !endpoints.every(Boolean)) {
      ctx.addIssue({
        code: "custom",
        path: ["OAUTH_ISSUER"],
        message: "set OAUTH_ISSUER, or all of OAUTH_AUTHORIZATION_URL, OAUTH_TOKEN_URL and OAUTH_USERINFO_URL",
      });
    }
  });

export type Env = z.infer<typeof envSchema> & { SESSION_SECRET: string };

let cached: Env | undefined;

/** Path of the generated session secret kept beside the database file. */
export function sessionSecretPath(databasePath: string): string {
  return join(dirname(databasePath), ".session-secret");
}

/** Path of the generated ledger signing key kept beside the database file (PKCS#8 PEM, mode 0600). */
export function ledgerKeyPath(databasePath: string): string {
  return join(dirname(databasePath), ".ledger-signing-key.pem");
}

/**
 * Parses and validates `process.env` once.
 * @throws Error listing every invalid variable by name.
 */
export function getEnv(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join(".") || "env"}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  let secret = env.SESSION_SECRET;
  if (!secret) {
    const file = sessionSecretPath(env.DATABASE_PATH);
    if (existsSync(file)) secret = readFileSync(file, "utf8").trim();
    if (secret && secret.length < 32) {
      throw new Error(`Invalid environment configuration:\n  - SESSION_SECRET: the secret in ${file} must be at least 32 characters long`);
    }
  }
  if (!secret) {
    throw new Error(
      "Invalid environment configuration:\n  - SESSION_SECRET: not set (run `npm start`, which generates one beside the database, or set it yourself)",
    );
  }
  cached = { ...env, SESSION_SECRET: secret };
  return cached;
}

/** The VAPID keys and subject of Web Push (RFC 8292), or null when push is not configured. */
export function vapidConfig(env: Env = getEnv()): { publicKey: string; privateKey: string; subject: string } | null {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY || !env.VAPID_SUBJECT) return null;
  return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT };
}

/** True when either OAuth configuration (issuer discovery, or explicit endpoints) is complete. */
export function isOAuthConfigured(env: Env = getEnv()): boolean {
  return Boolean(env.OAUTH_CLIENT_ID && (env.OAUTH_ISSUER || env.OAUTH_TOKEN_URL));
}

/**
 * The site's public origin for absolute links (RSS, sitemap, robots, og:url):
 * APP_URL when set, else the request's own origin. No trailing slash.
 */
export function publicOrigin(request: Request): string {
  const configured = getEnv().APP_URL;
  return (configured ? new URL(configured).origin : new URL(request.url).origin).replace(/\/+$/, "");
}

/** The Telegram bot's settings when the channel is on (TELEGRAM_BOT_TOKEN set), else null. */
export function telegramConfig(env: Env = getEnv()): { token: string; apiRoot: string; webhookSecret: string } | null {
  if (!env.TELEGRAM_BOT_TOKEN || !env.TELEGRAM_WEBHOOK_SECRET) return null;
  return { token: env.TELEGRAM_BOT_TOKEN, apiRoot: env.TELEGRAM_API_ROOT, webhookSecret: env.TELEGRAM_WEBHOOK_SECRET };
}

/** How billing runs: on Stripe when STRIPE_SECRET_KEY is set, else the demo (no card is charged). */
export type BillingMode = "stripe" | "demo";

/** The Stripe client's settings: the secret key, the webhook secret and the API host split as the `stripe` library's options want it. */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** From STRIPE_API_BASE (default https://api.stripe.com): host name, port and protocol. */
  host: string;
  port: number;
  protocol: "http" | "https";
}

/**
 * Splits STRIPE_API_BASE into the `host`, `port` and `protocol` options of
 * `new Stripe(key, options)`; the port defaults to the protocol's (80, 443).
 * @param base an http(s) URL such as `http://127.0.0.1:12111`; undefined: https://api.stripe.com.
 */
export function stripeApiTarget(base: string | undefined): Pick<StripeConfig, "host" | "port" | "protocol"> {
  const url = new URL(base ?? "https://api.stripe.com");
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443, protocol };
}

const stripeEnvSchema = z.object({
  STRIPE_SECRET_KEY: envSchema.innerType().shape.STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: envSchema.innerType().shape.STRIPE_WEBHOOK_SECRET,
  STRIPE_API_BASE: envSchema.innerType().shape.STRIPE_API_BASE,
});

/**
 * The Stripe settings read from `source` (default `process.env`, read on each
 * call so that tests can switch modes), or null in demo mode (no
 * STRIPE_SECRET_KEY). Invalid values were already refused at start-up by `getEnv`.
 * @throws Error when STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET or a value is malformed.
 */
export function stripeConfig(source: NodeJS.ProcessEnv = process.env): StripeConfig | null {
  const parsed = stripeEnvSchema.safeParse(source);
  if (!parsed.success) throw new Error(`Invalid environment configuration: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`);
  const env = parsed.data;
  if (!env.STRIPE_SECRET_KEY) return null;
  if (!env.STRIPE_WEBHOOK_SECRET) throw new Error("Invalid environment configuration: STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set");
  return { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, ...stripeApiTarget(env.STRIPE_API_BASE) };
}

/** "stripe" when STRIPE_SECRET_KEY is set, else "demo". */
export function billingMode(source: NodeJS.ProcessEnv = process.env): BillingMode {
  return emptyAsUnset(source.STRIPE_SECRET_KEY) ? "stripe" : "demo";
}

/**
 * What this server can do (`Capabilities` of app/domain/claims.ts), for the claims register (app/content/claims.ts,
 * docs/decisions/0158-claims-register.md): Telegram on when its bot token and
 * webhook secret are set (read per call, as `telegramConfig` validates them at start-up), Stripe billing when STRIPE_SECRET_KEY is set
 * (else "demo"), Web Push when VAPID keys are set (`vapidConfig`).
 */
export function siteCapabilities(env: Env = getEnv()): { telegramEnabled: boolean; billingMode: BillingMode; webPushEnabled: boolean } {
  return {
    telegramEnabled: Boolean(process.env.TELEGRAM_BOT_TOKEN && process.env.TELEGRAM_WEBHOOK_SECRET),
    billingMode: billingMode(),
    webPushEnabled: vapidConfig(env) !== null,
  };
}

/** The price feed's settings when one is configured (PRICE_FEED set), else null. */
export function priceFeedConfig(env: Env = getEnv()): { source: "oanda"; apiUrl: string; token: string; pollMs: number } | null {
  if (env.PRICE_FEED !== "oanda" || !env.OANDA_API_URL || !env.OANDA_API_TOKEN) return null;
  return { source: "oanda", apiUrl: env.OANDA_API_URL, token: env.OANDA_API_TOKEN, pollMs: env.PRICE_FEED_POLL_MS };
}
