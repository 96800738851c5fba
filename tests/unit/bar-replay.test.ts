/**
 * Resolving signals from OHLC bars: validation, the replay rules (stop first,
 * gaps, targets, expiry, bars before publish) and the property that bars give
 * the same result at once, one by one, in chunks, in any order, with duplicates.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_BARS_PER_REQUEST, normaliseBars, replayBars, type ReplayChange, type ReplaySignal } from "~/domain/bar-replay";
import { modify, publish, type PublishInput, type SignalEvent, type SignalState } from "~/domain/signal-lifecycle";
import { eurusdLongInput } from "../support/signal-lifecycle";

const MINUTE = 60 * 1000;
const T0 = new Date("2026-11-23T08:00:00.000Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE);
const NOW = at(24 * 60);

function signal(extra: Partial<PublishInput> = {}, publishedAt = T0): SignalState {
  const result = publish(
    eurusdLongInput(at(12 * 60), extra),
    publishedAt,
    NOW,
  );
  if (!result.ok) throw new Error(result.error.message);
  return result.state;
}

interface RawBar {
  symbol: string;
  time: string | number;
  open: number;
  high: number;
  low: number;
  close: number;
}

function bar(minutes: number, open: number, high: number, low: number, close: number, symbol = "EURUSD"): RawBar {
  return { symbol, time: at(minutes).toISOString(), open, high, low, close };
}

function replay(state: SignalState, bars: unknown, now = NOW): ReplayChange | undefined {
  const result = replayBars([{ id: 7, state }], bars, now);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.changes[0];
}

function types(change: ReplayChange | undefined): string[] {
  return change?.events.map((e) => e.type) ?? [];
}

describe("normaliseBars", () => {
  it("accepts ISO 8601 (Z or offset) and epoch milliseconds, sorts by time and upper-cases symbols", () => {
    const result = normaliseBars(
      [
        { symbol: "eurusd", time: "2026-11-23T10:00:00+02:00", open: 1.1, high: 1.2, low: 1.0, close: 1.1 },
        { symbol: "EURUSD", time: T0.getTime() - MINUTE, open: 1.1, high: 1.1, low: 1.1, close: 1.1 },
        { symbol: "GBPUSD", time: "2026-11-23T08:00Z", open: 1.3, high: 1.3, low: 1.3, close: 1.3 },
      ],
      NOW,
    );
    if (!result.ok) throw new Error("expected bars");
    expect(result.bars.map((b) => [b.symbol, b.time.toISOString()])).toEqual([
      ["EURUSD", "2026-11-23T07:59:00.000Z"],
      ["EURUSD", "2026-11-23T08:00:00.000Z"],
      ["GBPUSD", "2026-11-23T08:00:00.000Z"],
    ]);
  });

  it("ignores exact duplicates and refuses the same time with other prices", () => {
    const one = bar(1, 1.1, 1.101, 1.099, 1.1);
    const result = normaliseBars([one, { ...one }, one], NOW);
    expect(result.ok && result.bars).toHaveLength(1);
    expect(normaliseBars([one, { ...one, close: 1.1005 }], NOW)).toEqual({
      ok: false,
      errors: [{ field: "1", message: "Bar 1 has the same symbol and time as bar 0 but other prices" }],
    });
  });

  it("refuses a bar dated in the future, naming it", () => {
    const result = normaliseBars([bar(1, 1.1, 1.1, 1.1, 1.1), bar(2, 1.1, 1.1, 1.1, 1.1)], at(1));
    expect(result).toEqual({
      ok: false,
      errors: [{ field: "1.time", message: "Bar 1 is dated in the future (2026-11-23T08:02:00.000Z)" }],
    });
  });

  it("names every bad field", () => {
    const result = normaliseBars(
      [
        "bar",
        { symbol: "EUR", time: "yesterday", open: 0, high: "1.1", low: Number.NaN, close: 1.1 },
        { symbol: "EURUSD", time: 1.5, open: 1.1, high: 1.1, low: 1.1, close: 1.1 },
        bar(3, 1.1, 1.09, 1.08, 1.085),
        { ...bar(4, 1.1, 1.1, 1.1, 1.1), time: "2026-11-23 08:04:00" },
      ],
      NOW,
    );
    if (result.ok) throw new Error("expected errors");
    expect(result.errors.map((e) => e.field)).toEqual(["0", "1.symbol", "1.time", "1.open", "1.high", "1.low", "2.time", "3.low", "4.time"]);
  });

  it("refuses a body that is not an array, or too many bars", () => {
    expect(normaliseBars({ bars: [] }, NOW)).toMatchObject({ ok: false, errors: [{ field: "body" }] });
    const many = Array.from({ length: MAX_BARS_PER_REQUEST + 1 }, (_, i) => bar(i % 100, 1.1, 1.1, 1.1, 1.1));
    expect(normaliseBars(many, NOW)).toEqual({ ok: false, errors: [{ field: "body", message: "At most 10000 bars per request" }] });
    const allowed = Array.from({ length: MAX_BARS_PER_REQUEST }, (_, i) => ({ ...bar(0, 1.1, 1.1, 1.1, 1.1), time: T0.getTime() - i * MINUTE }));
    expect(normaliseBars(allowed, NOW).ok).toBe(true);
  });

  it("replays nothing when a bar is refused", () => {
    const result = replayBars([{ id: 1, state: signal() }], [bar(1, 1.1, 1.2, 1.0, 1.1), bar(99999, 1.1, 1.1, 1.1, 1.1)], NOW);
    expect(result.ok).toBe(false);
  });
});

describe("ACTIVE signals", () => {
  it("closes at the stop, or at the open when the bar gapped through it", () => {
    const atStop = replay(signal(), [bar(5, 1.098, 1.099, 1.0948, 1.096)]);
    expect(atStop?.events).toEqual([{ type: "closed", occurredAt: at(5), payload: { exitPrice: 1.095, reason: "SL" } }]);
    const gap = replay(signal(), [bar(5, 1.094, 1.096, 1.093, 1.0955)]);
    expect(gap?.events[0].payload).toEqual({ exitPrice: 1.094, reason: "SL" });
    expect(gap?.state.outcome).toMatchObject({ resultPips: -60, resultR: -1.2, closedAt: at(5) });
  });

  it("assumes the stop came first when one bar reaches both stop and target", () => {
    const change = replay(signal(), [bar(5, 1.1, 1.111, 1.094, 1.1)]);
    expect(change?.events.map((e) => e.payload)).toEqual([{ exitPrice: 1.095, reason: "SL" }]);
    const short = signal({ side: "SHORT", sl: 1.105, tp1: 1.09 });
    expect(replay(short, [bar(5, 1.1, 1.106, 1.089, 1.1)])?.events[0].payload).toEqual({ exitPrice: 1.105, reason: "SL" });
  });

  it("closes at TP1 when there is no TP2", () => {
    const change = replay(signal(), [bar(5, 1.1, 1.1, 1.099, 1.1), bar(6, 1.105, 1.1102, 1.104, 1.11)]);
    expect(change?.events).toEqual([{ type: "closed", occurredAt: at(6), payload: { exitPrice: 1.11, reason: "TP1" } }]);
    expect(change?.state.outcome).toMatchObject({ resultPips: 100, resultR: 2 });
  });

  it("with a TP2, takes half at TP1 and moves the stop to break-even, then TP2 closes the rest", () => {
    const change = replay(signal({ tp2: 1.12 }), [bar(5, 1.105, 1.121, 1.104, 1.11), bar(6, 1.11, 1.1201, 1.109, 1.12)]);
    expect(change?.events).toEqual([
      { type: "partially_closed", occurredAt: at(5), payload: { exitPrice: 1.11, fraction: 0.5, reason: "TP1" } },
      { type: "modified", occurredAt: at(5), payload: { sl: 1.1 } },
      { type: "closed", occurredAt: at(6), payload: { exitPrice: 1.12, reason: "TP2" } },
    ]);
    expect(change?.state.outcome).toMatchObject({ exitPrice: 1.115, closeReason: "TP2", resultPips: 150, resultR: 3 });
  });

  it("closes the rest at break-even when price comes back after TP1", () => {
    const change = replay(signal({ tp2: 1.12 }), [bar(5, 1.105, 1.11, 1.104, 1.11), bar(6, 1.108, 1.109, 1.099, 1.1)]);
    expect(types(change)).toEqual(["partially_closed", "modified", "closed"]);
    expect(change?.events[2].payload).toEqual({ exitPrice: 1.1, reason: "BREAKEVEN" });
    expect(change?.state.outcome).toMatchObject({ resultPips: 50, resultR: 1 });
  });

  it("keeps a stop the desk already moved past break-even when TP1 is taken", () => {
    const moved = modify(signal({ tp2: 1.12 }), { sl: 1.1 }, at(1), NOW);
    if (!moved.ok) throw new Error(moved.error.message);
    expect(types(replay(moved.state, [bar(5, 1.105, 1.11, 1.104, 1.11)]))).toEqual(["partially_closed"]);
  });

  it("closes at the first bar at or after expiry, at its open, with reason EXPIRY", () => {
    const active = signal({ expiresAt: at(60) });
    const change = replay(active, [bar(59, 1.1, 1.101, 1.099, 1.1), bar(60, 1.1012, 1.2, 1.0, 1.1)]);
    expect(change?.events).toEqual([{ type: "closed", occurredAt: at(60), payload: { exitPrice: 1.1012, reason: "EXPIRY" } }]);
    expect(change?.state.outcome).toMatchObject({ resultPips: 12, closeReason: "EXPIRY" });
  });

  it("ignores bars up to the publish time, and other symbols", () => {
    const late = signal({}, at(10));
    expect(replay(late, [bar(9, 1.1, 1.2, 1.0, 1.1), bar(10, 1.1, 1.2, 1.0, 1.1), bar(11, 1.1, 1.2, 1.0, 1.1, "GBPUSD")])).toBeUndefined();
    expect(types(replay(late, [bar(11, 1.1, 1.2, 1.0, 1.1)]))).toEqual(["closed"]);
  });

  it("leaves ended signals alone and reports only the signals that changed", () => {
    const closed = replay(signal(), [bar(5, 1.1, 1.2, 1.0, 1.1)])!.state;
    const untouched = signal({ sl: 1.09, tp1: 1.2 });
    const result = replayBars(
      [
        { id: 1, state: closed },
        { id: 2, state: untouched },
        { id: 3, state: signal() },
      ],
      [bar(6, 1.1, 1.11, 1.094, 1.1)],
      NOW,
    );
    expect(result.ok && result.changes.map((c) => c.id)).toEqual([3]);
  });
});

describe("PENDING signals", () => {
  it("triggers a limit at its price when touched, then stops out in a later bar", () => {
    const pending = signal({ entryMethod: "limit", entryPrice: 1.1, sl: 1.095, tp1: 1.11 });
    const change = replay(pending, [bar(5, 1.102, 1.103, 1.1015, 1.102), bar(6, 1.102, 1.102, 1.0995, 1.1), bar(7, 1.1, 1.1, 1.094, 1.095)]);
    expect(change?.events).toEqual([
      { type: "triggered", occurredAt: at(6), payload: { fillPrice: 1.1 } },
      { type: "closed", occurredAt: at(7), payload: { exitPrice: 1.095, reason: "SL" } },
    ]);
    expect(change?.state).toMatchObject({ status: "CLOSED", triggeredAt: at(6) });
  });

  it("fills a stop entry at the open after a gap", () => {
    const pending = signal({ entryMethod: "stop", entryPrice: 1.1, sl: 1.095, tp1: 1.11 });
    expect(replay(pending, [bar(5, 1.1008, 1.101, 1.1005, 1.1009)])?.events[0].payload).toEqual({ fillPrice: 1.1008 });
    const short = signal({ entryMethod: "stop", side: "SHORT", entryPrice: 1.1, sl: 1.105, tp1: 1.09 });
    expect(replay(short, [bar(5, 1.0995, 1.0999, 1.099, 1.0992)])?.events[0].payload).toEqual({ fillPrice: 1.0995 });
    expect(replay(short, [bar(5, 1.1003, 1.1004, 1.1, 1.1001)])?.events[0].payload).toEqual({ fillPrice: 1.1 });
  });

  it("triggers a SHORT limit when the bar rises to it", () => {
    const short = signal({ entryMethod: "limit", side: "SHORT", entryPrice: 1.1, sl: 1.105, tp1: 1.09 });
    expect(replay(short, [bar(5, 1.098, 1.0999, 1.097, 1.098)])).toBeUndefined();
    expect(replay(short, [bar(5, 1.098, 1.1, 1.097, 1.098)])?.events[0].payload).toEqual({ fillPrice: 1.1 });
  });

  it("closes at the stop in the trigger bar, but leaves a target for the next bar", () => {
    const pending = signal({ entryMethod: "limit" });
    const stopped = replay(pending, [bar(5, 1.101, 1.101, 1.094, 1.095)]);
    expect(stopped?.events.map((e) => [e.type, e.occurredAt.toISOString()])).toEqual([
      ["triggered", "2026-11-23T08:05:00.000Z"],
      ["closed", "2026-11-23T08:05:00.000Z"],
    ]);
    const target = replay(pending, [bar(5, 1.101, 1.111, 1.0999, 1.11)]);
    expect(types(target)).toEqual(["triggered"]);
    expect(types(replay(target!.state, [bar(6, 1.11, 1.111, 1.109, 1.11)]))).toEqual(["closed"]);
  });

  it("expires at its expiry time once a bar at or after it arrives untriggered", () => {
    const pending = signal({ entryMethod: "limit", expiresAt: at(30) });
    const change = replay(pending, [bar(29, 1.102, 1.103, 1.101, 1.102), bar(45, 1.1, 1.1, 1.09, 1.09)]);
    expect(change?.events).toEqual([{ type: "expired", occurredAt: at(30), payload: {} }]);
    expect(change?.state.status).toBe("EXPIRED");
  });
});

describe("order and duplicates", () => {
  const bars = [bar(3, 1.1, 1.1, 1.0999, 1.1), bar(4, 1.1, 1.105, 1.1, 1.104), bar(5, 1.105, 1.111, 1.104, 1.11), bar(6, 1.11, 1.12, 1.1, 1.1)];

  it("gives the same result for bars in any order and with duplicates", () => {
    const pending = signal({ entryMethod: "limit", tp2: 1.12 });
    const sorted = replay(pending, bars);
    expect(types(sorted)).toEqual(["triggered", "partially_closed", "modified", "closed"]);
    expect(replay(pending, [...bars].reverse())).toEqual(sorted);
    expect(replay(pending, [bars[2], bars[0], bars[2], bars[3], bars[1], bars[0]])).toEqual(sorted);
  });

  it("does not apply a re-sent bar twice", () => {
    const pending = signal({ entryMethod: "limit", tp2: 1.12 });
    const first = replay(pending, bars.slice(0, 3))!;
    expect(replay(first.state, bars.slice(2, 3))).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------
// Property: at once = one by one = any chunking, any order, duplicates.

const BASE = 11000; // 1.1000 in pips
const price = (tenths: number) => (BASE * 10 + tenths) / 100_000;

const signalArb = fc
  .record({
    side: fc.constantFrom("LONG" as const, "SHORT" as const),
    entryMethod: fc.constantFrom("market" as const, "limit" as const, "stop" as const),
    entryOffset: fc.integer({ min: -150, max: 150 }),
    slDistance: fc.integer({ min: 20, max: 300 }),
    tp1Distance: fc.integer({ min: 20, max: 300 }),
    tp2Extra: fc.option(fc.integer({ min: 10, max: 300 })),
    publishMinute: fc.integer({ min: 0, max: 20 }),
    lifeMinutes: fc.integer({ min: 5, max: 60 }),
  })
  .map((g) => {
    const d = g.side === "LONG" ? 1 : -1;
    return signal(
      {
        side: g.side,
        entryMethod: g.entryMethod,
        entryPrice: price(g.entryOffset),
        sl: price(g.entryOffset - d * g.slDistance),
        tp1: price(g.entryOffset + d * g.tp1Distance),
        tp2: g.tp2Extra === null ? null : price(g.entryOffset + d * (g.tp1Distance + g.tp2Extra)),
        expiresAt: at(g.publishMinute + g.lifeMinutes),
      },
      at(g.publishMinute),
    );
  });

/** A random walk of 1-minute bars in tenths of a pip around 1.1000. */
const barsArb = fc
  .array(fc.record({ move: fc.integer({ min: -200, max: 200 }), up: fc.nat(150), down: fc.nat(150), gap: fc.integer({ min: -60, max: 60 }) }), {
    minLength: 1,
    maxLength: 70,
  })
  .map((steps) => {
    let last = 0;
    return steps.map((s, i) => {
      const open = last + s.gap;
      const close = open + s.move;
      last = close;
      return bar(i, price(open), price(Math.max(open, close) + s.up), price(Math.min(open, close) - s.down), price(close));
    });
  });

type Outcome = Map<number, { events: SignalEvent[]; state: SignalState }>;

/** Replays `chunks` one request after another, carrying the states forward. */
function replayInChunks(signals: SignalState[], chunks: RawBar[][]): Outcome {
  const current: ReplaySignal[] = signals.map((state, id) => ({ id, state }));
  const outcome: Outcome = new Map(signals.map((state, id) => [id, { events: [], state }]));
  for (const chunk of chunks) {
    const result = replayBars(current, chunk, NOW);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    for (const change of result.changes) {
      const entry = outcome.get(change.id)!;
      entry.events.push(...change.events);
      entry.state = change.state;
      current[change.id] = { id: change.id, state: change.state };
    }
  }
  return outcome;
}

describe("replay property", () => {
  it("gives the same events and states at once, one by one, and in shuffled, overlapping chunks", () => {
    const scenario = fc
      .record({ signals: fc.array(signalArb, { minLength: 1, maxLength: 6 }), bars: barsArb })
      .chain(({ signals, bars }) =>
        fc.record({
          signals: fc.constant(signals),
          bars: fc.constant(bars),
          shuffled: fc.shuffledSubarray(bars, { minLength: bars.length, maxLength: bars.length }),
          duplicates: fc.subarray(bars),
          cuts: fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, bars.length - 1) }), { maxLength: 6 }),
        }),
      );
    fc.assert(
      fc.property(scenario, ({ signals, bars, shuffled, duplicates, cuts }) => {
        const atOnce = replayInChunks(signals, [[...shuffled, ...duplicates]]);
        const oneByOne = replayInChunks(
          signals,
          bars.map((b) => [b]),
        );
        const bounds = [0, ...[...cuts].sort((a, b) => a - b), bars.length];
        const chunks = bounds.slice(1).map((end, i) => {
          const chunk = bars.slice(bounds[i], end);
          // Re-send the previous chunk's last bar and shuffle within the chunk.
          const resent = bounds[i] > 0 ? [bars[bounds[i] - 1]] : [];
          return [...chunk.reverse(), ...resent];
        });
        const chunked = replayInChunks(signals, chunks);
        expect(oneByOne).toEqual(atOnce);
        expect(chunked).toEqual(atOnce);
        for (const { state, events } of atOnce.values()) {
          for (let i = 1; i < events.length; i++) expect(events[i].occurredAt >= events[i - 1].occurredAt).toBe(true);
          if (state.status === "CLOSED") expect(state.outcome).not.toBeNull();
        }
      }),
      { numRuns: 300 },
    );
  });

  it("resolves every signal once bars reach past its expiry: nothing is left open", () => {
    fc.assert(
      fc.property(fc.array(signalArb, { minLength: 1, maxLength: 6 }), barsArb, (signals, bars) => {
        const last = bars[bars.length - 1];
        const late = { ...last, time: at(200).toISOString() };
        const outcome = replayInChunks(signals, [[...bars, late]]);
        for (const { state } of outcome.values()) expect(["CLOSED", "EXPIRED"]).toContain(state.status);
      }),
      { numRuns: 200 },
    );
  });
});
