/**
 * Per-trade results (`TradeResult`) held column by column, in close order
 * (close time, then signal id): one Float64Array per numeric field, the open
 * and close times as epoch milliseconds, and a code per row for the fields
 * with few distinct values (symbol, side, close reason, outcome). A record of
 * a million trades is then a few dozen large arrays instead of about sixteen
 * million small objects (each result, its boxed numbers, its two time
 * strings), which the garbage collector would otherwise walk for as long as
 * the record is kept (docs/decisions/0086-trade-results-in-merged-columns.md).
 *
 * A table is never changed: `withChanges` makes the next one by copying the
 * unchanged runs of rows and writing only the new ones, so an update costs a
 * copy of the columns plus the changed rows, not a rebuild of every result.
 *
 * Times round-trip exactly: `tradeResult` writes them with
 * `Date.prototype.toISOString`, which `at` uses again on the same milliseconds.
 */
import { CLOSE_REASONS, type SignalSide } from "./signal-lifecycle";
import type { RecordBasis } from "./record-basis";
import type { TradeOutcome, TradeResult } from "./trade-result";

/** A result's figures: prices, pips, R multiples and hours (in the trades CSV, its columns between the close reason and the outcome, in this order). */
export const TRADE_FIGURE_FIELDS = [
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
  "pipValueUsd",
] as const satisfies ReadonlyArray<keyof TradeResult>;

/** The numeric fields of a result, each kept as it is (a Float64Array holds every double). */
export const NUMBER_FIELDS = ["id", "strategyId", ...TRADE_FIGURE_FIELDS] as const;

export type NumberField = (typeof NUMBER_FIELDS)[number];

/** Outcome codes: the index in this list (`OUTCOME_CODES.win` is 0). */
export const OUTCOMES = ["win", "loss", "breakeven"] as const satisfies ReadonlyArray<TradeOutcome>;
export const OUTCOME_CODES: Readonly<Record<TradeOutcome, number>> = { win: 0, loss: 1, breakeven: 2 };

const SIDES = ["LONG", "SHORT"] as const satisfies ReadonlyArray<SignalSide>;

/** Where a result goes among rows sorted by close: negative before, positive after (close time, then id). */
function compareClose(closedAtMsA: number, idA: number, closedAtMsB: number, idB: number): number {
  return closedAtMsA !== closedAtMsB ? closedAtMsA - closedAtMsB : idA - idB;
}

/** The fields of a table, all of one length. */
interface Columns {
  numbers: Record<NumberField, Float64Array>;
  openedAtMs: Float64Array;
  closedAtMs: Float64Array;
  /** Index into `symbols`. */
  symbol: Uint16Array;
  /** Index into SIDES, CLOSE_REASONS, OUTCOMES. */
  side: Uint8Array;
  closeReason: Uint8Array;
  outcome: Uint8Array;
  /** 1 for a simulated trade, 0 for a live one. */
  simulated: Uint8Array;
  /** 1 when the pip value is the assumed one (`TradeResult.pipValueEstimated`). */
  pipValueEstimated: Uint8Array;
}

function allocate(length: number): Columns {
  const numbers = {} as Record<NumberField, Float64Array>;
  for (const field of NUMBER_FIELDS) numbers[field] = new Float64Array(length);
  return {
    numbers,
    openedAtMs: new Float64Array(length),
    closedAtMs: new Float64Array(length),
    symbol: new Uint16Array(length),
    side: new Uint8Array(length),
    closeReason: new Uint8Array(length),
    outcome: new Uint8Array(length),
    simulated: new Uint8Array(length),
    pipValueEstimated: new Uint8Array(length),
  };
}

/** Every typed array of `columns`, in one fixed order (for copying runs of rows). */
function arraysOf(columns: Columns): Array<Float64Array | Uint16Array | Uint8Array> {
  return [
    ...NUMBER_FIELDS.map((field) => columns.numbers[field]),
    columns.openedAtMs,
    columns.closedAtMs,
    columns.symbol,
    columns.side,
    columns.closeReason,
    columns.outcome,
    columns.simulated,
    columns.pipValueEstimated,
  ];
}

/** The symbols met so far and their codes (index in `list`), append-only from one table to the next (so copied codes stay valid). */
interface SymbolCodes {
  list: string[];
  codes: Map<string, number>;
}

/**
 * Writes `result` (its times parsed: epoch ms) into row `row` of `target`,
 * giving its symbol the next code if it is new.
 * @throws RangeError when there would be more than 65,536 distinct symbols.
 */
function writeRow(target: Columns, row: number, result: TradeResult, openedAtMs: number, closedAtMs: number, symbols: SymbolCodes): void {
  let code = symbols.codes.get(result.symbol);
  if (code === undefined) {
    code = symbols.list.length;
    if (code > 0xffff) throw new RangeError("More than 65,536 distinct symbols");
    symbols.list.push(result.symbol);
    symbols.codes.set(result.symbol, code);
  }
  for (const field of NUMBER_FIELDS) target.numbers[field][row] = result[field];
  target.openedAtMs[row] = openedAtMs;
  target.closedAtMs[row] = closedAtMs;
  target.symbol[row] = code;
  target.side[row] = SIDES.indexOf(result.side);
  target.closeReason[row] = CLOSE_REASONS.indexOf(result.closeReason);
  target.outcome[row] = OUTCOME_CODES[result.outcome];
  target.simulated[row] = result.simulated ? 1 : 0;
  target.pipValueEstimated[row] = result.pipValueEstimated ? 1 : 0;
}

/** Rows `build` makes room for at first; the columns double each time they fill. */
const INITIAL_CAPACITY = 64;

/** Milliseconds of an ISO 8601 time as `toISOString` writes it. @throws RangeError for any other text. */
function isoMs(time: string): number {
  const ms = Date.parse(time);
  if (Number.isNaN(ms) || new Date(ms).toISOString() !== time) throw new RangeError(`Not a time as toISOString writes it: ${time}`);
  return ms;
}

/** Trade results by row (0 to length − 1), in close order. */
export class TradeResultTable {
  /** How many results. */
  readonly length: number;
  /** The numeric fields, by name: `numbers.netR[row]`. */
  readonly numbers: Readonly<Record<NumberField, Float64Array>>;
  /** Open and close times, epoch milliseconds. */
  readonly openedAtMs: Float64Array;
  readonly closedAtMs: Float64Array;
  /** Each row's outcome as its index in OUTCOMES. */
  readonly outcome: Uint8Array;
  /** Each row's symbol as a code; `symbolOf(code)` names it. */
  readonly symbolCode: Uint16Array;
  /** 1 where the row's pip value is the assumed one (`TradeResult.pipValueEstimated`). */
  readonly pipValueEstimated: Uint8Array;
  private readonly columns: Columns;
  /** Symbols by code, append-only from one table to the next (so copied codes stay valid). */
  private readonly symbols: readonly string[];
  /** Each strategy's rows in close order, made on first use. */
  private readonly byStrategy = new Map<number, Uint32Array>();
  private every: Uint32Array | null = null;
  /** Each row list's live and simulated rows, made on first use (keyed by the list `allRows` or `strategyRows` gave). */
  private readonly byBasis = new WeakMap<Uint32Array, Partial<Record<"live" | "simulated", Uint32Array>>>();

  private constructor(columns: Columns, length: number, symbols: readonly string[]) {
    this.columns = columns;
    this.length = length;
    this.symbols = symbols;
    this.numbers = columns.numbers;
    this.openedAtMs = columns.openedAtMs;
    this.closedAtMs = columns.closedAtMs;
    this.outcome = columns.outcome;
    this.symbolCode = columns.symbol;
    this.pipValueEstimated = columns.pipValueEstimated;
  }

  /** The symbol of a code from `symbolCode`. */
  symbolOf(code: number): string {
    return this.symbols[code]!;
  }

  /** A table of no results. */
  static empty(): TradeResultTable {
    return new TradeResultTable(allocate(0), 0, []);
  }

  /**
   * The results (any order) as a table in close order.
   * @throws RangeError as `build` does.
   */
  static of(results: readonly TradeResult[]): TradeResultTable {
    return TradeResultTable.build((add) => {
      for (const result of results) add(result);
    });
  }

  /**
   * The table of the results that `fill` passes to `add`, in any order. Each
   * result is written into the columns as it is added and is not kept, so a
   * caller can read results in batches and drop each batch once added. The
   * rows are put in close order once, at the end, by sorting row numbers.
   * Cost: O(n log n) for n results, with no object kept per result.
   * @throws RangeError when a result's time is not as `toISOString` writes it,
   * or when there would be more than 65,536 distinct symbols.
   */
  static build(fill: (add: (result: TradeResult) => void) => void): TradeResultTable {
    let capacity = INITIAL_CAPACITY;
    let columns = allocate(capacity);
    let length = 0;
    const symbols: SymbolCodes = { list: [], codes: new Map() };
    fill((result) => {
      if (length === capacity) {
        capacity *= 2;
        const larger = allocate(capacity);
        const targets = arraysOf(larger);
        arraysOf(columns).forEach((source, k) => targets[k]!.set(source));
        columns = larger;
      }
      writeRow(columns, length, result, isoMs(result.openedAt), isoMs(result.closedAt), symbols);
      length += 1;
    });
    const order = new Uint32Array(length);
    for (let row = 0; row < length; row++) order[row] = row;
    const closedAtMs = columns.closedAtMs;
    const ids = columns.numbers.id;
    order.sort((a, b) => compareClose(closedAtMs[a]!, ids[a]!, closedAtMs[b]!, ids[b]!));
    const sorted = allocate(length);
    const targets = arraysOf(sorted);
    arraysOf(columns).forEach((source, k) => {
      const target = targets[k]!;
      for (let row = 0; row < length; row++) target[row] = source[order[row]!]!;
    });
    return new TradeResultTable(sorted, length, symbols.list);
  }

  /**
   * The next table: this one without the rows of `removedIds`, with `added`
   * (any order) merged in by close time. Unchanged runs of rows are copied
   * whole; only the added rows are written one by one.
   * Cost: O(length) to find the removed rows and copy, plus O(m log length) for m added results.
   * @throws RangeError when an added result's time is not as `toISOString` writes it,
   * or when there would be more than 65,536 distinct symbols.
   */
  withChanges(removedIds: ReadonlySet<number>, added: readonly TradeResult[]): TradeResultTable {
    const removed = this.rowsWithIds(removedIds);
    const fresh = added
      .map((result) => ({ result, closedAtMs: isoMs(result.closedAt), openedAtMs: isoMs(result.openedAt) }))
      .sort((a, b) => compareClose(a.closedAtMs, a.result.id, b.closedAtMs, b.result.id));
    const length = this.length - removed.length + fresh.length;
    const target = allocate(length);
    const symbols: SymbolCodes = { list: [...this.symbols], codes: new Map(this.symbols.map((symbol, code) => [symbol, code])) };
    const sources = arraysOf(this.columns);
    const targets = arraysOf(target);
    let out = 0;
    const copy = (from: number, to: number) => {
      if (to <= from) return;
      for (let k = 0; k < sources.length; k++) targets[k]!.set(sources[k]!.subarray(from, to), out);
      out += to - from;
    };
    let row = 0;
    let next = 0;
    let r = 0;
    for (;;) {
      const insertAt = next < fresh.length ? this.insertionPoint(fresh[next]!.closedAtMs, fresh[next]!.result.id) : this.length;
      const removeAt = r < removed.length ? removed[r]! : this.length;
      const stop = Math.min(insertAt, removeAt);
      copy(row, stop);
      row = Math.max(row, stop);
      if (r < removed.length && removeAt === row) {
        row += 1;
        r += 1;
      } else if (next < fresh.length) {
        const { result, closedAtMs, openedAtMs } = fresh[next]!;
        writeRow(target, out, result, openedAtMs, closedAtMs, symbols);
        out += 1;
        next += 1;
      } else {
        break;
      }
    }
    return new TradeResultTable(target, length, symbols.list);
  }

  /** The rows holding `ids`, ascending (a scan of the id column, skipping ids outside the set's range). */
  private rowsWithIds(ids: ReadonlySet<number>): number[] {
    if (ids.size === 0) return [];
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (const id of ids) {
      low = Math.min(low, id);
      high = Math.max(high, id);
    }
    const column = this.numbers.id;
    const rows: number[] = [];
    for (let row = 0; row < this.length; row++) {
      const id = column[row]!;
      if (id >= low && id <= high && ids.has(id)) rows.push(row);
    }
    return rows;
  }

  /** The first row that sorts after a result closed at `closedAtMs` with `id` (binary search). */
  private insertionPoint(closedAtMs: number, id: number): number {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareClose(this.closedAtMs[middle]!, this.numbers.id[middle]!, closedAtMs, id) <= 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Every row, in close order (made once per table). */
  allRows(): Uint32Array {
    if (!this.every) {
      this.every = new Uint32Array(this.length);
      for (let row = 0; row < this.length; row++) this.every[row] = row;
    }
    return this.every;
  }

  /** The rows of one strategy, in close order (made once per table and strategy). */
  strategyRows(strategyId: number): Uint32Array {
    let rows = this.byStrategy.get(strategyId);
    if (!rows) {
      const column = this.numbers.strategyId;
      let count = 0;
      for (let row = 0; row < this.length; row++) if (column[row] === strategyId) count++;
      rows = new Uint32Array(count);
      let k = 0;
      for (let row = 0; row < this.length; row++) if (column[row] === strategyId) rows[k++] = row;
      this.byStrategy.set(strategyId, rows);
    }
    return rows;
  }

  /**
   * The rows of `rows` (rows of this table in close order) on `basis`: the
   * live trades, the simulated ones, or all of them (`rows` itself); a
   * filtered list is made once per table, list and basis.
   */
  onBasis(rows: Uint32Array, basis: RecordBasis): Uint32Array {
    if (basis === "all") return rows;
    let kept = this.byBasis.get(rows)?.[basis];
    if (!kept) {
      const wanted = basis === "simulated" ? 1 : 0;
      const column = this.columns.simulated;
      let count = 0;
      for (let k = 0; k < rows.length; k++) if (column[rows[k]!] === wanted) count++;
      kept = new Uint32Array(count);
      let j = 0;
      for (let k = 0; k < rows.length; k++) if (column[rows[k]!] === wanted) kept[j++] = rows[k]!;
      this.byBasis.set(rows, { ...this.byBasis.get(rows), [basis]: kept });
    }
    return kept;
  }

  /**
   * The part of `rows` (rows of this table in close order) closed in [from, to]
   * (epoch ms, either end open): a view found by binary search, no copy.
   */
  closedIn(rows: Uint32Array, fromMs: number | undefined, toMs: number | undefined): Uint32Array {
    const start = fromMs === undefined ? 0 : this.firstClosedFrom(rows, fromMs, false);
    const end = toMs === undefined ? rows.length : this.firstClosedFrom(rows, toMs, true);
    return start === 0 && end === rows.length ? rows : rows.subarray(start, Math.max(start, end));
  }

  /** The first index of `rows` whose close is at or after `ms` (`after`: strictly after). */
  private firstClosedFrom(rows: Uint32Array, ms: number, after: boolean): number {
    let low = 0;
    let high = rows.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const closedAt = this.closedAtMs[rows[middle]!]!;
      if (closedAt < ms || (after && closedAt === ms)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Row `row` as a TradeResult, equal field for field to the one given. */
  at(row: number): TradeResult {
    const numbers = this.numbers;
    const columns = this.columns;
    return {
      id: numbers.id[row]!,
      strategyId: numbers.strategyId[row]!,
      symbol: this.symbols[columns.symbol[row]!]!,
      side: SIDES[columns.side[row]!]!,
      openedAt: new Date(columns.openedAtMs[row]!).toISOString(),
      closedAt: new Date(columns.closedAtMs[row]!).toISOString(),
      closeReason: CLOSE_REASONS[columns.closeReason[row]!]!,
      entryPrice: numbers.entryPrice[row]!,
      originalSl: numbers.originalSl[row]!,
      fillPrice: numbers.fillPrice[row]!,
      exitPrice: numbers.exitPrice[row]!,
      riskPips: numbers.riskPips[row]!,
      grossPips: numbers.grossPips[row]!,
      spreadPips: numbers.spreadPips[row]!,
      commissionPips: numbers.commissionPips[row]!,
      slippagePips: numbers.slippagePips[row]!,
      costPips: numbers.costPips[row]!,
      netPips: numbers.netPips[row]!,
      grossR: numbers.grossR[row]!,
      netR: numbers.netR[row]!,
      holdingHours: numbers.holdingHours[row]!,
      pipValueUsd: numbers.pipValueUsd[row]!,
      outcome: OUTCOMES[columns.outcome[row]!]!,
      simulated: columns.simulated[row] === 1,
      pipValueEstimated: columns.pipValueEstimated[row] === 1,
    };
  }

  /** The results of `rows`, in that order. */
  pick(rows: ArrayLike<number>): TradeResult[] {
    const picked: TradeResult[] = new Array(rows.length);
    for (let k = 0; k < rows.length; k++) picked[k] = this.at(rows[k]!);
    return picked;
  }
}
