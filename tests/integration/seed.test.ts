import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { verify } from "argon2";
import { count, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase, type Db } from "../../db/connection";
import { createAdmin, CreateAdminError } from "../../db/create-admin";
import {
  blogPosts,
  signalEvents,
  signals,
  strategies,
  strategyAccess,
  subscriptions,
  userSettings,
  users,
  type Signal,
} from "../../db/schema";
import { describeSeedResult, seedConfigFromEnv, seedDatabase } from "../../db/seed";
import { BLOG_CATEGORIES, buildSeedHistory, buildSeedPosts, SEED_HISTORY_DAYS } from "../../db/seed-data";
import { verifyChain } from "../../app/domain/ledger";
import { priceDecimals } from "../../app/domain/signal-display";
import { sanitizePostHtml } from "../../app/domain/sanitize";
import { iterateLedger, projectionDrifts } from "../../app/models/ledger.server";
import { ensureSessionSecret, runSetup } from "../../db/setup";

const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = "demo-password-123";

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "fx-trader-seed-"));
  tempDirs.push(dir);
  return dir;
}
/** A fresh, migrated, empty database in its own temp folder. */
function freshDb(): Db {
  const db = openDatabase(join(tempDir(), "fresh.db"));
  migrateDatabase(db);
  return db;
}
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function tableCounts(db: Db) {
  const n = (table: typeof users | typeof strategies | typeof signals | typeof blogPosts) =>
    db.select({ n: count() }).from(table).get()!.n;
  return { users: n(users), strategies: n(strategies), signals: n(signals), posts: n(blogPosts) };
}

/** The levels as published: the stop is `originalSl` (the replay may have moved `sl` to break-even). */
function assertGeometry(s: Pick<Signal, "side" | "entryPrice" | "originalSl" | "tp1" | "tp2" | "symbol">) {
  const label = `${s.symbol} ${s.side} @ ${s.entryPrice}`;
  const sl = s.originalSl!;
  if (s.side === "LONG") {
    expect(sl, label).toBeLessThan(s.entryPrice);
    expect(s.entryPrice, label).toBeLessThan(s.tp1);
    if (s.tp2 !== null) expect(s.tp1, label).toBeLessThan(s.tp2);
  } else {
    expect(sl, label).toBeGreaterThan(s.entryPrice);
    expect(s.entryPrice, label).toBeGreaterThan(s.tp1);
    if (s.tp2 !== null) expect(s.tp1, label).toBeGreaterThan(s.tp2);
  }
}

describe("seedDatabase", () => {
  const now = new Date();

  it("fills an empty database with the catalogue and demo accounts", async () => {
    const db = openDatabase(process.env.DATABASE_PATH!);
    try {
      const result = await seedDatabase(db, { now, includeDemoAccounts: true, demoPassword: PASSWORD });
      expect(result.seeded).toBe(true);

      const counts = tableCounts(db);
      expect(counts.strategies).toBeGreaterThanOrEqual(3);
      expect(counts.signals).toBeGreaterThanOrEqual(200);
      expect(counts.posts).toBeGreaterThanOrEqual(9);
      expect(counts.users).toBe(2);
      expect(result.counts).toEqual(counts);

      const strategyRows = db.select().from(strategies).all();
      expect(strategyRows.map((s) => s.slug).sort()).toEqual(["alpha-swing", "gold-intraday", "london-breakout"]);
      const bySlug = Object.fromEntries(strategyRows.map((s) => [s.slug, s]));
      expect(bySlug["alpha-swing"]).toMatchObject({ name: "Alpha Swing", riskClass: "Balanced", winRate: null, isActive: true });
      expect(bySlug["london-breakout"]).toMatchObject({ name: "London Breakout", riskClass: "Aggressive", winRate: null });
      expect(bySlug["gold-intraday"]).toMatchObject({ name: "Gold Intraday", riskClass: "Conservative", winRate: null });

      // The history was published and resolved through the model: every status, every entry method.
      const signalRows = db.select().from(signals).all();
      expect(new Set(signalRows.map((s) => s.status))).toEqual(new Set(["PENDING", "ACTIVE", "CLOSED", "CANCELLED", "EXPIRED"]));
      expect(new Set(signalRows.map((s) => s.entryMethod))).toEqual(new Set(["market", "limit", "stop"]));
      const open = signalRows.filter((s) => s.status === "PENDING" || s.status === "ACTIVE");
      expect(result.signalHistory).toEqual({ resolved: signalRows.length - open.length, open: open.length });
      expect(describeSeedResult(result)).toContain(`${result.signalHistory.resolved} resolved, ${open.length} open`);
      const admin = db.select().from(users).where(eq(users.email, "admin@example.com")).get()!;
      for (const s of signalRows) {
        assertGeometry(s);
        expect(s.createdById).toBe(admin.id);
        expect(s.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(s.createdAt.getTime()).toBeGreaterThan(now.getTime() - (SEED_HISTORY_DAYS + 1) * DAY);
        expect(s.rationale).toBeTruthy();
        // Prices are quoted to the instrument's precision.
        const decimals = priceDecimals(s.symbol);
        for (const price of [s.entryPrice, s.originalSl!, s.tp1]) {
          expect(Number(price.toFixed(decimals))).toBe(price);
        }
        if (s.status === "ACTIVE" || s.status === "PENDING") {
          expect(s.expiresAt.getTime()).toBeGreaterThan(now.getTime());
          expect(s.closedAt).toBeNull();
          expect(s.fillPrice === null).toBe(s.status === "PENDING");
        } else {
          expect(s.closedAt).not.toBeNull();
          expect(s.closedAt!.getTime()).toBeLessThanOrEqual(now.getTime());
        }
        // Every CLOSED signal has its outcome.
        if (s.status === "CLOSED") {
          expect(s.exitPrice, `signal ${s.id}`).not.toBeNull();
          expect(s.closeReason, `signal ${s.id}`).not.toBeNull();
          expect(s.resultPips, `signal ${s.id}`).not.toBeNull();
          expect(s.resultR, `signal ${s.id}`).not.toBeNull();
          expect(s.fillPrice, `signal ${s.id}`).not.toBeNull();
        }
      }
      // Every strategy has months of history and live signals, both filled and waiting.
      for (const strategy of strategyRows) {
        const own = signalRows.filter((s) => s.strategyId === strategy.id);
        expect(Math.min(...own.map((s) => s.createdAt.getTime())), strategy.slug).toBeLessThan(now.getTime() - 180 * DAY);
        expect(own.filter((s) => s.status === "CLOSED").length, strategy.slug).toBeGreaterThanOrEqual(20);
        expect(own.some((s) => s.status === "ACTIVE"), strategy.slug).toBe(true);
        expect(own.some((s) => s.status === "PENDING"), strategy.slug).toBe(true);
      }
      expect(signalRows.filter((s) => s.strategyId === bySlug["gold-intraday"]!.id).every((s) => s.symbol === "XAUUSD")).toBe(true);

      // The ledger holds the whole history and verifies; the history keeps its market times but is recorded when the seed ran.
      expect(verifyChain(iterateLedger(db))).toMatchObject({ ok: true });
      // Every seeded row is the fold of its events.
      expect(projectionDrifts(db)).toEqual([]);
      const events = db.select().from(signalEvents).orderBy(signalEvents.seq).all();
      expect(new Set(events.map((e) => e.signalId)).size).toBe(signalRows.length);
      expect(new Set(events.map((e) => e.recordedAt.getTime()))).toEqual(new Set([now.getTime()]));
      expect(Math.min(...events.map((e) => e.occurredAt.getTime()))).toBeLessThan(now.getTime() - 180 * DAY);
      for (const e of events) expect(e.occurredAt.getTime()).toBeLessThanOrEqual(e.recordedAt.getTime());
      // Every signal of the history is sealed in the ledger as simulated (docs/decisions/0145).
      const published = events.filter((e) => e.type === "published");
      expect(published).toHaveLength(signalRows.length);
      for (const e of published) expect(JSON.parse(e.payload!), `seq ${e.seq}`).toMatchObject({ simulated: true });
      const lastEvent = new Map(events.map((e) => [e.signalId, e.type]));
      for (const s of signalRows) {
        const ending = { CLOSED: "closed", CANCELLED: "cancelled", EXPIRED: "expired" } as Record<string, string>;
        if (ending[s.status]) expect(lastEvent.get(s.id), `signal ${s.id}`).toBe(ending[s.status]);
      }

      const posts = db.select().from(blogPosts).all();
      for (const category of BLOG_CATEGORIES) {
        expect(posts.filter((p) => p.category === category).length, category).toBeGreaterThanOrEqual(1);
      }
      for (const post of posts) {
        expect(post.publishedAt.getTime()).toBeLessThan(now.getTime());
        if (post.content) expect(post.content).not.toMatch(/<script/i);
        // Sanitised once, when seeded (docs/decisions/0062).
        expect(post.contentHtml, post.slug).toBe(post.content ? sanitizePostHtml(post.content) : null);
      }

      const trader = db.select().from(users).where(eq(users.email, "trader@example.com")).get()!;
      expect(admin).toMatchObject({ role: "admin", firstName: "Ada", lastName: "Admin" });
      expect(trader).toMatchObject({ role: "user", firstName: "Tom", lastName: "Trader" });
      expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verify(admin.passwordHash!, PASSWORD)).toBe(true);
      expect(await verify(trader.passwordHash!, PASSWORD)).toBe(true);
      expect(await verify(trader.passwordHash!, "wrong-password")).toBe(false);

      const subscription = db.select().from(subscriptions).where(eq(subscriptions.userId, trader.id)).get()!;
      expect(subscription).toMatchObject({ plan: "pro", status: "ACTIVE" });
      expect(subscription.startDate.getTime()).toBeLessThan(now.getTime());
      expect(subscription.endDate.getTime()).toBeGreaterThan(now.getTime());
      const access = db.select().from(strategyAccess).where(eq(strategyAccess.userId, trader.id)).all();
      expect(access.map((a) => a.strategyId).sort()).toEqual(
        [bySlug["alpha-swing"]!.id, bySlug["london-breakout"]!.id].sort(),
      );
      expect(db.select().from(userSettings).all().map((s) => s.userId).sort()).toEqual([admin.id, trader.id].sort());
    } finally {
      db.$client.close();
    }
  });

  it("does nothing on a database that already has data", async () => {
    const db = openDatabase(process.env.DATABASE_PATH!);
    try {
      const before = tableCounts(db);
      expect(before.strategies).toBeGreaterThan(0);
      const result = await seedDatabase(db, { includeDemoAccounts: true, demoPassword: PASSWORD });
      expect(result.seeded).toBe(false);
      expect(tableCounts(db)).toEqual(before);
    } finally {
      db.$client.close();
    }
  });

  it("skips when only a user exists", async () => {
    const db = freshDb();
    try {
      db.insert(users).values({ email: "someone@example.com" }).run();
      const result = await seedDatabase(db, { includeDemoAccounts: true, demoPassword: PASSWORD });
      expect(result.seeded).toBe(false);
      expect(tableCounts(db)).toEqual({ users: 1, strategies: 0, signals: 0, posts: 0 });
    } finally {
      db.$client.close();
    }
  });

  it("creates no users without demo accounts", async () => {
    const db = freshDb();
    try {
      const result = await seedDatabase(db, { includeDemoAccounts: false, demoPassword: "" });
      expect(result.seeded).toBe(true);
      const counts = tableCounts(db);
      expect(counts.users).toBe(0);
      expect(counts.strategies).toBe(3);
      expect(counts.signals).toBeGreaterThanOrEqual(200);
      expect(db.select().from(signals).all().every((s) => s.createdById === null)).toBe(true);
    } finally {
      db.$client.close();
    }
  });

  it("builds a deterministic history and posts for a given instant", () => {
    const fixed = new Date("2026-11-18T10:30:00Z");
    const ids = { "alpha-swing": 1, "london-breakout": 2, "gold-intraday": 3 };
    const history = buildSeedHistory(fixed, ids);
    expect(buildSeedHistory(fixed, ids)).toEqual(history);
    expect(buildSeedHistory(new Date(fixed.getTime() + DAY), ids)).not.toEqual(history);
    // Complete hourly bars only, none after the instant; signals in publish order.
    expect(history.bars.every((bar) => bar.time + 60 * 60 * 1000 <= fixed.getTime())).toBe(true);
    const published = history.signals.map((s) => s.publishAt.getTime());
    expect(published).toEqual([...published].sort((a, b) => a - b));
    expect(buildSeedPosts(fixed)).toEqual(buildSeedPosts(fixed));
    expect(() => buildSeedHistory(fixed, {})).toThrow(/No strategy id/);
    const posts = buildSeedPosts(fixed);
    expect(posts.some((p) => p.content === null)).toBe(true);
    expect(posts.some((p) => (p.excerpt ?? "").length > 100)).toBe(true);
  });
});

describe("createAdmin", () => {
  it("creates a new admin with a lower-cased email and a settings row", async () => {
    const db = freshDb();
    try {
      const result = await createAdmin(db, {
        email: "  Boss@Example.COM ",
        password: "correct horse battery",
        firstName: "Grace",
        lastName: "Hopper",
      });
      expect(result.action).toBe("created");
      const user = db.select().from(users).where(eq(users.id, result.userId)).get()!;
      expect(user).toMatchObject({ email: "boss@example.com", role: "admin", firstName: "Grace", lastName: "Hopper" });
      expect(await verify(user.passwordHash!, "correct horse battery")).toBe(true);
      expect(db.select().from(userSettings).where(eq(userSettings.userId, user.id)).get()).toBeTruthy();
    } finally {
      db.$client.close();
    }
  });

  it("promotes an existing user and resets the password only when given", async () => {
    const db = freshDb();
    try {
      const existing = db
        .insert(users)
        .values({ email: "member@example.com", role: "user", passwordHash: null, firstName: "Mia" })
        .returning()
        .get();

      const promoted = await createAdmin(db, { email: "MEMBER@example.com" });
      expect(promoted).toMatchObject({ action: "promoted", userId: existing.id });
      let user = db.select().from(users).where(eq(users.id, existing.id)).get()!;
      expect(user).toMatchObject({ role: "admin", passwordHash: null, firstName: "Mia" });

      await createAdmin(db, { email: "member@example.com", password: "a-brand-new-password" });
      user = db.select().from(users).where(eq(users.id, existing.id)).get()!;
      expect(await verify(user.passwordHash!, "a-brand-new-password")).toBe(true);
      expect(db.select({ n: count() }).from(users).get()!.n).toBe(1);
      expect(db.select({ n: count() }).from(userSettings).get()!.n).toBe(1);
    } finally {
      db.$client.close();
    }
  });

  it("rejects invalid input without writing", async () => {
    const db = freshDb();
    try {
      await expect(createAdmin(db, { email: "not-an-email", password: "long-enough-password" })).rejects.toThrow(
        CreateAdminError,
      );
      await expect(createAdmin(db, { email: "ok@example.com", password: "short" })).rejects.toThrow(/12 characters/);
      await expect(createAdmin(db, { email: "new@example.com" })).rejects.toThrow(/password is required/);
      expect(db.select({ n: count() }).from(users).get()!.n).toBe(0);
    } finally {
      db.$client.close();
    }
  });
});

describe("setup", () => {
  it("generates a session secret beside the database once, with mode 0600", () => {
    const dbPath = join(tempDir(), "nested", "app.db");
    const first = ensureSessionSecret(dbPath, {});
    expect(first.created).toBe(true);
    expect(existsSync(first.path)).toBe(true);
    const secret = readFileSync(first.path, "utf8").trim();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(first.path).mode & 0o777).toBe(0o600);

    const second = ensureSessionSecret(dbPath, {});
    expect(second).toMatchObject({ created: false, reason: "file" });
    expect(readFileSync(first.path, "utf8").trim()).toBe(secret);
  });

  it("leaves the secret to SESSION_SECRET when it is set", () => {
    const dbPath = join(tempDir(), "app.db");
    const result = ensureSessionSecret(dbPath, { SESSION_SECRET: "x".repeat(40) });
    expect(result).toMatchObject({ created: false, reason: "env" });
    expect(existsSync(result.path)).toBe(false);
  });

  it("runs secret, migrations and seed, and is idempotent", async () => {
    const dbPath = join(tempDir(), "data", "fx.db");
    const env = { DATABASE_PATH: dbPath, NODE_ENV: "test" };
    const lines: string[] = [];
    const first = await runSetup(env, (line) => lines.push(line));
    expect(first.secret.created).toBe(true);
    expect(first.seed.seeded).toBe(true);
    expect(first.seed.counts.users).toBe(2);
    // Seeded signals were published through the model: none waits for the backfill.
    expect(first.seed.counts.signals).toBeGreaterThan(0);
    expect(first.backfill).toEqual({ signals: 0, events: 0 });

    const second = await runSetup(env, (line) => lines.push(line));
    expect(second.secret.created).toBe(false);
    expect(second.seed.seeded).toBe(false);
    expect(second.backfill).toEqual({ signals: 0, events: 0 });
    expect(lines.at(-1)).toBe("Database already has data; seed skipped");

    await expect(runSetup({ ...env, SEED_PASSWORD: "short" }, () => {})).rejects.toThrow(/SEED_PASSWORD/);
  });

  it("sanitises the posts of a database written before posts stored their sanitised HTML", async () => {
    const dbPath = join(tempDir(), "old.db");
    const env = { DATABASE_PATH: dbPath, NODE_ENV: "test" };
    await runSetup(env, () => {});
    const db = openDatabase(dbPath);
    try {
      // What migration 0012 leaves in an older database: the new column empty.
      db.update(blogPosts).set({ contentHtml: null }).run();
    } finally {
      db.$client.close();
    }
    const lines: string[] = [];
    await runSetup(env, (line) => lines.push(line));
    const reopened = openDatabase(dbPath);
    try {
      const posts = reopened.select().from(blogPosts).all();
      const withContent = posts.filter((post) => post.content);
      expect(withContent.length).toBeGreaterThan(0);
      expect(lines).toContain(`Blog: stored the sanitised HTML of ${withContent.length} posts`);
      for (const post of posts) expect(post.contentHtml, post.slug).toBe(post.content ? sanitizePostHtml(post.content) : null);
    } finally {
      reopened.$client.close();
    }
  });

  it("seeds the catalogue only in production: no demo accounts, no simulated signal history (docs/decisions/0147)", async () => {
    const dbPath = join(tempDir(), "prod.db");
    const lines: string[] = [];
    const result = await runSetup({ DATABASE_PATH: dbPath, NODE_ENV: "production" }, (line) => lines.push(line));
    expect(result.seed.seeded).toBe(true);
    expect(result.seed.counts.users).toBe(0);
    expect(result.seed.counts.signals).toBe(0);
    expect(lines.join("\n")).toContain("no simulated signal history");
    const db = openDatabase(dbPath);
    try {
      const counts = tableCounts(db);
      expect(counts).toMatchObject({ users: 0, signals: 0, strategies: 3 });
      expect(counts.posts).toBeGreaterThanOrEqual(9);
      expect(db.select({ n: count() }).from(signalEvents).get()!.n).toBe(0);
    } finally {
      db.$client.close();
    }
  });

  it("writes the simulated history in production only when SEED_SIMULATED_HISTORY=1 asks for it, and always outside production", () => {
    expect(seedConfigFromEnv({ NODE_ENV: "production" }).includeSimulatedHistory).toBe(false);
    expect(seedConfigFromEnv({ NODE_ENV: "production", SEED_SIMULATED_HISTORY: "1" }).includeSimulatedHistory).toBe(true);
    expect(seedConfigFromEnv({ NODE_ENV: "production", SEED_SIMULATED_HISTORY: "0" }).includeSimulatedHistory).toBe(false);
    expect(seedConfigFromEnv({ NODE_ENV: "test" }).includeSimulatedHistory).toBe(true);
    expect(seedConfigFromEnv({}).includeSimulatedHistory).toBe(true);
  });
});
