/**
 * Database schema (drizzle-orm, SQLite). All timestamps are UTC instants stored
 * as integer milliseconds since the Unix epoch and surfaced as `Date`.
 * Prices are stored as REAL in the instrument's quote currency (e.g. 1.08500 USD per EUR).
 */
import { sql } from "drizzle-orm";
import {
  blob,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { CLOSE_REASONS, LIFECYCLE_STATUSES } from "../app/domain/signal-lifecycle";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(CAST(unixepoch('subsec') * 1000 AS INTEGER))`);

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Stored lower-cased so uniqueness is case-insensitive. */
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    role: text("role", { enum: ["user", "admin"] }).notNull().default("user"),
    /** argon2id hash; null for accounts that only sign in through OAuth. */
    passwordHash: text("password_hash"),
    /** When the owner proved they receive mail at `email` (a verification link, a reset link, OAuth, seed or create-admin); null until then. */
    emailVerifiedAt: integer("email_verified_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    /** When the user asked to delete the account; purged 14 days later unless they cancel by signing in. */
    deletionRequestedAt: integer("deletion_requested_at", { mode: "timestamp_ms" }),
    /** When the purge removed the profile (the row stays, anonymised, for the kept billing records). */
    purgedAt: integer("purged_at", { mode: "timestamp_ms" }),
    /** The user's Stripe customer (`cus_…`), created at the first checkout and reused for every later one; null in demo billing. */
    stripeCustomerId: text("stripe_customer_id"),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email), uniqueIndex("users_stripe_customer_unique").on(t.stripeCustomerId)],
);

export const oauthAccounts = sqliteTable(
  "oauth_accounts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("oauth_accounts_provider_unique").on(t.provider, t.providerAccountId)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** Random 32-byte id, hex; the cookie carries it signed. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const strategies = sqliteTable(
  "strategies",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    riskClass: text("risk_class").notNull(),
    timeframes: text("timeframes").notNull(),
    instruments: text("instruments").notNull(),
    avgDuration: text("avg_duration"),
    /** Percent of winning trades, 0..100. */
    winRate: real("win_rate"),
    methodology: text("methodology"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
  },
  // Slugs are looked up case-insensitively (`lower(slug) = ?`).
  (t) => [index("strategies_slug_lower_idx").on(sql`lower(${t.slug})`)],
);

export const SIGNAL_SIDES = ["LONG", "SHORT"] as const;
/** Lifecycle statuses: PENDING waits for its limit/stop entry, ACTIVE is in the market (app/domain/signal-lifecycle.ts). */
export const SIGNAL_STATUSES = LIFECYCLE_STATUSES;
export const ENTRY_METHODS = ["market", "limit", "stop"] as const;
export { CLOSE_REASONS };

export const signals = sqliteTable(
  "signals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    strategyId: integer("strategy_id")
      .notNull()
      .references(() => strategies.id),
    symbol: text("symbol").notNull(),
    side: text("side", { enum: SIGNAL_SIDES }).notNull(),
    status: text("status", { enum: SIGNAL_STATUSES }).notNull().default("ACTIVE"),
    /** Prices in the instrument's quote currency. */
    entryPrice: real("entry_price").notNull(),
    entryMethod: text("entry_method", { enum: ENTRY_METHODS }).notNull().default("market"),
    sl: real("sl").notNull(),
    tp1: real("tp1").notNull(),
    tp2: real("tp2"),
    rationale: text("rationale"),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    /** When the signal ended: closed, cancelled or expired. */
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
    // The projection of the signal's ledger events (app/models/signals.server.ts writes it with each event).
    // `sl`, `tp1` and `tp2` are the current levels (stop loss, take profits); the published stop stays in `originalSl`.
    /** The stop loss at publish (the risk unit of `resultR`); null only before the ledger backfill. */
    originalSl: real("original_sl"),
    /** Fill price; null while PENDING and for signals that ended unfilled. */
    fillPrice: real("fill_price"),
    triggeredAt: integer("triggered_at", { mode: "timestamp_ms" }),
    /** Share of the original position still open, 0..1. */
    remaining: real("remaining").notNull().default(1),
    /** Outcome of a CLOSED signal: volume-weighted exit price, reason, pips to 0.1 and R to 0.01. */
    exitPrice: real("exit_price"),
    closeReason: text("close_reason", { enum: CLOSE_REASONS }),
    resultPips: real("result_pips"),
    resultR: real("result_r"),
  },
  (t) => [
    index("signals_created_idx").on(t.createdAt),
    index("signals_strategy_created_idx").on(t.strategyId, t.createdAt),
    // Lists by status, newest first (the desk's open and ended lists), walk this index from the newest row of each status
    // and stop at the limit; counting the open signals (`status = 'ACTIVE'`) and the expiry sweep read it, not the table.
    index("signals_status_created_idx").on(t.status, t.createdAt, t.id),
  ],
);

export const PLAN_IDS = ["starter", "pro", "institutional"] as const;
export const SUBSCRIPTION_STATUSES = ["ACTIVE", "TRIAL", "PAUSED", "CANCELLED", "EXPIRED"] as const;

export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    plan: text("plan", { enum: PLAN_IDS }).notNull(),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull(),
    startDate: integer("start_date", { mode: "timestamp_ms" }).notNull(),
    /** End of the current period (trial end, or next billing date). */
    endDate: integer("end_date", { mode: "timestamp_ms" }).notNull(),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    /** Plan chosen during a trial, which starts (and is charged) when the trial ends; null when none is scheduled. */
    pendingPlan: text("pending_plan", { enum: PLAN_IDS }),
    createdAt: createdAt(),
    /** Stripe billing: the Stripe subscription (`sub_…`) this row mirrors; null for demo billing. Written only by verified webhook events. */
    stripeSubscriptionId: text("stripe_subscription_id"),
    /** Stripe's own status of that subscription (`past_due`, `unpaid`, ...), as last reported; null for demo billing. */
    stripeStatus: text("stripe_status"),
    /** `created` (ms) of the last Stripe event applied to this row; older events are not applied (docs/decisions/0165-stripe-webhook-ordering.md). */
    stripeEventAt: integer("stripe_event_at"),
    /** When a payment became overdue (`past_due`); access lasts PAST_DUE_GRACE_DAYS from then. Null: paid up. */
    pastDueSince: integer("past_due_since", { mode: "timestamp_ms" }),
    /** Failed payment attempts reported by `invoice.payment_failed` over the subscription's life. */
    failedPayments: integer("failed_payments").notNull().default(0),
  },
  (t) => [uniqueIndex("subscriptions_user_unique").on(t.userId), uniqueIndex("subscriptions_stripe_unique").on(t.stripeSubscriptionId)],
);

export const strategyAccess = sqliteTable(
  "strategy_access",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    strategyId: integer("strategy_id")
      .notNull()
      .references(() => strategies.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** "Auto-send to MT5": every new ACTIVE or PENDING signal of this strategy is queued for the user's Expert Advisor. */
    mt5AutoSend: integer("mt5_auto_send", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.strategyId] })],
);

export const blogPosts = sqliteTable(
  "blog_posts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    excerpt: text("excerpt"),
    category: text("category").notNull().default("General"),
    /** Raw HTML as authored (kept so a new sanitising policy can be applied again). */
    content: text("content"),
    /** `content` after `sanitizePostHtml`, written with it (docs/decisions/0062); null when there is no content. What readers get. */
    contentHtml: text("content_html"),
    author: text("author"),
    publishedAt: integer("published_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("blog_posts_published_idx").on(t.publishedAt),
    index("blog_posts_slug_lower_idx").on(sql`lower(${t.slug})`),
    /** A post's related posts of its own category, newest first (relatedPosts). */
    index("blog_posts_category_published_idx").on(t.category, t.publishedAt, t.id),
  ],
);

/** What a contact message is about (issue 13: a strategy call is booked through the contact form). */
export const CONTACT_TOPICS = ["general", "strategy-call"] as const;

export const contactMessages = sqliteTable("contact_messages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  email: text("email").notNull(),
  tradingExperience: text("trading_experience"),
  preferredTime: text("preferred_time"),
  goals: text("goals"),
  message: text("message").notNull(),
  /** What the message is about: a general question or a strategy call request. */
  topic: text("topic", { enum: CONTACT_TOPICS }).notNull().default("general"),
  /** A strategy call's requested start (UTC); null for other topics. */
  callSlot: integer("call_slot", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
});

export const newsletterSubscribers = sqliteTable("newsletter_subscribers", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  createdAt: createdAt(),
});

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** First characters of the key, shown in lists to tell keys apart. */
    prefix: text("prefix").notNull(),
    /** SHA-256 hex of the whole key; the key itself is never stored. */
    keyHash: text("key_hash").notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("api_keys_user_idx").on(t.userId)],
);

export const RISK_TEMPLATES = ["Conservative", "Balanced", "Aggressive"] as const;

export const userSettings = sqliteTable("user_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  emailAlerts: integer("email_alerts", { mode: "boolean" }).notNull().default(true),
  telegramAlerts: integer("telegram_alerts", { mode: "boolean" }).notNull().default(false),
  pushAlerts: integer("push_alerts", { mode: "boolean" }).notNull().default(false),
  newsBlackout: integer("news_blackout", { mode: "boolean" }).notNull().default(true),
  riskTemplate: text("risk_template", { enum: RISK_TEMPLATES }).notNull().default("Balanced"),
  loginNotifications: integer("login_notifications", { mode: "boolean" }).notNull().default(true),
  /** Session lifetime for new sign-ins, in minutes. */
  sessionTimeoutMinutes: integer("session_timeout_minutes").notNull().default(43200),
});

/** TOTP second factor (RFC 6238). `enabledAt` is null while enrolment awaits its confirming code. */
export const twoFactor = sqliteTable("two_factor", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Base32 TOTP secret. */
  secret: text("secret").notNull(),
  enabledAt: integer("enabled_at", { mode: "timestamp_ms" }),
  /** Time step (counter) of the last accepted code, so a code cannot be replayed. */
  lastUsedStep: integer("last_used_step"),
  createdAt: createdAt(),
});

/**
 * One-time recovery codes for two-factor sign-in (docs/decisions/0049-two-factor-recovery-codes.md):
 * only the SHA-256 of each code is stored; `usedAt` is set when the code is spent.
 */
export const twoFactorRecoveryCodes = sqliteTable(
  "two_factor_recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Hex SHA-256 of the normalized code. */
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("two_factor_recovery_codes_hash_unique").on(t.userId, t.codeHash)],
);

export const BILLING_EVENTS = ["trial_started", "plan_changed", "plan_scheduled", "paused", "resumed", "cancelled", "renewed"] as const;

/** What happened to a subscription and what it cost; no payment provider yet, so these are records, not charges. */
export const billingRecords = sqliteTable(
  "billing_records",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    event: text("event", { enum: BILLING_EVENTS }).notNull(),
    plan: text("plan", { enum: PLAN_IDS }).notNull(),
    /** Amount in US cents (0 for trials and status changes). */
    amountCents: integer("amount_cents").notNull().default(0),
    description: text("description").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("billing_records_user_idx").on(t.userId, t.createdAt)],
);

/**
 * Stripe webhook events already handled, by `event.id`: a redelivered event
 * answers 200 and changes nothing (docs/decisions/0165-stripe-webhook-ordering.md).
 * No payload and no user: only what idempotency needs.
 */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  /** The event's `created`, ms. */
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull(),
});

/** Requests made with API keys, per user and UTC calendar month ('2026-11'). */
export const apiUsage = sqliteTable(
  "api_usage",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    month: text("month").notNull(),
    requests: integer("requests").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

/** Signals a user sent to MetaTrader 5; an Expert Advisor polls them in id order. */
export const mt5Queue = sqliteTable(
  "mt5_queue",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    signalId: integer("signal_id")
      .notNull()
      .references(() => signals.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** 1 when queued, +1 for every later ledger event of the signal (modified, closed…): the Expert Advisor applies each version. */
    version: integer("version").notNull().default(1),
    /** When the entry last changed (queued, or a later event of its signal). */
    changedAt: integer("changed_at", { mode: "timestamp_ms" }),
    /** The version last offered by a poll, and when (null: never offered). */
    offeredVersion: integer("offered_version"),
    offeredAt: integer("offered_at", { mode: "timestamp_ms" }),
    /** The version the Expert Advisor acknowledged (null: none). */
    ackedVersion: integer("acked_version"),
    ackedAt: integer("acked_at", { mode: "timestamp_ms" }),
    /** True when queued by the strategy's auto-send rather than by "Send to MT5". */
    auto: integer("auto", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    uniqueIndex("mt5_queue_user_signal_unique").on(t.userId, t.signalId),
    index("mt5_queue_user_idx").on(t.userId, t.id),
    // A later event of a signal bumps the version of its entries (in the ledger transaction).
    index("mt5_queue_signal_idx").on(t.signalId),
  ],
);

export type User = typeof users.$inferSelect;
export type Strategy = typeof strategies.$inferSelect;
export type Signal = typeof signals.$inferSelect;
export type NewSignal = typeof signals.$inferInsert;
export type Subscription = typeof subscriptions.$inferSelect;
export type BlogPost = typeof blogPosts.$inferSelect;
/**
 * The signal ledger: one global, append-only, hash-chained table of signal
 * events (docs/ledger.md). `seq` runs 1, 2, 3, ... with no gaps; SQLite
 * triggers (migration 0002) refuse UPDATE and DELETE. Times are stored as
 * epoch milliseconds, so they round-trip exactly to the ISO text hashed.
 */
export const signalEvents = sqliteTable(
  "signal_events",
  {
    seq: integer("seq").primaryKey(),
    signalId: integer("signal_id")
      .notNull()
      .references(() => signals.id),
    type: text("type").notNull(),
    /** RFC 8785 canonical JSON text of the payload. */
    payload: text("payload").notNull(),
    /** 32 lowercase hex characters (128 bits). */
    salt: text("salt").notNull(),
    payloadHash: text("payload_hash").notNull(),
    occurredAt: integer("occurred_at", { mode: "timestamp_ms" }).notNull(),
    recordedAt: integer("recorded_at", { mode: "timestamp_ms" }).notNull(),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [index("signal_events_signal_seq_idx").on(t.signalId, t.seq)],
);

export type SignalEventRow = typeof signalEvents.$inferSelect;

/**
 * The ledger's RFC 9162 Merkle tree as stored complete subtrees (app/domain/merkle.ts):
 * the node at (level, index) is the 32-byte hash over leaves [index·2^level,
 * (index+1)·2^level), kept under the rowid `level·2^40 + index` (one B-tree
 * lookup per node); level 0 holds leaf hashes, leaf index = seq − 1. Written
 * with each ledger row (app/models/ledger-tree.server.ts).
 */
export const ledgerTreeNodes = sqliteTable("ledger_tree_nodes", {
  id: integer("id").primaryKey(),
  hash: blob("hash", { mode: "buffer" }).notNull(),
});
export type PlanId = (typeof PLAN_IDS)[number];
export type SignalSide = (typeof SIGNAL_SIDES)[number];
export type SignalStatus = (typeof SIGNAL_STATUSES)[number];
export type EntryMethod = (typeof ENTRY_METHODS)[number];
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

// ---------------------------------------------------------------------------
// Delivery (docs/decisions/0044-delivery-outbox.md)

/** Webhook endpoints a user registered; the signing secret is stored to sign, and shown once. */
export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    /** JSON array of the event type names the endpoint receives (`signal.published`, ...). */
    eventTypes: text("event_types").notNull(),
    /** `whsec_` + base64 of 24 random bytes (Standard Webhooks). */
    secret: text("secret").notNull(),
    /** The secret before the last rotation, still signed with until `previousSecretExpiresAt`. */
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: integer("previous_secret_expires_at", { mode: "timestamp_ms" }),
    /** Start of the current run of failed attempts; null after a success. */
    failingSince: integer("failing_since", { mode: "timestamp_ms" }),
    /** Set when the endpoint was disabled after failing for 5 days; disabled endpoints get no jobs. */
    disabledAt: integer("disabled_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_endpoints_user_idx").on(t.userId)],
);

/**
 * A user's Telegram chat (docs/decisions/0050-telegram-channel.md): a pending
 * one-time link code (only its SHA-256 is stored, valid until
 * `codeExpiresAt`), then the chat it linked. One row per user.
 */
export const telegramLinks = sqliteTable(
  "telegram_links",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Hex SHA-256 of the pending code; null once used. */
    codeHash: text("code_hash"),
    codeExpiresAt: integer("code_expires_at", { mode: "timestamp_ms" }),
    /** Telegram chat id (a 64-bit integer, kept as text); null until linked. */
    chatId: text("chat_id"),
    /** The chat's name as Telegram gave it at linking (`@username` or first name). */
    chatName: text("chat_name"),
    linkedAt: integer("linked_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("telegram_links_code_unique").on(t.codeHash), index("telegram_links_chat_idx").on(t.chatId)],
);

/**
 * The economic calendar the news blackout reads (docs/decisions/0054-news-blackout.md):
 * high-impact releases the admin enters (`npm run news -- add ...`). Alerts
 * of new signals for users with the blackout on are held around each one.
 */
export const newsEvents = sqliteTable(
  "news_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** When the figure is released. */
    releasedAt: integer("released_at", { mode: "timestamp_ms" }).notNull(),
    /** ISO 4217 code of the currency it moves, e.g. USD. */
    currency: text("currency").notNull(),
    /** What is released, e.g. "US Non-Farm Payrolls". */
    title: text("title").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("news_events_released_idx").on(t.releasedAt)],
);

/**
 * Web Push subscriptions (docs/decisions/0055-web-push.md): one per browser a
 * user enabled push in, as the browser's PushManager gave it. `endpoint` is
 * the push service URL; `p256dh` and `auth` the keys (base64url) the message
 * is encrypted for (RFC 8291).
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

export const DELIVERY_CHANNELS = ["webhook", "email", "telegram", "push"] as const;
export const DELIVERY_STATUSES = ["queued", "sending", "sent", "retrying", "dead"] as const;

/**
 * The transactional outbox: one row per (ledger event, user, channel, target),
 * written in the transaction that appends the event. `targetId` is the webhook
 * endpoint or push subscription id (0 for email and Telegram). Jobs not from the ledger (test events, notices)
 * have `seq` null and carry their own `payload`.
 */
export const deliveryJobs = sqliteTable(
  "delivery_jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    seq: integer("seq").references(() => signalEvents.seq),
    signalId: integer("signal_id").references(() => signals.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: DELIVERY_CHANNELS }).notNull(),
    targetId: integer("target_id").notNull().default(0),
    /** `signal.published` ... `signal.expired`, `webhook.test`, `webhook.disabled`. */
    eventType: text("event_type").notNull(),
    /** JSON data of a job that is not a ledger event; null for ledger events (built from the ledger at send time). */
    payload: text("payload"),
    status: text("status", { enum: DELIVERY_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull(),
    leaseOwner: text("lease_owner"),
    leaseUntil: integer("lease_until", { mode: "timestamp_ms" }),
    lastError: text("last_error"),
    lastStatusCode: integer("last_status_code"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("delivery_jobs_event_target_unique").on(t.seq, t.userId, t.channel, t.targetId),
    index("delivery_jobs_due_idx").on(t.status, t.nextAttemptAt),
    index("delivery_jobs_order_idx").on(t.userId, t.channel, t.targetId, t.seq),
    index("delivery_jobs_target_idx").on(t.channel, t.targetId, t.createdAt),
  ],
);

/**
 * Fan-out after commit (docs/decisions/0151-fan-out-after-commit.md): the
 * publish transaction writes one row per (ledger event, channel) instead of
 * one job per subscriber; a worker expands it into `delivery_jobs` in chunks
 * of subscribers in user-id order, `cursor` being the last user id expanded,
 * under a lease (`leaseOwner`, `leaseUntil`) renewed by every chunk. Rows of
 * one channel are expanded in `seq` order, and a job waits while an earlier
 * event of its channel is still `pending`, so per-target order holds.
 */
export const deliveryFanouts = sqliteTable(
  "delivery_fanouts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The ledger event (no foreign key: a row whose event is gone is expanded to nothing). */
    seq: integer("seq").notNull(),
    signalId: integer("signal_id").notNull(),
    channel: text("channel", { enum: DELIVERY_CHANNELS }).notNull(),
    status: text("status", { enum: ["pending", "done"] }).notNull().default("pending"),
    /** The last user id expanded (0 before the first chunk). */
    cursor: integer("cursor").notNull().default(0),
    /** Jobs written so far. */
    jobs: integer("jobs").notNull().default(0),
    leaseOwner: text("lease_owner"),
    leaseUntil: integer("lease_until", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expandedAt: integer("expanded_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("delivery_fanouts_event_channel_unique").on(t.seq, t.channel), index("delivery_fanouts_pending_idx").on(t.status, t.channel, t.seq)],
);

/**
 * Per-host circuit breakers of the webhook channel
 * (docs/decisions/0152-per-host-circuit-breaking.md), one row per host
 * (`host:port`), written by workers when a breaker changes state, read by
 * /admin/deliveries. `timeouts` counts the timeouts in the current window
 * (starting at `windowStart`); `openedAt` is when the breaker last opened.
 */
export const deliveryBreakers = sqliteTable("delivery_breakers", {
  host: text("host").primaryKey(),
  state: text("state", { enum: ["closed", "open", "half-open"] }).notNull(),
  timeouts: integer("timeouts").notNull().default(0),
  windowStart: integer("window_start", { mode: "timestamp_ms" }),
  openedAt: integer("opened_at", { mode: "timestamp_ms" }),
  /** When an open breaker lets a trial attempt through. */
  retryAt: integer("retry_at", { mode: "timestamp_ms" }),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/** One try at sending a delivery job. */
export const deliveryAttempts = sqliteTable(
  "delivery_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    jobId: integer("job_id")
      .notNull()
      .references(() => deliveryJobs.id, { onDelete: "cascade" }),
    /** 1 for the first try. */
    attempt: integer("attempt").notNull(),
    attemptedAt: integer("attempted_at", { mode: "timestamp_ms" }).notNull(),
    /** HTTP status (webhooks) or SMTP reply code (email); null when no answer came. */
    statusCode: integer("status_code"),
    latencyMs: integer("latency_ms").notNull(),
    /** First 500 characters of the answer. */
    responseExcerpt: text("response_excerpt"),
    error: text("error"),
  },
  (t) => [index("delivery_attempts_job_idx").on(t.jobId, t.attemptedAt), index("delivery_attempts_attempted_idx").on(t.attemptedAt)],
);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type DeliveryJob = typeof deliveryJobs.$inferSelect;
export type TelegramLink = typeof telegramLinks.$inferSelect;
export type NewsEvent = typeof newsEvents.$inferSelect;
export type PushSubscription = typeof pushSubscriptions.$inferSelect;
export type DeliveryAttempt = typeof deliveryAttempts.$inferSelect;
export type DeliveryFanout = typeof deliveryFanouts.$inferSelect;
export type DeliveryBreaker = typeof deliveryBreakers.$inferSelect;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One row per run of the seed (db/seed.ts): when it ran and the last signal id
 * of the simulated history it published (null for none). A record of the
 * runs only: whether a trade is simulated is sealed in its `published` ledger
 * event, not derived from ids (docs/decisions/0145-simulated-flag-in-the-ledger.md).
 */
export const seedRuns = sqliteTable("seed_runs", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  ranAt: integer("ran_at", { mode: "timestamp_ms" }).notNull(),
  /** The highest signal id the run published; null when it published none. */
  lastSignalId: integer("last_signal_id"),
});

/**
 * Answers of non-idempotent /api POSTs and of the admin desk's publish form, kept
 * by the `Idempotency-Key` the caller sent (docs/decisions/0125-idempotency-keys.md):
 * a retry with the same key and body gets the stored answer instead of a second write.
 * `status` is null while the first request runs (the key is reserved before the write).
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    /** Who sent the key: `user:<id>` (API key or session of that user), `form:user:<id>` for the desk's form. */
    caller: text("caller").notNull(),
    key: text("key").notNull(),
    /** SHA-256 (hex) of the method, path and body of the first request. */
    fingerprint: text("fingerprint").notNull(),
    status: integer("status"),
    contentType: text("content_type"),
    body: text("body"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.caller, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

export const ACCOUNT_TOKEN_PURPOSES = ["password-reset", "email-verify", "email-change"] as const;

/**
 * Single-use links mailed to a user (docs/decisions/0115-account-links.md): a
 * password reset, an email verification, an email change. Only the SHA-256 of
 * the 256-bit token is stored; a row is deleted when used or replaced by a newer one.
 */
export const accountTokens = sqliteTable(
  "account_tokens",
  {
    /** Hex SHA-256 of the token the link carries. */
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    /** The address the link was mailed to (for an email change, the new address). */
    email: text("email").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("account_tokens_user_purpose_idx").on(t.userId, t.purpose)],
);

export type AccountToken = typeof accountTokens.$inferSelect;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * The last sign of life of each long-running process part (`delivery-worker`
 * today), written by the primary every few seconds and read by `GET /readyz`
 * (docs/decisions/0120-health-and-readiness.md). On a LiteFS replica the
 * newest beat's age also bounds how far replication lags.
 */
export const heartbeats = sqliteTable("heartbeats", {
  /** What beats, e.g. `delivery-worker`. */
  name: text("name").primaryKey(),
  /** Who beat last, e.g. the worker's lease owner `<host>:<pid>:<random>`. */
  owner: text("owner").notNull(),
  beatAt: integer("beat_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * The signals whose stored row parts from the fold of their ledger events, as
 * the projection check last found them (app/models/projection-check.server.ts,
 * docs/decisions/0148-projection-check.md): rewritten whole by the check at
 * start and each hour, and row by row for the signals a write batch touched.
 * Every process reads it, so /admin shows the drift whichever node served it.
 */
export const projectionDrift = sqliteTable("projection_drift", {
  signalId: integer("signal_id").primaryKey(),
  /** JSON array of `{ field, stored, folded }` (ledger-fold.ts's DriftField). */
  fields: text("fields").notNull(),
  detectedAt: integer("detected_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * The close of every price bar received (POST /api/admin/prices and the
 * seed's history), one row per symbol and bar open time: the track record
 * converts a cross's pip value to USD with the USD rate of its quote currency
 * at the trade's exit (docs/decisions/0156-pip-values-from-price-bars.md).
 * The first bar received for a (symbol, time) is kept.
 */
export const priceBars = sqliteTable(
  "price_bars",
  {
    symbol: text("symbol").notNull(),
    time: integer("time", { mode: "timestamp_ms" }).notNull(),
    /** Quote units per base unit. */
    close: real("close").notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.time] })],
);

/**
 * The price feed's state per symbol (app/models/price-feed.server.ts,
 * docs/decisions/0168-price-feed-adapter.md): the newest bar received, its
 * mid close (quote units per base unit), when the symbol was last polled,
 * the market minutes missing so far (weekends and holidays excluded) and
 * the last error. Read by the admin desk's and the status page's feed health.
 */
export const priceFeedSymbols = sqliteTable("price_feed_symbols", {
  symbol: text("symbol").primaryKey(),
  /** `oanda`, `histdata` or `dukascopy` (price-feed.ts's FEED_SOURCES). */
  source: text("source").notNull(),
  /** The provider's instrument name, e.g. EUR_USD. */
  instrument: text("instrument").notNull(),
  lastBarAt: integer("last_bar_at", { mode: "timestamp_ms" }),
  lastClose: real("last_close"),
  polledAt: integer("polled_at", { mode: "timestamp_ms" }),
  missingMinutes: integer("missing_minutes").notNull().default(0),
  /** The last poll's error message (never a token), null after a good poll. */
  lastError: text("last_error"),
});

export const LEGAL_CONSENT_DOCUMENTS = ["terms", "privacy"] as const;

/**
 * Each acceptance of a version of the Terms of Use or the Privacy Policy by a
 * user (at sign-up, or at the interstitial after a new version): kept as a
 * history; the newest row per document is what the user has accepted.
 */
export const legalAcceptances = sqliteTable(
  "legal_acceptances",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    document: text("document", { enum: LEGAL_CONSENT_DOCUMENTS }).notNull(),
    version: text("version").notNull(),
    acceptedAt: integer("accepted_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("legal_acceptances_user_document").on(t.userId, t.document, t.acceptedAt)],
);

export const PASSKEY_DEVICE_TYPES = ["singleDevice", "multiDevice"] as const;

/**
 * WebAuthn credentials ("passkeys") a user registered (docs/decisions/0130-passkeys.md).
 * `publicKey` is the COSE public key as the authenticator sent it; `counter` is the
 * last signature counter seen (0 for authenticators that do not count); `transports`
 * is a JSON array of AuthenticatorTransport strings; `userHandle` is the random
 * WebAuthn user id (base64url) the credential was created under, the same for all of a user's passkeys.
 */
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential id, base64url. */
    credentialId: text("credential_id").notNull(),
    publicKey: blob("public_key", { mode: "buffer" }).notNull(),
    counter: integer("counter").notNull().default(0),
    transports: text("transports").notNull().default("[]"),
    deviceType: text("device_type", { enum: PASSKEY_DEVICE_TYPES }).notNull(),
    backedUp: integer("backed_up", { mode: "boolean" }).notNull(),
    userHandle: text("user_handle").notNull(),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("passkeys_credential_id_idx").on(t.credentialId), index("passkeys_user_idx").on(t.userId)],
);

export type PasskeyRow = typeof passkeys.$inferSelect;

export const PASSKEY_CEREMONIES = ["registration", "authentication"] as const;

/**
 * Outstanding WebAuthn challenges, single use and short-lived: a registration's is bound
 * to the session that asked for it (`sessionId`), a sign-in's to the signed `__passkey`
 * cookie carrying the row `id`. Deleted when used, replaced or expired.
 */
export const passkeyChallenges = sqliteTable(
  "passkey_challenges",
  {
    /** Random 32-byte id, hex. */
    id: text("id").primaryKey(),
    ceremony: text("ceremony", { enum: PASSKEY_CEREMONIES }).notNull(),
    /** The challenge sent to the browser, base64url. */
    challenge: text("challenge").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("session_id").references(() => sessions.id, { onDelete: "cascade" }),
    /** Registration: the WebAuthn user id offered to the authenticator, base64url. */
    userHandle: text("user_handle"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("passkey_challenges_session_idx").on(t.sessionId), index("passkey_challenges_expires_idx").on(t.expiresAt)],
);

/**
 * "Was this helpful?" answers on Help Center articles (/help/<slug>): one row
 * per article and voter. `voterKey` is `user:<id>` for a signed-in voter, else
 * `visitor:<HMAC of the client IP>` (docs/decisions/0134); a second vote by the
 * same voter replaces the first. `userId` lets the export and the purge find a
 * user's votes.
 */
export const helpVotes = sqliteTable(
  "help_votes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull(),
    voterKey: text("voter_key").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    helpful: integer("helpful", { mode: "boolean" }).notNull(),
    votedAt: integer("voted_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("help_votes_slug_voter").on(t.slug, t.voterKey), index("help_votes_user_idx").on(t.userId)],
);

export const JOB_RUN_OUTCOMES = ["ok", "failed", "skipped"] as const;

/**
 * The latest runs of each scheduled job (app/services/scheduler.server.ts writes
 * one row per run and keeps the newest JOB_RUNS_KEPT per job), shown on /status.
 * `error` is the error's message only, never its stack.
 */
export const jobRuns = sqliteTable(
  "job_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    job: text("job").notNull(),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    outcome: text("outcome", { enum: JOB_RUN_OUTCOMES }).notNull(),
    error: text("error"),
  },
  (t) => [index("job_runs_job_started").on(t.job, t.startedAt)],
);

export const INCIDENT_SEVERITIES = ["minor", "major", "critical"] as const;

/** Incident notes admins post on /status (and /status.rss). */
export const statusIncidents = sqliteTable(
  "status_incidents",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    severity: text("severity", { enum: INCIDENT_SEVERITIES }).notNull(),
    resolved: integer("resolved", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("status_incidents_created").on(t.createdAt)],
);

export type HelpVote = typeof helpVotes.$inferSelect;
export type JobRunRow = typeof jobRuns.$inferSelect;
export type StatusIncident = typeof statusIncidents.$inferSelect;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];
