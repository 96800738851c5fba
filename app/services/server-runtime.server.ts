/**
 * Everything the HTTP server (server/) runs of the app, handed to it through
 * the Remix server build: `app/entry.server.tsx` re-exports `serverRuntime`
 * and server/ reaches it as `build.entry.module.serverRuntime`, importing
 * only types from app/ itself. So the process evaluates one copy of each app
 * module: one database connection, one request context, one outbox wake-up
 * registry (docs/decisions/0140-server-imports-only-the-build.md).
 */
import { latestReplicatedAt } from "~/domain/backups";
import { shedDecision } from "~/domain/load-shedding";
import { purgeDeletedAccounts } from "~/models/account-privacy.server";
import { pruneIdempotencyKeys } from "~/models/idempotency-keys.server";
import { deliveriesByStatus, ledgerLength, outboxByChannel } from "~/models/metrics.server";
import { BACKUP_HEARTBEAT, beat, lastBeat, migrationState, newestBeat, probeRead, probeWrite, WORKER_HEARTBEAT, WORKER_HEARTBEAT_MS } from "~/models/operations.server";
import { expireDueSignals } from "~/models/price-replay.server";
import { checkProjection } from "~/models/projection-check.server";
import { optimizeDatabase, pruneExpiredSessions, pruneSentDeliveries } from "~/models/retention.server";
import { renewDueSubscriptions } from "~/models/subscriptions.server";
import { closeDb, openContentVersion } from "~/platform/db.server";
import { getEnv } from "~/platform/env.server";
import { canWriteHere, instanceInfo, liteFsMount, readTxNumber } from "~/platform/litefs.server";
import { createLogger, getLogger } from "~/platform/logger.server";
import { runWithRequestContext } from "~/platform/request-context.server";
import { MAX_PRICES_BODY_BYTES } from "~/schemas/prices";
import { createDeliveryWorker } from "~/services/delivery-worker.server";
import { priceFeedJob } from "~/services/price-feed.server";
import { API_CSP, cspNonce, HSTS, MAX_BODY_BYTES, SECURITY_HEADERS, sharedBytesBody } from "~/services/http.server";
import { createScheduler } from "~/services/scheduler.server";
import { announceShutdown } from "~/services/shutdown.server";

/** What the server takes from the app, by concern. */
export const serverRuntime = {
  /** The validated environment, the loggers, the process's database connection. */
  platform: { getEnv, getLogger, createLogger, closeDb, openContentVersion, runWithRequestContext },
  /** LiteFS: the mount, who is primary, the replication position. */
  litefs: { liteFsMount, canWriteHere, instanceInfo, readTxNumber },
  /** Body limits, security headers and the shared bodies of the page cache. */
  http: { MAX_BODY_BYTES, MAX_PRICES_BODY_BYTES, SECURITY_HEADERS, API_CSP, HSTS, cspNonce, sharedBytesBody },
  /** The background work: the delivery worker, the scheduler and its jobs. */
  background: { createDeliveryWorker, createScheduler, announceShutdown },
  jobs: {
    expireDueSignals,
    renewDueSubscriptions,
    purgeDeletedAccounts,
    pruneSentDeliveries,
    pruneIdempotencyKeys,
    pruneExpiredSessions,
    optimizeDatabase,
    checkProjection,
    beat,
    BACKUP_HEARTBEAT,
    latestReplicatedAt,
    /** The `price-feed` job when PRICE_FEED is set, else null. */
    priceFeedJob,
  },
  /** What `GET /readyz` probes. */
  operations: { probeRead, probeWrite, migrationState, lastBeat, newestBeat, WORKER_HEARTBEAT, WORKER_HEARTBEAT_MS },
  /** The gauges `GET /metrics` reads from the database. */
  gauges: { outboxByChannel, deliveriesByStatus, ledgerLength },
  /** The load-shedding rule. */
  shedDecision,
};

/** The shape of `serverRuntime`, which server/ imports as a type. */
export type ServerRuntime = typeof serverRuntime;
