/**
 * Every periodic job of the server, in one list the scheduler runs
 * (app/services/scheduler.server.ts, docs/decisions/0121-scheduler-and-retention.md).
 * A job is `{ name, schedule, run: (now) => result }`; adding one is one entry here.
 * Patterns are UTC; the hourly and daily ones sit off the full hour.
 */
import type { ScheduledJob } from "../app/services/scheduler.server";
import { replicaPosition } from "./litestream";
import type { ServerRuntime } from "./runtime";

/**
 * The jobs.
 * @param jobs the app's job functions (`serverRuntime.jobs`).
 * @param settings.deliveryRetentionDays how long sent deliveries are kept (DELIVERY_RETENTION_DAYS).
 * @param settings.backups with LITESTREAM_REPLICA_URL set, the environment and database Litestream replicates:
 *   the backup-age job records the replica's newest restorable moment each minute (shown on /status).
 */
export function scheduledJobs(
  jobs: ServerRuntime["jobs"],
  settings: { deliveryRetentionDays: number; backups?: { env: NodeJS.ProcessEnv; databasePath: string } },
): ScheduledJob[] {
  const backups = settings.backups;
  const priceFeed = jobs.priceFeedJob();
  const { expireDueSignals, renewDueSubscriptions, purgeDeletedAccounts, pruneSentDeliveries, pruneIdempotencyKeys, pruneExpiredSessions, optimizeDatabase, checkProjection, beat, BACKUP_HEARTBEAT } = jobs;
  return [
    { name: "expiry-sweep", schedule: "*/30 * * * * *", run: (now) => expireDueSignals(now) },
    // With PRICE_FEED set, the feed's M1 bars resolve open signals (docs/decisions/0168-price-feed-adapter.md).
    ...(priceFeed ? [priceFeed] : []),
    // Due renewals are explicit writes, never a side effect of reading (docs/decisions/0105).
    { name: "subscription-renewals", schedule: "*/30 * * * * *", run: (now) => renewDueSubscriptions(now) },
    // Accounts whose 14-day deletion grace has ended lose their personal data (docs/decisions/0113).
    { name: "account-purge", schedule: "7 * * * *", run: (now) => purgeDeletedAccounts(now) },
    { name: "delivery-retention", schedule: "17 * * * *", run: (now) => pruneSentDeliveries(now, settings.deliveryRetentionDays) },
    { name: "idempotency-retention", schedule: "29 * * * *", run: (now) => pruneIdempotencyKeys(now) },
    { name: "session-retention", schedule: "23 * * * *", run: (now) => pruneExpiredSessions(now) },
    { name: "sqlite-optimize", schedule: "41 3 * * *", run: (now) => optimizeDatabase(now) },
    // The signals rows against the fold of the ledger, at start and hourly (docs/decisions/0148).
    { name: "projection-check", schedule: "37 * * * *", atStart: true, run: (now) => checkProjection(now) },
    ...(backups
      ? [
          {
            name: "backup-age",
            schedule: "13 * * * * *",
            run: async () => {
              const replicatedAt = await replicaPosition(backups.env, backups.databasePath, jobs.latestReplicatedAt);
              if (replicatedAt) beat(BACKUP_HEARTBEAT, "litestream", replicatedAt);
              return { replicatedAt: replicatedAt?.toISOString() ?? null };
            },
          },
        ]
      : []),
  ];
}
