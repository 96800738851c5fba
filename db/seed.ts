/**
 * Seeds an empty database with the catalogue (strategies, signals, insight
 * posts) and, outside production, two demo accounts. Never overwrites: when
 * any user or strategy exists it does nothing.
 *
 * Run directly with `npm run db:seed` (reads DATABASE_PATH, SEED_PASSWORD, NODE_ENV).
 */
import { pathToFileURL } from "node:url";
import { argon2id, hash } from "argon2";
import { count } from "drizzle-orm";
import { openDatabase, type Db } from "./connection";
import { billingRecords, blogPosts, signals, strategies, strategyAccess, subscriptions, userSettings, users } from "./schema";
import { buildSeedPosts, buildSeedSignals, SEED_STRATEGIES } from "./seed-data";

const DAY = 24 * 60 * 60 * 1000;

export const DEMO_ADMIN_EMAIL = "admin@example.com";
export const DEMO_TRADER_EMAIL = "trader@example.com";
export const DEFAULT_DEMO_PASSWORD = "fxtrader-demo";
export const DEFAULT_DATABASE_PATH = "data/fx-trader.db";

export type SeedOptions = {
  /** Reference instant for signal and post timestamps; defaults to the current time. */
  now?: Date;
  includeDemoAccounts: boolean;
  demoPassword: string;
};

export type SeedResult = {
  seeded: boolean;
  counts: { strategies: number; signals: number; posts: number; users: number };
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
  const none: SeedResult = { seeded: false, counts: { strategies: 0, signals: 0, posts: 0, users: 0 } };
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
        .values(SEED_STRATEGIES.map((s) => ({ ...s, createdAt: new Date(now.getTime() - 120 * DAY) })))
        .returning({ id: strategies.id, slug: strategies.slug })
        .all();
      const idsBySlug = Object.fromEntries(strategyRows.map((row) => [row.slug, row.id]));

      let adminId: number | null = null;
      let userCount = 0;
      if (passwordHash) {
        const demoUsers = tx
          .insert(users)
          .values([
            { email: DEMO_ADMIN_EMAIL, firstName: "Ada", lastName: "Admin", role: "admin" as const, passwordHash, createdAt: new Date(now.getTime() - 90 * DAY) },
            { email: DEMO_TRADER_EMAIL, firstName: "Tom", lastName: "Trader", role: "user" as const, passwordHash, createdAt: new Date(now.getTime() - 40 * DAY) },
          ])
          .returning({ id: users.id, email: users.email })
          .all();
        const admin = demoUsers.find((row) => row.email === DEMO_ADMIN_EMAIL)!;
        const trader = demoUsers.find((row) => row.email === DEMO_TRADER_EMAIL)!;
        adminId = admin.id;
        userCount = 2;

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

      const signalRows = buildSeedSignals(now, idsBySlug).map((row) => ({ ...row, createdById: adminId }));
      tx.insert(signals).values(signalRows).run();

      const postRows = buildSeedPosts(now);
      tx.insert(blogPosts).values(postRows).run();

      return {
        seeded: true,
        counts: {
          strategies: strategyRows.length,
          signals: signalRows.length,
          posts: postRows.length,
          users: userCount,
        },
      };
    },
    { behavior: "immediate" },
  );
}

/** One line describing a seed run, for script output. */
export function describeSeedResult(result: SeedResult): string {
  if (!result.seeded) return "Database already has data; seed skipped";
  const { strategies: s, signals: n, posts: p, users: u } = result.counts;
  const base = `Seeded ${s} strategies, ${n} signals, ${p} posts`;
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
};

/**
 * Reads the seed settings from the environment (no SESSION_SECRET needed).
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
