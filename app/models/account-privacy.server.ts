/**
 * A user's own data: the export (everything tied to the account, secrets
 * left out), the deletion request with its 14-day grace, and the purge that
 * removes or anonymises every personal field once the grace is over.
 *
 * `ACCOUNT_DATA_POLICY` classifies every table of db/schema.ts; the purge test
 * fails for a table it does not name, so a new table must say what happens to
 * a deleted user's rows in it.
 */
import { and, eq, isNotNull, isNull, lte } from "drizzle-orm";
import { users } from "../../db/schema";
import { getDb } from "~/platform/db.server";

/** Days between a deletion request and the purge, during which signing in can cancel it. */
export const DELETION_GRACE_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the export and the purge do with each table (by SQL name):
 * - `user`: rows found by `user_id`; exported (without `omit` columns), deleted by the purge;
 * - `kept`: rows found by `user_id`, exported, kept by the purge (records the law makes us keep; the user row they point to is anonymised);
 * - `email`: rows found by the account's email; exported, and anonymised (`anonymise`) or deleted by the purge;
 * - `profile`: the users row itself, exported without `omit`, anonymised by the purge;
 * - `attempts`: delivery attempts, found through the user's delivery jobs (deleted with them);
 * - `none`: holds no personal data (catalogue, the public ledger, news, seed bookkeeping).
 */
export const ACCOUNT_DATA_POLICY: Record<string, { kind: "user" | "kept" | "email" | "profile" | "attempts" | "none"; omit?: string[]; anonymise?: boolean }> = {
  users: { kind: "profile", omit: ["password_hash"] },
  oauth_accounts: { kind: "user" },
  sessions: { kind: "user", omit: ["id"] },
  subscriptions: { kind: "user" },
  strategy_access: { kind: "user" },
  api_keys: { kind: "user", omit: ["key_hash"] },
  user_settings: { kind: "user" },
  two_factor: { kind: "user", omit: ["secret", "last_used_step"] },
  two_factor_recovery_codes: { kind: "user", omit: ["code_hash"] },
  billing_records: { kind: "kept" },
  api_usage: { kind: "user" },
  mt5_queue: { kind: "user" },
  webhook_endpoints: { kind: "user", omit: ["secret", "previous_secret"] },
  telegram_links: { kind: "user", omit: ["code_hash"] },
  push_subscriptions: { kind: "user", omit: ["p256dh", "auth"] },
  // What a delivery attempt met (socket and file errors, the receiving server's reply) is the server's own
  // operational record: not the user's data, and never sent out (it can name server paths).
  delivery_jobs: { kind: "user", omit: ["last_error"] },
  delivery_attempts: { kind: "attempts", omit: ["error", "response_excerpt"] },
  // One row per ledger event and channel, and one per webhook host: neither names a user.
  delivery_fanouts: { kind: "none" },
  delivery_breakers: { kind: "none" },
  // Ids, types and times of handled Stripe events (idempotency); no payload, no user.
  stripe_events: { kind: "none" },
  legal_acceptances: { kind: "user" },
  account_tokens: { kind: "user", omit: ["token_hash"] },
  passkeys: { kind: "user", omit: ["public_key", "user_handle"] },
  passkey_challenges: { kind: "user", omit: ["id", "challenge", "session_id", "user_handle"] },
  contact_messages: { kind: "email", anonymise: true },
  newsletter_subscribers: { kind: "email" },
  strategies: { kind: "none" },
  signals: { kind: "none" },
  signal_events: { kind: "none" },
  blog_posts: { kind: "none" },
  news_events: { kind: "none" },
  seed_runs: { kind: "none" },
  ledger_tree_nodes: { kind: "none" },
  heartbeats: { kind: "none" },
  // Kept answers of retried requests, keyed by caller, pruned 24 hours after they were written (the idempotency-retention job).
  idempotency_keys: { kind: "none" },
  // A signed-in user's "Was this helpful?" answers; visitors' rows carry a keyed hash of their IP and no user.
  help_votes: { kind: "user" },
  job_runs: { kind: "none" },
  projection_drift: { kind: "none" },
  price_bars: { kind: "none" },
  price_feed_symbols: { kind: "none" },
  status_incidents: { kind: "none" },
};

/** A quoted SQL identifier (table names come from ACCOUNT_DATA_POLICY, never from input). */
const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Rows read per query of the export. */
const EXPORT_PAGE_ROWS = 200;

/**
 * The SELECT of a table's rows for a user, one page after a rowid: `[sql, params]` (the SQL takes
 * the params, then the last rowid seen and the page size), or null for a table without personal data.
 * Each row carries its rowid as `__rowid`, dropped before it is exported.
 */
function pageQueryFor(table: string, user: { id: number; email: string }): [string, unknown[]] | null {
  const policy = ACCOUNT_DATA_POLICY[table]!;
  const paged = (from: string, where: string, rowid: string) =>
    `SELECT ${rowid} AS __rowid, ${from === "a" ? "a.*" : "*"} FROM ${from === "a" ? "delivery_attempts a JOIN delivery_jobs j ON j.id = a.job_id" : q(table)} WHERE ${where} AND ${rowid} > ? ORDER BY ${rowid} LIMIT ?`;
  switch (policy.kind) {
    case "profile":
      return [paged(table, "id = ?", "rowid"), [user.id]];
    case "user":
    case "kept":
      return [paged(table, "user_id = ?", "rowid"), [user.id]];
    case "email":
      return [paged(table, "email = ?", "rowid"), [user.email]];
    case "attempts":
      return [paged("a", "j.user_id = ?", "a.id"), [user.id]];
    case "none":
      return null;
  }
}

/**
 * The user's data, one table at a time: yields `[tableName, rows]` where
 * `rows` is a lazy iterator over the table's rows for the user (columns by
 * SQL name, timestamps as epoch milliseconds, secrets left out), read
 * EXPORT_PAGE_ROWS at a time by rowid, so a large account is never held in
 * memory and no statement stays open between pages. Tables without personal data are skipped.
 */
export function* exportUserTables(userId: number): Generator<[string, IterableIterator<Record<string, unknown>>]> {
  const client = getDb().$client;
  const user = client.prepare("SELECT id, email FROM users WHERE id = ?").get(userId) as { id: number; email: string } | undefined;
  if (!user) return;
  for (const table of Object.keys(ACCOUNT_DATA_POLICY)) {
    const query = pageQueryFor(table, user);
    if (!query) continue;
    const omit = new Set([...(ACCOUNT_DATA_POLICY[table]!.omit ?? []), "__rowid"]);
    yield [table, pagedRows(query[0], query[1], omit)];
  }
}

function* pagedRows(sql: string, params: unknown[], omit: Set<string>): IterableIterator<Record<string, unknown>> {
  const statement = getDb().$client.prepare(sql);
  let after = 0;
  for (;;) {
    const page = statement.all(...params, after, EXPORT_PAGE_ROWS) as Record<string, unknown>[];
    for (const row of page) yield Object.fromEntries(Object.entries(row).filter(([column]) => !omit.has(column)));
    if (page.length < EXPORT_PAGE_ROWS) return;
    after = page.at(-1)!.__rowid as number;
  }
}

/** When `userId` asked to delete the account (null: not asked, or cancelled). */
export function deletionRequestedAt(userId: number): Date | null {
  return getDb().select({ at: users.deletionRequestedAt }).from(users).where(eq(users.id, userId)).get()?.at ?? null;
}

/**
 * Records the deletion request at `now` and ends every session of the user.
 * @returns when the purge is due (`now` + DELETION_GRACE_DAYS).
 */
export function requestDeletion(userId: number, now: Date): Date {
  const client = getDb().$client;
  client.transaction(() => {
    client.prepare("UPDATE users SET deletion_requested_at = ? WHERE id = ? AND purged_at IS NULL").run(now.getTime(), userId);
    client.prepare("DELETE FROM sessions WHERE user_id = ?").run(userId);
  })();
  return new Date(now.getTime() + DELETION_GRACE_DAYS * DAY_MS);
}

/** Cancels a pending deletion request. @returns whether one was pending. */
export function cancelDeletion(userId: number): boolean {
  const result = getDb()
    .update(users)
    .set({ deletionRequestedAt: null })
    .where(and(eq(users.id, userId), isNotNull(users.deletionRequestedAt), isNull(users.purgedAt)))
    .run();
  return result.changes > 0;
}

/** The placeholder email of a purged account (unique, and undeliverable by RFC 2606's `.invalid`). */
export function purgedEmail(userId: number): string {
  return `deleted-${userId}@deleted.invalid`;
}

/**
 * The purge job: every account whose deletion was requested at least
 * DELETION_GRACE_DAYS before `now` loses its personal data, one transaction
 * per account: rows of `user`, `attempts` and `email` tables are deleted
 * (contact messages anonymised), `kept` rows stay, and the users row keeps
 * only its id, role and dates (email replaced by `purgedEmail`, names and
 * password removed, `purged_at` set). Idempotent.
 * @returns the ids of the accounts purged by this run.
 */
export function purgeDeletedAccounts(now: Date): { purged: number[] } {
  const db = getDb();
  const client = db.$client;
  const due = db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(isNotNull(users.deletionRequestedAt), isNull(users.purgedAt), lte(users.deletionRequestedAt, new Date(now.getTime() - DELETION_GRACE_DAYS * DAY_MS))))
    .all();
  for (const user of due) {
    client.transaction(() => {
      client.prepare("DELETE FROM delivery_attempts WHERE job_id IN (SELECT id FROM delivery_jobs WHERE user_id = ?)").run(user.id);
      for (const [table, policy] of Object.entries(ACCOUNT_DATA_POLICY)) {
        if (policy.kind === "user") client.prepare(`DELETE FROM ${q(table)} WHERE user_id = ?`).run(user.id);
        if (policy.kind === "email" && policy.anonymise) {
          client
            .prepare(`UPDATE ${q(table)} SET name = 'Deleted user', email = ?, trading_experience = NULL, preferred_time = NULL, goals = NULL, message = '(removed at the sender''s request)' WHERE email = ?`)
            .run(purgedEmail(user.id), user.email);
        } else if (policy.kind === "email") {
          client.prepare(`DELETE FROM ${q(table)} WHERE email = ?`).run(user.email);
        }
      }
      client
        .prepare("UPDATE users SET email = ?, first_name = NULL, last_name = NULL, password_hash = NULL, purged_at = ? WHERE id = ?")
        .run(purgedEmail(user.id), now.getTime(), user.id);
    })();
  }
  return { purged: due.map((user) => user.id) };
}
