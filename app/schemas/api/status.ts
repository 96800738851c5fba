/**
 * `GET /api/status`: the health of each part of the service, as /status shows
 * it. Nothing private: no addresses, hosts, e-mail addresses or error texts
 * with paths (errors pass through `publicErrorText`).
 */
import { z } from "./zod";
import { isoDateTime } from "./common";

const componentStatus = z.enum(["operational", "degraded", "down"]).openapi({ ref: "ComponentStatus", description: "By the rules of docs/decisions/0135." });

const windowSchema = z
  .object({
    sent: z.number().int().min(0).openapi({ description: "Attempts that succeeded." }),
    failed: z.number().int().min(0).openapi({ description: "Attempts that failed (they are retried)." }),
    p50Ms: z.number().int().min(0).nullable().openapi({ description: "Median attempt latency, ms; null without attempts." }),
    p99Ms: z.number().int().min(0).nullable().openapi({ description: "99th percentile attempt latency, ms (nearest rank); null without attempts." }),
  })
  .strict();

const jobRunSchema = z
  .object({
    startedAt: isoDateTime,
    durationMs: z.number().int().min(0),
    outcome: z.enum(["ok", "failed", "skipped"]),
    error: z.string().nullable().openapi({ description: "The failure's message with paths, addresses and hosts removed." }),
  })
  .strict();

export const incidentSchema = z
  .object({
    id: z.number().int().min(1),
    title: z.string(),
    body: z.string(),
    severity: z.enum(["minor", "major", "critical"]),
    resolved: z.boolean(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .strict()
  .openapi({ ref: "StatusIncident" });

export const statusReportSchema = z
  .object({
    status: componentStatus.openapi({ description: "The worst of the components' statuses." }),
    checkedAt: isoDateTime,
    components: z
      .object({
        web: z.object({ status: componentStatus }).strict(),
        database: z.object({ status: componentStatus, read: z.boolean(), write: z.boolean() }).strict(),
        worker: z
          .object({
            status: componentStatus,
            queueDepth: z.number().int().min(0).openapi({ description: "Delivery jobs queued, retrying or being sent." }),
            oldestDueAgeSeconds: z.number().int().min(0).nullable().openapi({ description: "How long the oldest due job has waited; null when none is due." }),
            lastHeartbeatAt: isoDateTime.nullable(),
            heartbeatAgeSeconds: z.number().int().min(0).nullable(),
          })
          .strict(),
        channels: z.array(
          z
            .object({
              channel: z.enum(["webhook", "email", "telegram", "push"]),
              status: componentStatus,
              lastHour: windowSchema,
              last24Hours: windowSchema,
            })
            .strict(),
        ),
        liveFeed: z.object({ status: componentStatus, connectedClients: z.number().int().min(0).openapi({ description: "Open live-feed streams on the instance that answered." }) }).strict(),
        ledger: z
          .object({
            status: componentStatus,
            head: z.object({ seq: z.number().int().min(0), hash: z.string().regex(/^[0-9a-f]{64}$/), recordedAt: isoDateTime.nullable() }).strict(),
            checkpoint: z
              .object({
                treeSize: z.number().int().min(0),
                rootHash: z.string().regex(/^[0-9a-f]{64}$/),
                url: z.string().openapi({ description: "Where the signed checkpoint is served.", example: "/api/ledger/checkpoint" }),
              })
              .strict(),
          })
          .strict(),
        scheduler: z
          .object({
            status: componentStatus,
            jobs: z.array(z.object({ name: z.string(), lastRun: jobRunSchema, recentRuns: z.array(jobRunSchema) }).strict()),
          })
          .strict(),
        priceFeed: z
          .object({
            status: componentStatus,
            configured: z.boolean().openapi({ description: "False until PRICE_FEED is set; then open signals are resolved by the feed's M1 bars." }),
            symbols: z.array(
              z
                .object({
                  symbol: z.string(),
                  source: z.string().openapi({ description: "oanda, histdata or dukascopy." }),
                  lastBarAt: z.string().nullable().openapi({ description: "Open time of the newest bar received, ISO 8601 UTC." }),
                  missingMinutes: z.number().int().min(0).openapi({ description: "M1 bars missing while the market was open (weekends and holidays are not gaps)." }),
                  stale: z.boolean().openapi({ description: "The market is open and the symbol, which has an open signal, got no bar for over 5 minutes (or its last poll failed)." }),
                })
                .strict(),
            ),
          })
          .strict(),
        backups: z
          .object({
            configured: z.boolean().openapi({ description: "False until LITESTREAM_REPLICA_URL is set." }),
            lastBackupAgeSeconds: z.number().int().min(0).nullable().openapi({ description: "Seconds since the newest moment the backup replica can restore (read from Litestream each minute); null when backups are not configured or nothing was replicated yet." }),
          })
          .strict(),
      })
      .strict(),
    incidents: z.array(incidentSchema),
  })
  .strict()
  .openapi({ ref: "StatusReport" });

export type StatusReport = z.infer<typeof statusReportSchema>;
export type StatusIncidentView = z.infer<typeof incidentSchema>;
