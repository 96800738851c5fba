/**
 * The price feed (docs/decisions/0168-price-feed-adapter.md): the OANDA v20
 * adapter of the domain's `PriceFeed`, and the poll the scheduler runs every
 * PRICE_FEED_POLL_MS: for each symbol with a PENDING or ACTIVE signal, the
 * complete M1 bid/ask candles since its last bar, replayed through the bar
 * replay (bid/ask-true, each event stamped with its bar), and the symbol's
 * feed state recorded. With PRICE_FEED unset there is no job and nothing changes.
 */
import { oandaInstrument } from "~/domain/instruments";
import { FeedError, parseOandaCandles, pollWindow, type FeedBar, type PriceFeed } from "~/domain/price-feed";
import { applyFeedBars } from "~/models/price-replay.server";
import { feedHealth, pollTargets, recordPoll } from "~/models/price-feed.server";
import { priceFeedConfig } from "~/platform/env.server";
import type { ScheduledJob } from "~/services/scheduler.server";

/** Longest wait for one candles answer, ms. */
const REQUEST_TIMEOUT_MS = 10_000;
/** Largest candles answer read, bytes (5,000 BA candles are about 1.1 MB). */
const MAX_ANSWER_BYTES = 4_000_000;

/**
 * The OANDA v20 adapter: `GET {apiUrl}/v3/instruments/{instrument}/candles?price=BA&granularity=M1&from=&to=`
 * with `Authorization: Bearer {token}` and `Accept-Datetime-Format: RFC3339`
 * (https://developer.oanda.com/rest-live-v20/instrument-ep/). `from` is
 * inclusive; `to` is exclusive here (the window ends at a minute boundary,
 * whose candle has not started).
 * @param settings.apiUrl the v20 root (practice or live), no trailing slash.
 * @param settings.token the personal access token; never put in an error or a log line.
 */
export function oandaFeed(settings: { apiUrl: string; token: string }): PriceFeed {
  return {
    source: "oanda",
    instrumentFor: oandaInstrument,
    async bars(symbol, from, to) {
      const instrument = oandaInstrument(symbol);
      if (!instrument) throw new FeedError(`${symbol} has no OANDA instrument in the catalogue`);
      const query = new URLSearchParams({ price: "BA", granularity: "M1", from: from.toISOString(), to: to.toISOString() });
      const url = `${settings.apiUrl}/v3/instruments/${instrument}/candles?${query.toString()}`;
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { Authorization: `Bearer ${settings.token}`, "Accept-Datetime-Format": "RFC3339", Accept: "application/json" },
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        throw new FeedError(`OANDA candles for ${instrument} could not be fetched: ${error instanceof Error ? error.name : "network error"}`);
      }
      const text = await response.text();
      if (text.length > MAX_ANSWER_BYTES) throw new FeedError(`OANDA candles answer for ${instrument} is larger than ${MAX_ANSWER_BYTES} bytes`);
      if (!response.ok) {
        let detail = "";
        try {
          const body = JSON.parse(text) as { errorMessage?: unknown };
          if (typeof body.errorMessage === "string") detail = `: ${body.errorMessage.slice(0, 200)}`;
        } catch {
          detail = "";
        }
        throw new FeedError(`OANDA answered ${response.status} for ${instrument}${detail}`);
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new FeedError(`OANDA candles answer for ${instrument} is not JSON`);
      }
      return parseOandaCandles(body, symbol, instrument).filter((bar) => bar.time >= from && bar.time < to);
    },
  };
}

/** The configured feed, or null when PRICE_FEED is unset. */
export function configuredPriceFeed(): PriceFeed | null {
  const config = priceFeedConfig();
  return config ? oandaFeed(config) : null;
}

/** What one poll did: per symbol, the bars received (or the error), and the events the bars caused. */
export interface PollSummary {
  symbols: Array<{ symbol: string; bars: number; error?: string }>;
  events: number;
}

/**
 * One poll of the feed at `now`: each symbol with an open signal is asked for
 * the complete M1 bars since its last one (`pollWindow`); the bars of all
 * symbols are then replayed in one transaction (`applyFeedBars`) and each
 * symbol's state is recorded. A symbol whose request fails keeps its last bar
 * (the next poll asks again) and records the error.
 * @param feed the adapter (default the configured one; none → nothing happens).
 */
export async function pollPriceFeed(now: Date, feed: PriceFeed | null = configuredPriceFeed()): Promise<PollSummary> {
  if (!feed) return { symbols: [], events: 0 };
  const fetched: Array<{ symbol: string; instrument: string; bars: FeedBar[]; error: string | null }> = [];
  for (const target of pollTargets()) {
    const instrument = feed.instrumentFor(target.symbol);
    const window = pollWindow(target.lastBarAt, target.since, now);
    if (!instrument || !window) continue;
    try {
      fetched.push({ symbol: target.symbol, instrument, bars: await feed.bars(target.symbol, window.from, window.to), error: null });
    } catch (error) {
      fetched.push({ symbol: target.symbol, instrument, bars: [], error: error instanceof FeedError ? error.message : "The feed request failed" });
    }
  }
  const written = applyFeedBars(fetched.flatMap((poll) => poll.bars), now);
  for (const poll of fetched) recordPoll({ ...poll, source: feed.source }, now);
  return {
    symbols: fetched.map((poll) => (poll.error ? { symbol: poll.symbol, bars: 0, error: poll.error } : { symbol: poll.symbol, bars: poll.bars.length })),
    events: written.events,
  };
}

/**
 * The 6-field cron pattern that runs every `ms` milliseconds, rounded to whole
 * seconds (1 to 60): `*\/30 * * * * *` for 30,000; `0 * * * * *` for 60,000.
 */
export function pollSchedule(ms: number): string {
  const seconds = Math.min(60, Math.max(1, Math.round(ms / 1000)));
  return seconds === 60 ? "0 * * * * *" : `*/${seconds} * * * * *`;
}

/** The scheduler's `price-feed` job when a feed is configured, else null (nothing is polled). */
export function priceFeedJob(): ScheduledJob | null {
  const config = priceFeedConfig();
  if (!config) return null;
  const feed = oandaFeed(config);
  return { name: "price-feed", schedule: pollSchedule(config.pollMs), atStart: true, run: (now) => pollPriceFeed(now, feed) };
}

/** The desk's feed health at `now`: whether a feed is configured, and each polled symbol's state with times as ISO 8601 UTC. */
export function deskFeedHealth(now: Date) {
  return {
    configured: priceFeedConfig() !== null,
    symbols: feedHealth(now).map((row) => ({
      symbol: row.symbol,
      source: row.source,
      instrument: row.instrument,
      lastBarAt: row.lastBarAt ? row.lastBarAt.toISOString() : null,
      missingMinutes: row.missingMinutes,
      stale: row.stale,
      lastError: row.lastError,
    })),
  };
}
