import { statusReportSchema } from "~/schemas/api/status";
import { apiHandler, apiJsonOf, readOnlyAction } from "~/services/http.server";
import { statusReport } from "~/services/status.server";

/**
 * GET /api/status: every component of the service with its status
 * (`operational`, `degraded`, `down`; rules in docs/decisions/0135), the
 * delivery figures per channel, the ledger head and checkpoint, the scheduled
 * jobs' runs and the incident notes. Public; nothing private in it.
 */
export const loader = apiHandler(() => apiJsonOf(statusReportSchema, statusReport(new Date())), { access: "public" });

export const action = readOnlyAction("public");
