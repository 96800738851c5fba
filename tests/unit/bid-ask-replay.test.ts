/**
 * Bid/ask-true replay of feed bars (docs/decisions/0169-bid-ask-fills.md):
 * a LONG enters on the ask and exits on the bid, a SHORT the reverse; each
 * event carries the bar's stamp and the side and level that caused it; and
 * the OANDA candles answer is read as documented (complete candles only).
 */
import { describe, expect, it } from "vitest";
import { feedReplayBars, replayValidBars } from "~/domain/bar-replay";
import { missingMinutes, parseOandaCandles, pollWindow, type FeedBar, type QuoteText } from "~/domain/price-feed";
import { oandaInstrument } from "~/domain/instruments";
import { publish, type PublishInput, type SignalState } from "~/domain/signal-lifecycle";
import { eurusdLongInput } from "../support/signal-lifecycle";

const MINUTE = 60_000;
const T0 = new Date("2026-11-26T08:00:00.000Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE);
const NOW = at(600);

function signal(extra: Partial<PublishInput>): SignalState {
  const result = publish(eurusdLongInput(at(300), extra), T0, NOW);
  if (!result.ok) throw new Error(result.error.message);
  return result.state;
}

const side = (o: string, h: string, l: string, c: string): QuoteText => ({ o, h, l, c });

/** An OANDA candle at `minute`: bid as given, ask `spread` above it (decimal strings, 5 places). */
function candle(minute: number, bid: QuoteText, spread = 0.0002) {
  const up = (text: string) => (Number(text) + spread).toFixed(5);
  return { complete: true, volume: 10, time: at(minute).toISOString().replace(".000Z", ".000000000Z"), bid, ask: side(up(bid.o), up(bid.h), up(bid.l), up(bid.c)) };
}

function bars(candles: unknown[]): FeedBar[] {
  return parseOandaCandles({ instrument: "EUR_USD", granularity: "M1", candles }, "EURUSD", "EUR_USD");
}

function run(state: SignalState, feedBars: FeedBar[]) {
  return replayValidBars([{ id: 1, state }], feedReplayBars(feedBars), NOW)[0];
}

describe("bid/ask-true replay", () => {
  it("fills a buy limit only when the ASK reaches it, where the mid or the bid alone would have filled it", () => {
    const state = signal({ entryMethod: "limit", entryPrice: 1.1, sl: 1.095, tp1: 1.11 });
    // Bid low 1.09985 and mid low 1.09995 are below 1.10000; the ask low, 1.10005, is not.
    expect(run(state, bars([candle(1, side("1.10050", "1.10060", "1.09985", "1.10040"), 0.0002)]))).toBeUndefined();
    const change = run(state, bars([candle(2, side("1.10050", "1.10060", "1.09975", "1.10040"), 0.0002)]))!;
    expect(change.events.map((event) => [event.type, event.payload])).toEqual([
      [
        "triggered",
        {
          fillPrice: 1.1,
          feed: {
            source: "oanda",
            instrument: "EUR_USD",
            granularity: "M1",
            bar: { time: at(2).toISOString(), bid: side("1.10050", "1.10060", "1.09975", "1.10040"), ask: side("1.10070", "1.10080", "1.09995", "1.10060") },
            reached: { quote: "ask", level: "low", value: "1.09995" },
          },
        },
      ],
    ]);
  });

  it("takes a long's target only when the BID reaches it, and a short's stop when the ASK does", () => {
    const long = signal({ sl: 1.095, tp1: 1.11 });
    // The ask high reaches 1.11000, the bid high (1.10990) does not: no exit for a long.
    expect(run(long, bars([candle(1, side("1.10900", "1.10990", "1.10890", "1.10950"), 0.0002)]))).toBeUndefined();
    const short = signal({ side: "SHORT", entryPrice: 1.1, sl: 1.105, tp1: 1.09 });
    // Bid high 1.10490 stays under the 1.10500 stop; the ask high, 1.10510, goes through it.
    const stopped = run(short, bars([candle(1, side("1.10400", "1.10490", "1.10390", "1.10450"), 0.0002)]))!;
    expect(stopped.events[0]).toMatchObject({ type: "closed", payload: { exitPrice: 1.105, reason: "SL", feed: { reached: { quote: "ask", level: "high", value: "1.10510" } } } });
    expect(stopped.state.outcome).toMatchObject({ resultPips: -50, resultR: -1 });
  });

  it("reads only complete candles, refuses answers of another shape, maps symbols to OANDA instruments, and bounds the poll window", () => {
    const forming = { ...candle(3, side("1.1", "1.1", "1.1", "1.1")), complete: false };
    expect(bars([candle(1, side("1.10000", "1.10010", "1.09990", "1.10000")), forming]).map((bar) => bar.time)).toEqual([at(1)]);
    expect(bars([candle(1, side("1.10000", "1.10010", "1.09990", "1.10000"))])[0]!.mid).toEqual({ open: 1.1001, high: 1.1002, low: 1.1, close: 1.1001 });
    expect(() => parseOandaCandles({ instrument: "EUR_USD", granularity: "M1", candles: [{ ...candle(1, side("1", "1", "1", "1")), bid: { o: 1.1 } }] }, "EURUSD", "EUR_USD")).toThrow("candles.0.bid.o must be a decimal string");
    expect(() => parseOandaCandles({ instrument: "GBP_USD", granularity: "M1", candles: [] }, "EURUSD", "EUR_USD")).toThrow("not EUR_USD");
    expect([oandaInstrument("EURUSD"), oandaInstrument("XAUUSD"), oandaInstrument("ABCDEF")]).toEqual(["EUR_USD", "XAU_USD", null]);
    expect(pollWindow(null, new Date("2026-11-26T10:30:40Z"), new Date("2026-11-26T10:35:10Z"))).toEqual({ from: new Date("2026-11-26T10:30:00Z"), to: new Date("2026-11-26T10:35:00Z") });
    expect(pollWindow(new Date("2026-11-26T10:34:00Z"), T0, new Date("2026-11-26T10:35:30Z"))).toBeNull();
    expect(pollWindow(null, new Date("2026-11-01T00:00:00Z"), NOW)!.to).toEqual(new Date("2026-11-04T11:20:00Z"));
  });

  it("counts no missing minutes over the weekend or on 25 December", () => {
    const friday = new Date("2026-11-27T20:58:00Z");
    const sunday = new Date("2026-11-29T22:00:00Z");
    expect(missingMinutes([friday, sunday], new Date(sunday.getTime() + MINUTE))).toBe(1);
    expect(missingMinutes([new Date("2026-12-24T23:59:00Z"), new Date("2026-12-26T00:00:00Z")], new Date("2026-12-26T00:01:00Z"))).toBe(0);
  });
});
