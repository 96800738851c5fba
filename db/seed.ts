/**
 * Seeds an empty database with the catalogue (strategies, insight posts) and,
 * outside production, two demo accounts and a simulated signal history
 * published and resolved through the signals model from seeded price paths
 * (docs/decisions/0033-seed-price-path.md), every signal of it marked
 * `simulated: true` in its ledger event (docs/decisions/0145). A production
 * seed writes the catalogue only, unless SEED_SIMULATED_HISTORY=1 asks for the
 * history (a demo site; docs/decisions/0147). Never overwrites: when any user
 * or strategy exists it does nothing.
 *
 * Run directly with `npm run db:seed` (reads DATABASE_PATH, SEED_PASSWORD, NODE_ENV, SEED_SIMULATED_HISTORY).
 */
import { pathToFileURL } from "node:url";
import { argon2id, hash } from "argon2";
import { count, inArray } from "drizzle-orm";
import { applyPriceBars } from "../app/models/price-replay.server";
import { cancelSignal, publishSignal } from "../app/models/signals.server";
import { toStoredPost } from "../app/models/blog.server";
import { recordAcceptance } from "../app/models/legal-acceptances.server";
import { CONSENT_VERSIONS } from "../app/content/legal-pages";
import { BAR_MS } from "../app/domain/price-path";
import { openDatabase, type Db } from "./connection";
import { billingRecords, blogPosts, seedRuns, signals, strategies, strategyAccess, subscriptions, userSettings, users } from "./schema";
import { buildSeedHistory, buildSeedPosts, SEED_HISTORY_DAYS, SEED_STRATEGIES, type SeedHistory } from "./seed-data";

const DAY = 24 * 60 * 60 * 1000;
/** The seed writes history after the fact: none of its events is delivered to anyone (no outbox jobs). */
const HISTORY_NOTIFIES_NOBODY = false;
/** Every signal of the seed's history is generated, and its `published` event says so (docs/decisions/0145). */
const HISTORY_IS_SIMULATED = true;

export const DEMO_ADMIN_EMAIL = "admin@example.com";
export const DEMO_TRADER_EMAIL = "trader@example.com";
export const DEFAULT_DEMO_PASSWORD = "fxtrader-demo";
export const DEFAULT_DATABASE_PATH = "data/fx-trader.db";

export type SeedOptions = {
  /** Reference instant for signal and post timestamps; defaults to the current time. */
  now?: Date;
  includeDemoAccounts: boolean;
  demoPassword: string;
  /** Whether to write the simulated signal history (default true; a production seed passes false unless asked, docs/decisions/0147). */
  includeSimulatedHistory?: boolean;
};

export type SeedResult = {
  seeded: boolean;
  counts: { strategies: number; signals: number; posts: number; users: number };
  /** Of the signals published: how many the history resolved (closed, cancelled or expired) and how many are still open. */
  signalHistory: { resolved: number; open: number };
};

/** True when the database holds no users and no strategies. */
export function isDatabaseEmpty(db: Pick<Db, "select">): boolean {
  const userCount = db.select({ n: count() }).from(users).get()?.n ?? 0;
  const strategyCount = db.select({ n: count() }).from(strategies).get()?.n ?? 0;
  return userCount === 0 && strategyCount === 0;
}

/**
 * Loads the seed data into an empty database in one transaction.
 * Password hashes are computed first, so the transaction itself is synchronous.
 * @returns `seeded: false` (and zero counts) when the database already had data.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedResult> {
  const none: SeedResult = {
    seeded: false,
    counts: { strategies: 0, signals: 0, posts: 0, users: 0 },
    signalHistory: { resolved: 0, open: 0 },
  };
  if (!isDatabaseEmpty(db)) return none;

  const now = options.now ?? new Date();
  if (options.includeDemoAccounts && options.demoPassword.length < 8) {
    throw new Error("The demo password must be at least 8 characters long");
  }
  const passwordHash = options.includeDemoAccounts
    ? await hash(options.demoPassword, { type: argon2id })
    : null;

  // "immediate" takes the write lock up front, so two processes seeding at once
  // cannot both see an empty database.
  return db.transaction(
    (tx): SeedResult => {
      if (!isDatabaseEmpty(tx)) return none;

      const strategyRows = tx
        .insert(strategies)
        .values(SEED_STRATEGIES.map((s) => ({ ...s, createdAt: new Date(now.getTime() - (SEED_HISTORY_DAYS + 30) * DAY) })))
        .returning({ id: strategies.id, slug: strategies.slug })
        .all();
      const idsBySlug = Object.fromEntries(strategyRows.map((row) => [row.slug, row.id]));

      let adminId: number | null = null;
      let userCount = 0;
      if (passwordHash) {
        const demoUsers = tx
          .insert(users)
          .values([
            { email: DEMO_ADMIN_EMAIL, firstName: "Ada", lastName: "Admin", role: "admin" as const, passwordHash, createdAt: new Date(now.getTime() - 90 * DAY), emailVerifiedAt: now },
            { email: DEMO_TRADER_EMAIL, firstName: "Tom", lastName: "Trader", role: "user" as const, passwordHash, createdAt: new Date(now.getTime() - 40 * DAY), emailVerifiedAt: now },
          ])
          .returning({ id: users.id, email: users.email })
          .all();
        const admin = demoUsers.find((row) => row.email === DEMO_ADMIN_EMAIL)!;
        const trader = demoUsers.find((row) => row.email === DEMO_TRADER_EMAIL)!;
        adminId = admin.id;
        userCount = 2;
        recordAcceptance(tx, admin.id, CONSENT_VERSIONS, now);
        recordAcceptance(tx, trader.id, CONSENT_VERSIONS, now);

        tx.insert(subscriptions)
          .values({
            userId: trader.id,
            plan: "pro",
            status: "ACTIVE",
            startDate: new Date(now.getTime() - 40 * DAY),
            endDate: new Date(now.getTime() + 20 * DAY),
            createdAt: new Date(now.getTime() - 40 * DAY),
          })
          .run();
        // The trader subscribed to Pro 40 days ago and renewed once, 10 days ago (USD cents).
        tx.insert(billingRecords)
          .values([
            {
              userId: trader.id,
              event: "plan_changed",
              plan: "pro",
              amountCents: 19_700,
              description: "Pro plan — $197.00/month",
              createdAt: new Date(now.getTime() - 40 * DAY),
            },
            {
              userId: trader.id,
              event: "renewed",
              plan: "pro",
              amountCents: 19_700,
              description: "Pro plan renewed — $197.00/month",
              createdAt: new Date(now.getTime() - 10 * DAY),
            },
          ])
          .run();
        const traderSlugs = ["alpha-swing", "london-breakout"];
        tx.insert(strategyAccess)
          .values(traderSlugs.map((slug) => ({ userId: trader.id, strategyId: idsBySlug[slug]! })))
          .run();
        tx.insert(userSettings)
          .values([
            { userId: admin.id, riskTemplate: "Balanced" },
            { userId: trader.id, telegramAlerts: true, riskTemplate: "Conservative" },
          ])
          .run();
      }

      const history =
        options.includeSimulatedHistory === false
          ? { published: 0, resolved: 0, lastSignalId: null }
          : runSignalHistory(db, buildSeedHistory(now, idsBySlug), adminId, now);
      tx.insert(seedRuns).values({ ranAt: now, lastSignalId: history.lastSignalId }).run();

      const postRows = buildSeedPosts(now);
      // Each post's HTML is sanitised once, here, as on every write (docs/decisions/0062).
      tx.insert(blogPosts).values(postRows.map(toStoredPost)).run();

      return {
        seeded: true,
        counts: {
          strategies: strategyRows.length,
          signals: history.published,
          posts: postRows.length,
          users: userCount,
        },
        signalHistory: { resolved: history.resolved, open: history.published - history.resolved },
      };
    },
    { behavior: "immediate" },
  );
}

/**
 * Plays a planned signal history through the signals model, in time order,
 * as a desk and a daily price feed would have: the bars completed by each
 * midnight are replayed (`applyPriceBars` with `now` = that midnight) before
 * the first signal published after it (`publishSignal` with `now` = its
 * publish time); before a planned cancel at T the bars completed by T are
 * replayed, then the signal is cancelled if still PENDING; at the end the
 * bars completed by `now` are replayed. A bar only applies after a signal's
 * latest event, so the outcomes are those of replaying bar by bar. Every
 * event keeps its historical `occurredAt` but is recorded at `now`, when the
 * seed runs: `recordedAt` is the real time of the write (docs/decisions/0149).
 * Runs on `db`'s connection (inside the seed's transaction, each model
 * transaction becomes a savepoint).
 * @returns how many signals were published, how many of them ended, and the highest id published (null for none).
 * @throws Error when the model refuses a planned step (a bug in the plan).
 */
function runSignalHistory(
  db: Db,
  history: SeedHistory,
  adminId: number | null,
  now: Date,
): { published: number; resolved: number; lastSignalId: number | null } {
  type Step = { at: number; order: number; run: () => void };
  const ids: number[] = [];
  const steps: Step[] = [];
  history.signals.forEach((plan, index) => {
    steps.push({
      at: plan.publishAt.getTime(),
      order: 0,
      run: () => {
        ids[index] = publishSignal(plan.input, adminId, plan.publishAt, db, HISTORY_NOTIFIES_NOBODY, HISTORY_IS_SIMULATED, now).id;
      },
    });
    const cancel = plan.cancel;
    if (cancel) {
      steps.push({
        at: cancel.at.getTime(),
        order: 1,
        run: () => {
          const result = cancelSignal(ids[index]!, { note: cancel.note, at: cancel.at }, cancel.at, db, HISTORY_NOTIFIES_NOBODY, now);
          // A signal already filled (or ended) by then is left as it is: 409.
          if (!result.ok && result.status !== 409) throw new Error(`Seed cancel refused: ${result.field}: ${result.message}`);
        },
      });
    }
  });
  steps.sort((a, b) => a.at - b.at || a.order - b.order);

  let next = 0;
  const replayUntil = (time: number) => {
    const start = next;
    while (next < history.bars.length && history.bars[next]!.time + BAR_MS <= time) next++;
    if (next === start) return;
    const result = applyPriceBars(history.bars.slice(start, next), new Date(time), db, HISTORY_NOTIFIES_NOBODY, now);
    if (!result.ok) throw new Error(`Seed bars refused: ${result.errors.map((e) => `${e.field}: ${e.message}`).join("; ")}`);
  };
  for (const step of steps) {
    // The feed delivers the day's bars at midnight; a cancel first needs its signal's state up to date.
    const midnight = Math.floor(step.at / DAY) * DAY;
    replayUntil(step.order === 1 ? step.at : midnight);
    step.run();
  }
  replayUntil(now.getTime());

  const resolved =
    db
      .select({ n: count() })
      .from(signals)
      .where(inArray(signals.status, ["CLOSED", "CANCELLED", "EXPIRED"]))
      .get()?.n ?? 0;
  return { published: ids.length, resolved, lastSignalId: ids.length > 0 ? Math.max(...ids) : null };
}

/** One line describing a seed run, for script output. */
export function describeSeedResult(result: SeedResult): string {
  if (!result.seeded) return "Database already has data; seed skipped";
  const { strategies: s, signals: n, posts: p, users: u } = result.counts;
  const { resolved, open } = result.signalHistory;
  const base =
    n > 0
      ? `Seeded ${s} strategies, ${n} simulated signals (published and resolved through the ledger from seeded prices: ${resolved} resolved, ${open} open), ${p} posts`
      : `Seeded ${s} strategies and ${p} posts, no simulated signal history`;
  return u > 0
    ? `${base} and ${u} demo accounts (${DEMO_ADMIN_EMAIL}, ${DEMO_TRADER_EMAIL})`
    : `${base}; no demo accounts (create an admin with \`npm run create-admin\`)`;
}

/** Environment variables as plain strings (process.env, or a literal in tests). */
export type EnvVars = Readonly<Record<string, string | undefined>>;

export type SeedScriptConfig = {
  databasePath: string;
  demoPassword: string;
  includeDemoAccounts: boolean;
  includeSimulatedHistory: boolean;
};

/**
 * Reads the seed settings from the environment (no SESSION_SECRET needed):
 * outside production the demo accounts and the simulated history; with
 * NODE_ENV=production neither, unless SEED_SIMULATED_HISTORY=1 asks for the
 * history (docs/decisions/0147).
 * @throws Error when SEED_PASSWORD is set but shorter than 8 characters.
 */
export function seedConfigFromEnv(env: EnvVars = process.env): SeedScriptConfig {
  const seedPassword = env.SEED_PASSWORD;
  if (seedPassword && seedPassword.length < 8) {
    throw new Error("SEED_PASSWORD must be at least 8 characters long");
  }
  return {
    databasePath: env.DATABASE_PATH || DEFAULT_DATABASE_PATH,
    demoPassword: seedPassword || DEFAULT_DEMO_PASSWORD,
    includeDemoAccounts: env.NODE_ENV !== "production",
    includeSimulatedHistory: env.NODE_ENV !== "production" || env.SEED_SIMULATED_HISTORY === "1",
  };
}

async function main(): Promise<void> {
  const config = seedConfigFromEnv();
  const db = openDatabase(config.databasePath);
  try {
    const result = await seedDatabase(db, config);
    console.log(describeSeedResult(result));
  } finally {
    db.$client.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(`Seed failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
