/**
 * The price feed resolves signals by itself: the OANDA v20 adapter against a
 * stand-in of the candles endpoint serving recorded candles, polled as the
 * scheduler's job does, replayed bid/ask-true into the ledger on this file's
 * temporary SQLite database; the bar that caused each event sits in its
 * hashed payload; feed health; and with no feed configured, no job.
 */
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import SignalPage, { loader as signalPageLoader } from "~/routes/signals.$id";
import { eq } from "drizzle-orm";
import { signalEvents } from "../../db/schema";
import { verifyChain } from "~/domain/ledger";
import { feedSentence } from "~/domain/price-feed";
import { iterateLedger } from "~/models/ledger.server";
import { feedHealth } from "~/models/price-feed.server";
import { getSignal, publishSignal } from "~/models/signals.server";
import { getDb } from "~/platform/db.server";
import { serverRuntime } from "~/services/server-runtime.server";
import { deskFeedHealth, oandaFeed, pollPriceFeed, pollSchedule } from "~/services/price-feed.server";
import { statusReport } from "~/services/status.server";
import { FeedHealth } from "~/components/admin/feed-health";
import { scheduledJobs } from "../../server/jobs";
import { createUser, DAY, insertStrategy, validSignalInput } from "../support/fixtures";
import { callRoute, getRequest } from "../support/http";
import { startOandaV20, STAND_IN_OANDA_TOKEN, type OandaV20 } from "../support/oanda-v20";

const FIXTURE = "tests/fixtures/oanda/EUR_USD-M1-BA-2026-11-26.json";
const at = (time: string) => new Date(`2026-11-26T${time}Z`);

let oanda: OandaV20;
let adminId: number;
let strategyId: number;

function eventsOf(signalId: number) {
  return getDb()
    .select()
    .from(signalEvents)
    .where(eq(signalEvents.signalId, signalId))
    .orderBy(signalEvents.seq)
    .all();
}

/** The signal page as a visitor sees it, rendered to HTML. */
async function signalPageHtml(id: number): Promise<string> {
  const response = await callRoute(signalPageLoader, getRequest(`http://localhost/signals/${id}`), { id: String(id) });
  const data = (await response.json()) as Record<string, unknown>;
  const router = createMemoryRouter([{ id: "routes/signals.$id", path: "/signals/:id", Component: SignalPage, loader: () => data }], {
    initialEntries: [`/signals/${id}`],
    hydrationData: { loaderData: { "routes/signals.$id": data } },
  });
  const original = console.error;
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].includes("useLayoutEffect does nothing on the server")) return;
    original(...args);
  };
  try {
    return renderToString(createElement(RouterProvider, { router }) as ReactElement);
  } finally {
    console.error = original;
  }
}

beforeAll(async () => {
  oanda = await startOandaV20([FIXTURE]);
  adminId = createUser({ role: "admin" }).id;
  strategyId = insertStrategy({ slug: "feed-swing", name: "Feed Swing" }).id;
});

afterAll(async () => {
  await oanda.close();
});

describe("the OANDA price feed", () => {
  it("triggers a pending buy limit at the ask and closes it at the stop when the bid low goes through it, with the bar in the ledger", async () => {
    const feed = oandaFeed({ apiUrl: oanda.url, token: STAND_IN_OANDA_TOKEN });
    const signal = publishSignal(
      validSignalInput(strategyId, new Date(at("10:30:00").getTime() + DAY), { entryMethod: "limit", entryPrice: 1.085, sl: 1.084, tp1: 1.09, tp2: 1.095 }),
      adminId,
      at("10:30:00"),
    );

    // 10:31: the bid dips to 1.08495 but the ask only to 1.08507, so a buy limit at 1.08500 is not filled; 10:32: ask low 1.08498 fills it.
    const first = await pollPriceFeed(at("10:35:10"), feed);
    expect(first).toEqual({ symbols: [{ symbol: "EURUSD", bars: 4 }], events: 1 });
    expect(oanda.requests[0]).toEqual({
      instrument: "EUR_USD",
      query: { price: "BA", granularity: "M1", from: "2026-11-26T10:30:00.000Z", to: "2026-11-26T10:35:00.000Z" },
      authorization: `Bearer ${STAND_IN_OANDA_TOKEN}`,
      datetimeFormat: "RFC3339",
    });
    const triggered = eventsOf(signal.id).at(-1)!;
    expect(triggered.type).toBe("triggered");
    expect(triggered.occurredAt).toEqual(at("10:32:00"));
    expect(JSON.parse(triggered.payload)).toMatchObject({
      fillPrice: 1.085,
      feed: {
        source: "oanda",
        instrument: "EUR_USD",
        granularity: "M1",
        bar: { time: "2026-11-26T10:32:00.000Z", bid: { o: "1.08510", h: "1.08520", l: "1.08486", c: "1.08500" }, ask: { l: "1.08498" } },
        reached: { quote: "ask", level: "low", value: "1.08498" },
      },
    });

    // 10:41: bid low 1.08391 goes through the 1.08400 stop (the ask low, 1.08403, does not); the 10:42 candle is not complete yet.
    const second = await pollPriceFeed(at("10:43:05"), feed);
    expect(second).toEqual({ symbols: [{ symbol: "EURUSD", bars: 1 }], events: 1 });
    expect(oanda.requests[1]!.query).toMatchObject({ from: "2026-11-26T10:34:00.000Z", to: "2026-11-26T10:43:00.000Z" });
    const closed = eventsOf(signal.id).at(-1)!;
    expect(closed.type).toBe("closed");
    expect(closed.occurredAt).toEqual(at("10:41:00"));
    expect(JSON.parse(closed.payload)).toMatchObject({
      exitPrice: 1.084,
      reason: "SL",
      feed: { bar: { time: "2026-11-26T10:41:00.000Z", bid: { l: "1.08391" } }, reached: { quote: "bid", level: "low", value: "1.08391" } },
    });
    expect(feedSentence(closed.type, closed.payload)).toBe("Closed by OANDA M1 bar 2026-11-26 10:41 UTC (bid low 1.08391)");
    expect(feedSentence(triggered.type, triggered.payload)).toBe("Triggered by OANDA M1 bar 2026-11-26 10:32 UTC (ask low 1.08498)");
    expect(getSignal(signal.id)).toMatchObject({ status: "CLOSED", fillPrice: 1.085, exitPrice: 1.084, closeReason: "SL", resultPips: -10, resultR: -1 });
    expect(verifyChain([...iterateLedger()]).ok).toBe(true);
    const html = await signalPageHtml(signal.id);
    expect(html).toContain("Closed by OANDA M1 bar 2026-11-26 10:41 UTC (bid low 1.08391)");
    expect(html).toContain("Triggered by OANDA M1 bar 2026-11-26 10:32 UTC (ask low 1.08498)");
    expect(html).toContain("Closed at 1.08400 (SL), −1.00 R total");

    // Polling again brings nothing new and changes nothing.
    expect(await pollPriceFeed(at("10:43:30"), feed)).toEqual({ symbols: [], events: 0 });
    expect(eventsOf(signal.id)).toHaveLength(3);
  });

  it("keeps each symbol's last bar and the market minutes missing, and raises the stale alarm while the market is open", async () => {
    const feed = oandaFeed({ apiUrl: oanda.url, token: STAND_IN_OANDA_TOKEN });
    publishSignal(validSignalInput(strategyId, new Date(at("10:30:00").getTime() + DAY), { entryMethod: "limit", entryPrice: 1.08, sl: 1.075, tp1: 1.09 }), adminId, at("10:30:00"));
    // The bars 10:30–10:41 (the symbol's state from the first test) lack 10:34–10:40: seven market minutes on a Thursday.
    const [eurusd] = feedHealth(at("10:44:00"));
    expect(eurusd).toMatchObject({ symbol: "EURUSD", source: "oanda", instrument: "EUR_USD", lastBarAt: at("10:41:00"), lastClose: 1.08426, missingMinutes: 7, stale: false, lastError: null });
    expect(feedHealth(at("10:50:00"))[0]!.stale).toBe(true);
    // The stale alarm on the status page's report and on the desk.
    expect(statusReport(at("10:44:00")).components.priceFeed).toEqual({
      status: "operational",
      configured: false,
      symbols: [{ symbol: "EURUSD", source: "oanda", lastBarAt: "2026-11-26T10:41:00.000Z", missingMinutes: 7, stale: false }],
    });
    const late = statusReport(at("10:50:00"));
    expect(late.components.priceFeed).toMatchObject({ status: "degraded", symbols: [{ symbol: "EURUSD", stale: true }] });
    expect(late.status).not.toBe("operational");
    const desk = (now: Date) => renderToString(createElement(FeedHealth, deskFeedHealth(now)));
    expect(desk(at("10:44:00"))).not.toContain("Stale price feed");
    expect(desk(at("10:50:00"))).toContain("Stale price feed: no new bar for EURUSD while the market is open.");
    // Saturday: the market is closed, an old bar is no alarm.
    expect(feedHealth(new Date("2026-11-28T12:00:00Z"))[0]!.stale).toBe(false);

    oanda.failNext(503, "Service unavailable");
    const failed = await pollPriceFeed(at("10:45:00"), feed);
    expect(failed.symbols).toEqual([{ symbol: "EURUSD", bars: 0, error: "OANDA answered 503 for EUR_USD: Service unavailable" }]);
    expect(feedHealth(at("10:45:00"))[0]).toMatchObject({ lastBarAt: at("10:41:00"), stale: true, lastError: "OANDA answered 503 for EUR_USD: Service unavailable" });
    expect(JSON.stringify(feedHealth(at("10:45:00")))).not.toContain(STAND_IN_OANDA_TOKEN);
  });

  it("refuses a wrong token without leaking it, and runs no job when no feed is configured", async () => {
    const feed = oandaFeed({ apiUrl: oanda.url, token: "not-the-token-0123456789" });
    await expect(feed.bars("EURUSD", at("10:30:00"), at("10:35:00"))).rejects.toThrow("OANDA answered 401 for EUR_USD: Insufficient authorization to perform request.");
    expect(process.env.PRICE_FEED).toBeUndefined();
    expect(scheduledJobs(serverRuntime.jobs, { deliveryRetentionDays: 30 }).map((job) => job.name)).not.toContain("price-feed");
    expect([pollSchedule(30_000), pollSchedule(60_000), pollSchedule(1_000)]).toEqual(["*/30 * * * * *", "0 * * * * *", "*/1 * * * * *"]);
  });
});
