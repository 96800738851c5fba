/**
 * The period of a subscriber's live record in the portal (`?period=1W|1M|3M|1Y|ALL`):
 * parsing the URL's value and the date range it stands for. Pure.
 */
import { DEFAULT_RECORD_PERIOD, RECORD_PERIODS } from "~/content/track-record";
import { periodRange } from "./track-record";

export type RecordPeriod = (typeof RECORD_PERIODS)[number]["id"];

/** `value` (any case, surrounding spaces ignored) as a period; anything else (or null) is the default, ALL. */
export function parseRecordPeriod(value: string | null): RecordPeriod {
  const wanted = (value ?? "").trim().toUpperCase();
  return RECORD_PERIODS.find((period) => period.id === wanted)?.id ?? DEFAULT_RECORD_PERIOD;
}

/**
 * The closing-time range of `period` as of `asOf`: whole UTC days as on
 * /performance (`periodRange`), and no bounds at all for ALL.
 * @returns `{from, to}` Dates, or `{}` for ALL.
 */
export function recordPeriodRange(period: RecordPeriod, asOf: Date): { from?: Date; to?: Date } {
  return period === "ALL" ? {} : periodRange(period, asOf);
}
