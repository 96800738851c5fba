/**
 * Reading the M1 CSV exports of two free sources for back-filling and replay
 * (`npm run prices:import`, docs/decisions/0170-historical-price-import.md).
 * Both give one side only (the bid, as exported), so their bars are mid-only:
 * fills and exits use the one set of prices and the assumed spread applies.
 *
 * - HistData.com "Generic ASCII" M1 (DAT_ASCII_EURUSD_M1_2024.csv): no header,
 *   `YYYYMMDD HHMMSS;open;high;low;close;volume`, times in EST without
 *   daylight saving (UTC−5 all year), so UTC = stamp + 5 h.
 * - Dukascopy historical data export, CSV, 1 minute
 *   (EURUSD_Candlestick_1_M_BID_01.01.2024-31.01.2024.csv): header
 *   `Gmt time,Open,High,Low,Close,Volume`, rows
 *   `DD.MM.YYYY HH:MM:SS.mmm,open,high,low,close,volume` in GMT; a
 *   "Local time" export carries its offset, `DD.MM.YYYY HH:MM:SS.mmm GMT+0200`.
 *
 * Pure: text in, bars or line-numbered errors out.
 */
import type { FeedBar, FeedSource, QuoteText } from "./price-feed";
import { quoteOf } from "./price-feed";

/** The CSV sources `prices:import` reads. */
export const IMPORT_SOURCES = ["histdata", "dukascopy"] as const satisfies readonly FeedSource[];
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** A line that could not be read: its 1-based number and why. */
export interface ImportError {
  line: number;
  message: string;
}

export type ImportResult = { ok: true; bars: FeedBar[] } | { ok: false; errors: ImportError[] };

const DECIMAL = /^\d{1,9}(\.\d{1,9})?$/;
const HISTDATA = /^(\d{4})(\d{2})(\d{2}) (\d{2})(\d{2})(\d{2})$/;
const DUKASCOPY = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{3})?(?: GMT([+-])(\d{2})(\d{2}))?$/;
const EST_OFFSET_MS = 5 * 3_600_000;

function time(source: ImportSource, text: string): Date | null {
  if (source === "histdata") {
    const m = HISTDATA.exec(text);
    if (!m) return null;
    return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) + EST_OFFSET_MS);
  }
  const m = DUKASCOPY.exec(text);
  if (!m) return null;
  const offset = m[7] ? (m[7] === "+" ? 1 : -1) * (+m[8]! * 60 + +m[9]!) * 60_000 : 0;
  return new Date(Date.UTC(+m[3]!, +m[2]! - 1, +m[1]!, +m[4]!, +m[5]!, +m[6]!) - offset);
}

/**
 * The bars of one export file of `symbol`.
 * @param source `histdata` (semicolons, EST) or `dukascopy` (commas, header, GMT).
 * @param text the whole file.
 * @returns the bars oldest first (exact duplicates kept once), each stamped
 *   `{source, instrument: symbol, granularity: "M1", bar: {time, mid}}`; or
 *   every unreadable line (nothing is imported then).
 */
export function parsePriceCsv(source: ImportSource, symbol: string, text: string): ImportResult {
  const errors: ImportError[] = [];
  const byTime = new Map<number, FeedBar>();
  const separator = source === "histdata" ? ";" : ",";
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === "" || (source === "dukascopy" && /^(gmt|local) time/i.test(line))) return;
    const fields = line.split(separator).map((field) => field.trim());
    const at = fields[0] === undefined ? null : time(source, fields[0]);
    if (!at || fields.length < 5) return void errors.push({ line: index + 1, message: `not a ${source} M1 row` });
    const [o, h, l, c] = fields.slice(1, 5) as [string, string, string, string];
    if (![o, h, l, c].every((price) => DECIMAL.test(price) && Number(price) > 0)) return void errors.push({ line: index + 1, message: "prices must be decimals greater than 0" });
    const mid: QuoteText = { o, h, l, c };
    const quote = quoteOf(mid);
    if (quote.low > Math.min(quote.open, quote.close) || quote.high < Math.max(quote.open, quote.close)) {
      return void errors.push({ line: index + 1, message: "low must be at most open and close, and high at least both" });
    }
    byTime.set(at.getTime(), {
      symbol,
      time: at,
      mid: quote,
      bidAsk: null,
      stamp: { source, instrument: symbol, granularity: "M1", bar: { time: at.toISOString(), mid } },
    });
  });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, bars: [...byTime.values()].sort((a, b) => a.time.getTime() - b.time.getTime()) };
}

/** The symbol in an export's file name (`DAT_ASCII_EURUSD_M1_2024.csv`, `EURUSD_Candlestick_1_M_BID_….csv`), or null. */
export function symbolFromFileName(name: string): string | null {
  const m = /(?:^|[_/\\])([A-Z]{6})_/.exec(name.toUpperCase());
  return m ? m[1]! : null;
}
