/**
 * The query of GET /api/strategies/{slug}/performance and
 * /api/strategies/{slug}/trades.csv: `risk` (percent of equity per trade,
 * greater than 0 and at most 100, default 1), the period `from`/`to`
 * (calendar days `YYYY-MM-DD`, UTC, both inclusive: `from` at 00:00:00.000,
 * `to` at 23:59:59.999) and `basis` (`live`, `simulated` or `all`, default
 * `live`: docs/decisions/0146). Every message names its field.
 */
import { z } from "zod";
import { DEFAULT_RECORD_BASIS, RECORD_BASES } from "~/domain/record-basis";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` that names a real day, as the instant `time` of it (UTC). */
function dayField(label: string, time: "T00:00:00.000Z" | "T23:59:59.999Z") {
  return z
    .string()
    .regex(DAY, `${label} must be a date as YYYY-MM-DD`)
    .transform((text, ctx) => {
      const date = new Date(`${text}${time}`);
      if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${label} must be a real calendar day` });
        return z.NEVER;
      }
      return date;
    })
    .optional();
}

export const trackRecordQuerySchema = z
  .object({
    risk: z
      .string()
      .regex(/^\d+(\.\d+)?$/, "risk must be a number of percent, such as 1 or 0.5")
      .transform(Number)
      .refine((n) => n > 0 && n <= 100, "risk must be greater than 0 and at most 100")
      .optional(),
    from: dayField("from", "T00:00:00.000Z"),
    to: dayField("to", "T23:59:59.999Z"),
    basis: z
      .enum(RECORD_BASES, { errorMap: () => ({ message: `basis must be one of ${RECORD_BASES.join(", ")}` }) })
      .default(DEFAULT_RECORD_BASIS),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.from.getTime() > query.to.getTime()) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["to"], message: "to must be on or after from" });
    }
  });

export type TrackRecordQuery = z.infer<typeof trackRecordQuerySchema>;

/** The query's fields from a URL (absent or empty parameters are left out). */
export function trackRecordQueryInput(url: URL): Record<string, string> {
  const input: Record<string, string> = {};
  for (const name of ["risk", "from", "to", "basis"]) {
    const value = url.searchParams.get(name);
    if (value !== null && value !== "") input[name] = value;
  }
  return input;
}
