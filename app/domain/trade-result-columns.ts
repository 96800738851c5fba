/**
 * Per-trade results (`TradeResult`) held column by column: one Float64Array
 * for the numbers, a small table for each field with few distinct values
 * (symbol, side, close reason, outcome) and the open and close times as epoch
 * milliseconds. A record of a million trades is then a few large objects
 * instead of about sixteen million small ones (each result, its boxed
 * numbers, its two time strings), which the garbage collector would otherwise
 * walk on every full collection for as long as the record is kept
 * (docs/decisions/0084-track-record-in-columns.md).
 *
 * Times round-trip exactly: `tradeResult` writes them with
 * `Date.prototype.toISOString`, which `at` uses again.
 */
import type { TradeResult } from "./track-record";

/** The numeric fields, stored as they are (Float64Array keeps every double, −0 and NaN included). */
const NUMBER_FIELDS = [
  "id",
  "strategyId",
  "entryPrice",
  "originalSl",
  "fillPrice",
  "exitPrice",
  "riskPips",
  "grossPips",
  "spreadPips",
  "commissionPips",
  "slippagePips",
  "costPips",
  "netPips",
  "grossR",
  "netR",
  "holdingHours",
] as const satisfies ReadonlyArray<keyof TradeResult>;

/** Fields with few distinct values, stored as an index into a table of those values. */
const CODED_FIELDS = ["symbol", "side", "closeReason", "outcome"] as const satisfies ReadonlyArray<keyof TradeResult>;

const NUMBERS = NUMBER_FIELDS.length;
const CODES = CODED_FIELDS.length;
const column = Object.fromEntries(NUMBER_FIELDS.map((field, index) => [field, index])) as Record<(typeof NUMBER_FIELDS)[number], number>;

/** Trade results by row (0 to length − 1), in the order they were given. */
export class TradeResultColumns {
  /** How many results. */
  readonly length: number;
  private readonly numbers: Float64Array;
  private readonly codes: Uint16Array;
  private readonly tables: string[][];
  private readonly openedAtMs: Float64Array;
  private readonly closedAtMs: Float64Array;

  /**
   * @param results the results, in the order the rows keep.
   * @throws RangeError when a coded field has more than 65,536 distinct values.
   */
  constructor(results: readonly TradeResult[]) {
    const length = results.length;
    this.length = length;
    this.numbers = new Float64Array(length * NUMBERS);
    this.codes = new Uint16Array(length * CODES);
    this.tables = CODED_FIELDS.map(() => []);
    this.openedAtMs = new Float64Array(length);
    this.closedAtMs = new Float64Array(length);
    const indexes = CODED_FIELDS.map(() => new Map<string, number>());
    for (let row = 0; row < length; row += 1) {
      const result = results[row]!;
      for (let field = 0; field < NUMBERS; field += 1) this.numbers[row * NUMBERS + field] = result[NUMBER_FIELDS[field]!];
      for (let field = 0; field < CODES; field += 1) {
        const value = result[CODED_FIELDS[field]!];
        let code = indexes[field]!.get(value);
        if (code === undefined) {
          code = this.tables[field]!.length;
          if (code > 0xffff) throw new RangeError(`More than 65,536 distinct values of ${CODED_FIELDS[field]}`);
          this.tables[field]!.push(value);
          indexes[field]!.set(value, code);
        }
        this.codes[row * CODES + field] = code;
      }
      this.openedAtMs[row] = Date.parse(result.openedAt);
      this.closedAtMs[row] = Date.parse(result.closedAt);
    }
  }

  /** The signal id of row `row`. */
  id(row: number): number {
    return this.numbers[row * NUMBERS + column.id]!;
  }

  /** The strategy id of row `row`. */
  strategyId(row: number): number {
    return this.numbers[row * NUMBERS + column.strategyId]!;
  }

  /** The close time of row `row`, epoch milliseconds. */
  closedAtMsOf(row: number): number {
    return this.closedAtMs[row]!;
  }

  /** Row `row` as a TradeResult, equal field for field to the one given. */
  at(row: number): TradeResult {
    const n = row * NUMBERS;
    const c = row * CODES;
    const numbers = this.numbers;
    const tables = this.tables;
    const codes = this.codes;
    return {
      id: numbers[n + column.id]!,
      strategyId: numbers[n + column.strategyId]!,
      symbol: tables[0]![codes[c]!]!,
      side: tables[1]![codes[c + 1]!]! as TradeResult["side"],
      openedAt: new Date(this.openedAtMs[row]!).toISOString(),
      closedAt: new Date(this.closedAtMs[row]!).toISOString(),
      closeReason: tables[2]![codes[c + 2]!]! as TradeResult["closeReason"],
      entryPrice: numbers[n + column.entryPrice]!,
      originalSl: numbers[n + column.originalSl]!,
      fillPrice: numbers[n + column.fillPrice]!,
      exitPrice: numbers[n + column.exitPrice]!,
      riskPips: numbers[n + column.riskPips]!,
      grossPips: numbers[n + column.grossPips]!,
      spreadPips: numbers[n + column.spreadPips]!,
      commissionPips: numbers[n + column.commissionPips]!,
      slippagePips: numbers[n + column.slippagePips]!,
      costPips: numbers[n + column.costPips]!,
      netPips: numbers[n + column.netPips]!,
      grossR: numbers[n + column.grossR]!,
      netR: numbers[n + column.netR]!,
      holdingHours: numbers[n + column.holdingHours]!,
      outcome: tables[3]![codes[c + 3]!]! as TradeResult["outcome"],
    };
  }

  /** The results of `rows` (row numbers), in that order. */
  pick(rows: ArrayLike<number>): TradeResult[] {
    const picked: TradeResult[] = new Array(rows.length);
    for (let index = 0; index < rows.length; index += 1) picked[index] = this.at(rows[index]!);
    return picked;
  }
}
