/** OpenAPI path of the service status (GET /api/status). */
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { statusReportSchema } from "~/schemas/api/status";
import { jsonResponse, notModifiedResponse, problemResponses } from "../responses";

export const statusPaths: ZodOpenApiPathsObject = {
  "/api/status": {
    get: {
      operationId: "getStatus",
      tags: ["Status"],
      summary: "Get the service status",
      description:
        "Each component (web, database, delivery worker, every delivery channel, live feed, ledger, scheduled jobs) as `operational`, `degraded` or `down` by the rules of docs/decisions/0135, with the figures behind it: queue depth and oldest due job, last worker heartbeat, sent/failed counts and p50/p99 attempt latency per channel over the last hour and 24 hours, the ledger head and the tree its checkpoints sign, the scheduled jobs' recent runs, whether backups are configured, and the incident notes. The /status page shows the same.",
      security: [{}],
      responses: { "200": jsonResponse(statusReportSchema, "The status report.", { get: true }), "304": notModifiedResponse, ...problemResponses() },
    },
  },
};
