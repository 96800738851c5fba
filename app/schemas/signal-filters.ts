/**
 * The filters of `GET /api/signals`: `status` (a comma list of PENDING,
 * ACTIVE, CLOSED, CANCELLED, EXPIRED, case-insensitive; repeated parameters
 * add up) and `strategyId` (a positive integer). Absent filters match every signal.
 */
import { z } from "zod";
import { LIFECYCLE_STATUSES, type LifecycleStatus } from "~/domain/signal-lifecycle";

const STATUS_LIST = LIFECYCLE_STATUSES.join(", ");

export const signalFiltersSchema = z.object({
  status: z
    .string()
    .optional()
    .transform((value, context): LifecycleStatus[] | undefined => {
      if (value === undefined) return undefined;
      const statuses: LifecycleStatus[] = [];
      for (const raw of value.split(",")) {
        const status = raw.trim().toUpperCase();
        if (!(LIFECYCLE_STATUSES as readonly string[]).includes(status)) {
          context.addIssue({
            code: z.ZodIssueCode.custom,
            message: raw.trim() === "" ? `Give one or more of ${STATUS_LIST}, separated by commas` : `Unknown status "${raw.trim()}": use ${STATUS_LIST}`,
          });
          return z.NEVER;
        }
        if (!statuses.includes(status as LifecycleStatus)) statuses.push(status as LifecycleStatus);
      }
      return statuses;
    }),
  strategyId: z
    .string()
    .optional()
    .transform((value, context): number | undefined => {
      if (value === undefined) return undefined;
      const id = Number(value);
      if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(id) || id < 1) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: "Must be a positive integer" });
        return z.NEVER;
      }
      return id;
    }),
});

export type SignalFilters = z.output<typeof signalFiltersSchema>;

/** The filter parameters of a URL, as `signalFiltersSchema` reads them (repeated `status` joined by commas). */
export function signalFilterParams(url: URL): { status?: string; strategyId?: string } {
  const statuses = url.searchParams.getAll("status");
  const strategyId = url.searchParams.get("strategyId");
  return {
    ...(statuses.length > 0 ? { status: statuses.join(",") } : {}),
    ...(strategyId !== null ? { strategyId } : {}),
  };
}
