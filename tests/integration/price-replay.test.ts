/**
 * Prices resolve signals: POST /api/admin/prices (auth, validation, limits,
 * trigger and close through bars, idempotence, all at once vs one by one),
 * the expiry sweep, the filters of GET /api/signals and /signals.rss, with
 * real Requests against this file's temporary SQLite database.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { signalEvents, signals, type Signal } from "../../db/schema";
import { verifyChain } from "~/domain/ledger";
import type { ApiSignal } from "~/domain/signals";
import { generateApiKey } from "~/models/api-keys.server";
import { getLedgerHead, iterateLedger } from "~/models/ledger.server";
import { EXPIRY_GRACE_MS, expireDueSignals } from "~/models/price-replay.server";
import { getSignal, partiallyCloseSignal, publishSignal } from "~/models/signals.server";
import { getDb } from "~/platform/db.server";
import { action as pricesAction, loader as pricesLoader } from "~/routes/api.admin.prices";
import { loader as signalsLoader } from "~/routes/api.signals._index";
import { loader as rssLoader } from "~/routes/signals[.]rss";
import { getLedgerRoot } from "~/models/ledger-tree.server";
import type { SignalInput } from "~/schemas/signal";
import { createUser, DAY, HOUR, insertStrategy, MINUTE, signedInCookie, validSignalInput } from "../support/fixtures";
import { callRoute, getRequest, jsonRequest } from "../support/http";

const BASE = "http://localhost";
const PRICES = `${BASE}/api/admin/prices`;

let adminId: number;
let adminCookie: string;
let userCookie: string;
let strategyId: number;

interface Bar {
  symbol: string;
  time: string | number;
  open: number;
  high: number;
  low: number;
  close: number;
}

interface PricesAnswer {
  received: number;
  applied: number;
  duplicates: number;
  events: number;
  signals: ApiSignal[];
}

function bar(symbol: string, time: number, open: number, high: number, low: number, close: number): Bar {
  return { symbol, time: new Date(time).toISOString(), open, high, low, close };
}

function postPrices(body: unknown, headers: { cookie?: string; authorization?: string } = { cookie: adminCookie }) {
  const extra: Record<string, string> = headers.authorization ? { Authorization: headers.authorization } : {};
  return callRoute(pricesAction, jsonRequest(PRICES, body, { cookie: headers.cookie, headers: extra }));
}

async function postBars(bars: Bar[]): Promise<PricesAnswer> {
  const response = await postPrices({ bars });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as PricesAnswer;
}

function input(overrides: Partial<SignalInput>, expiresAt: Date): SignalInput {
  return validSignalInput(strategyId, expiresAt, overrides);
}

function eventsOf(signalId: number) {
  return getDb()
    .select({ type: signalEvents.type, occurredAt: signalEvents.occurredAt, payload: signalEvents.payload })
    .from(signalEvents)
    .where(eq(signalEvents.signalId, signalId))
    .orderBy(signalEvents.seq)
    .all()
    .map((event) => ({ ...event, payload: JSON.parse(event.payload) as unknown }));
}

function outcomeOf(signal: Signal) {
  const { status, fillPrice, sl, remaining, exitPrice, closeReason, resultPips, resultR, closedAt, triggeredAt } = signal;
  return { status, fillPrice, sl, remaining, exitPrice, closeReason, resultPips, resultR, closedAt, triggeredAt };
}

beforeAll(async () => {
  adminId = createUser({ role: "admin", firstName: "Ada" }).id;
  adminCookie = await signedInCookie(adminId);
  userCookie = await signedInCookie(createUser({ firstName: "Uma" }).id);
  strategyId = insertStrategy({ slug: "alpha-swing", name: "Alpha Swing" }).id;
});

describe("POST /api/admin/prices", () => {
  it("is for admins, by session or API key", async () => {
    expect((await postPrices({ bars: [] }, {})).status).toBe(401);
    expect((await postPrices({ bars: [] }, { cookie: userCookie })).status).toBe(403);
    const { key } = generateApiKey(adminId);
    const byKey = await postPrices({ bars: [] }, { authorization: `Bearer ${key}` });
    expect(byKey.status).toBe(200);
    expect(await byKey.json()).toEqual({ received: 0, applied: 0, duplicates: 0, events: 0, signals: [] });
    expect((await callRoute(pricesLoader, getRequest(PRICES, { cookie: adminCookie }))).status).toBe(405);
  });

  it("refuses a bar dated in the future, naming it, and applies none of the request", async () => {
    const t0 = Date.now() - 6 * HOUR;
    const signal = publishSignal(input({ symbol: "NZDUSD", entryMethod: "limit", entryPrice: 0.6, sl: 0.595, tp1: 0.61, tp2: undefined }, new Date(t0 + DAY)), adminId, new Date(t0));
    const touching = bar("NZDUSD", t0 + HOUR, 0.601, 0.602, 0.599, 0.6);
    const response = await postPrices({
      bars: [touching, touching, bar("NZDUSD", t0 + 2 * HOUR, 0.6, 0.601, 0.5995, 0.6), bar("NZDUSD", Date.now() + HOUR, 0.6, 0.601, 0.599, 0.6)],
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
    const body = (await response.json()) as { detail: string; errors: { field: string; message: string }[] };
    expect(body.errors.map((e) => e.field)).toEqual(["bars[3].time"]);
    expect(body.detail).toContain("bars[3].time");
    expect(getSignal(signal.id)!.status).toBe("PENDING");
  });

  it("refuses a body that is not {bars: [...]}, more than 10,000 bars (400) and a body over the size limit (413)", async () => {
    const notEnvelope = await postPrices([bar("EURUSD", Date.now() - HOUR, 1, 1, 1, 1)]);
    expect(notEnvelope.status).toBe(400);
    expect(((await notEnvelope.json()) as { errors: { field: string }[] }).errors[0]!.field).toBe("body");

    const start = Date.now() - 20_000 * HOUR;
    const many = Array.from({ length: 10_001 }, (_, i) => ({ symbol: "EURUSD", time: start + i * HOUR, open: 1, high: 1, low: 1, close: 1 }));
    const tooMany = await postPrices({ bars: many });
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(["bars"]);

    const tooLarge = await postPrices(`{"bars":[],"padding":"${"x".repeat(4 * 1024 * 1024)}"}`);
    expect(tooLarge.status).toBe(413);
  });

  it("triggers and closes a signal through bars, appends to the ledger, and changes nothing when the same bars come again", async () => {
    const t0 = Date.now() - 10 * HOUR;
    const signal = publishSignal(
      input({ symbol: "EURUSD", entryMethod: "limit", entryPrice: 1.085, sl: 1.08, tp1: 1.09, tp2: undefined }, new Date(t0 + DAY)),
      adminId,
      new Date(t0),
    );
    const bars = [
      bar("EURUSD", t0 + HOUR, 1.0862, 1.0866, 1.0845, 1.0858),
      bar("EURUSD", t0 + 2 * HOUR, 1.0858, 1.0905, 1.0855, 1.0898),
      bar("EURUSD", t0 + 3 * HOUR, 1.0898, 1.0901, 1.0790, 1.0795),
    ];
    const first = await postBars([bars[2]!, bars[0]!, bars[1]!, bars[0]!]);
    expect(first).toMatchObject({ received: 4, applied: 3, duplicates: 1, events: 2 });
    expect(first.signals).toHaveLength(1);
    expect(first.signals[0]).toMatchObject({
      id: signal.id,
      status: "CLOSED",
      fillPrice: 1.085,
      exitPrice: 1.09,
      closeReason: "TP1",
      resultPips: 50,
      resultR: 1,
      closedAt: new Date(t0 + 2 * HOUR).toISOString(),
      locked: false,
    });
    expect(eventsOf(signal.id).map((e) => [e.type, e.occurredAt.getTime()])).toEqual([
      ["published", t0],
      ["triggered", t0 + HOUR],
      ["closed", t0 + 2 * HOUR],
    ]);
    expect(verifyChain(iterateLedger())).toMatchObject({ ok: true });

    const head = getLedgerHead();
    const again = await postBars(bars);
    expect(again).toMatchObject({ received: 3, applied: 3, duplicates: 0, events: 0, signals: [] });
    expect(getLedgerHead()).toEqual(head);
  });

  it("gives the same state and events whether the bars come at once or one by one", async () => {
    const t0 = Date.now() - 12 * HOUR;
    const levels = { entryMethod: "stop" as const, entryPrice: 1.2, sl: 1.195, tp1: 1.205, tp2: 1.21 };
    const atOnce = publishSignal(input({ ...levels, symbol: "GBPUSD" }, new Date(t0 + 8 * HOUR)), adminId, new Date(t0));
    const oneByOne = publishSignal(input({ ...levels, symbol: "AUDUSD" }, new Date(t0 + 8 * HOUR)), adminId, new Date(t0));
    // Triggered, TP1 takes half and moves the stop to break-even, then back to the entry, then (after expiry) nothing.
    const path: Array<[number, number, number, number]> = [
      [1.1985, 1.1995, 1.198, 1.199],
      [1.199, 1.2012, 1.1988, 1.201],
      [1.201, 1.2055, 1.2005, 1.205],
      [1.205, 1.2062, 1.2031, 1.2035],
      [1.2035, 1.204, 1.1995, 1.1998],
      [1.1998, 1.2, 1.19, 1.191],
    ];
    const barsFor = (symbol: string) => path.map(([o, h, l, c], i) => bar(symbol, t0 + (i + 1) * HOUR, o, h, l, c));

    const together = await postBars([...barsFor("GBPUSD")].reverse().concat(barsFor("GBPUSD").slice(0, 2)));
    expect(together.duplicates).toBe(2);
    for (const single of barsFor("AUDUSD")) await postBars([single]);

    const a = getSignal(atOnce.id)!;
    const b = getSignal(oneByOne.id)!;
    expect(a.status).toBe("CLOSED");
    expect(a.closeReason).toBe("BREAKEVEN");
    expect(outcomeOf(b)).toEqual(outcomeOf(a));
    expect(eventsOf(b.id)).toEqual(eventsOf(a.id).map((event) => (event.type === "published" ? { ...event, payload: { ...(event.payload as object), symbol: "AUDUSD" } } : event)));
    expect(eventsOf(a.id).map((e) => e.type)).toEqual(["published", "triggered", "partially_closed", "modified", "closed"]);
  });
});

describe("expireDueSignals", () => {
  it("expires a PENDING signal and closes an ACTIVE one at its fill price once past expiry and the grace, and only once", () => {
    const t0 = Date.now() - 6 * HOUR;
    const expiresAt = new Date(t0 + 2 * HOUR);
    const pending = publishSignal(input({ symbol: "USDCAD", entryMethod: "limit", entryPrice: 1.36, sl: 1.355, tp1: 1.365, tp2: undefined }, expiresAt), adminId, new Date(t0));
    const active = publishSignal(input({ symbol: "USDCAD", entryPrice: 1.36, sl: 1.355, tp1: 1.365, tp2: 1.37 }, expiresAt), adminId, new Date(t0));
    const later = publishSignal(input({ symbol: "USDCAD", entryPrice: 1.36, sl: 1.355, tp1: 1.365, tp2: 1.37 }, new Date(t0 + DAY)), adminId, new Date(t0));
    expect(partiallyCloseSignal(active.id, { exitPrice: 1.365, fraction: 0.5, at: new Date(t0 + HOUR) })).toMatchObject({ ok: true });

    const ids = new Set([pending.id, active.id, later.id]);
    const mine = (list: Signal[]) => list.filter((signal) => ids.has(signal.id));
    expect(mine(expireDueSignals(new Date(expiresAt.getTime() + EXPIRY_GRACE_MS - MINUTE)))).toEqual([]);

    const ended = mine(expireDueSignals(new Date()));
    expect(ended.map((signal) => signal.id).sort()).toEqual([pending.id, active.id].sort());
    expect(getSignal(pending.id)).toMatchObject({ status: "EXPIRED", closedAt: expiresAt, fillPrice: null });
    expect(getSignal(active.id)).toMatchObject({
      status: "CLOSED",
      closeReason: "EXPIRY",
      exitPrice: 1.3625,
      resultPips: 25,
      resultR: 0.5,
      closedAt: expiresAt,
      remaining: 0,
    });
    expect(getSignal(later.id)!.status).toBe("ACTIVE");
    expect(eventsOf(active.id).at(-1)).toMatchObject({ type: "closed", occurredAt: expiresAt, payload: { exitPrice: 1.36, reason: "EXPIRY" } });

    expect(mine(expireDueSignals(new Date()))).toEqual([]);
    expect(verifyChain(iterateLedger())).toMatchObject({ ok: true });
  });
});

describe("GET /api/signals filters", () => {
  async function list(query: string) {
    const response = await callRoute(signalsLoader, getRequest(`${BASE}/api/signals?${query}`));
    return { status: response.status, body: (await response.json()) as unknown };
  }

  it("filters by a case-insensitive status list and by strategy, keeping the limit", async () => {
    const other = insertStrategy({ slug: "gold-intraday", name: "Gold Intraday" }).id;
    const expiresAt = new Date(Date.now() + DAY);
    const t0 = Date.now() - HOUR;
    const pending = publishSignal(validSignalInput(other, expiresAt, { entryMethod: "limit" }), adminId, new Date(t0));
    const active = publishSignal(validSignalInput(other, expiresAt), adminId, new Date(t0 + MINUTE));
    publishSignal(input({}, expiresAt), adminId, new Date(t0));

    const both = await list(`status=pending,%20Active&strategyId=${other}`);
    expect(both.status).toBe(200);
    expect((both.body as ApiSignal[]).map((s) => s.id)).toEqual([active.id, pending.id]);
    const onlyPending = await list(`status=PENDING&strategyId=${other}`);
    expect((onlyPending.body as ApiSignal[]).map((s) => s.id)).toEqual([pending.id]);
    const limited = await list(`strategyId=${other}&limit=1`);
    expect((limited.body as ApiSignal[]).map((s) => s.id)).toEqual([active.id]);
    const closed = await list("status=closed&limit=100");
    expect((closed.body as ApiSignal[]).length).toBeGreaterThan(0);
    expect((closed.body as ApiSignal[]).every((s) => s.status === "CLOSED")).toBe(true);
  });

  it("answers 400 naming status or strategyId for a bad value", async () => {
    for (const [query, field] of [
      ["status=OPEN", "status"],
      ["status=", "status"],
      ["status=ACTIVE,,CLOSED", "status"],
      ["strategyId=abc", "strategyId"],
      ["strategyId=0", "strategyId"],
      ["strategyId=999999", "strategyId"],
    ] as const) {
      const answer = await list(query);
      expect(answer.status, query).toBe(400);
      expect((answer.body as { errors: { field: string }[] }).errors.map((e) => e.field), query).toEqual([field]);
    }
  });
});

describe("/signals.rss", () => {
  it("lists events newest first, hides an open signal's levels, shows an ended one's, and carries the ledger head", async () => {
    const secret = { entryPrice: 1.23457, sl: 1.22913, tp1: 1.24681, tp2: 1.25779 };
    const t0 = Date.now() - 3 * HOUR;
    const open = publishSignal(input({ ...secret, symbol: "EURCHF", entryMethod: "limit" }, new Date(t0 + DAY)), adminId, new Date(t0));
    const shown = publishSignal(
      input({ symbol: "EURGBP", entryPrice: 0.87123, sl: 0.86623, tp1: 0.87623, tp2: undefined }, new Date(t0 + DAY)),
      adminId,
      new Date(t0),
    );
    await postBars([bar("EURGBP", t0 + HOUR, 0.8713, 0.8765, 0.871, 0.876)]);

    const response = await callRoute(rssLoader, getRequest(`${BASE}/signals.rss`));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await response.text();
    for (const level of Object.values(secret)) expect(xml).not.toContain(String(level));

    const items = xml.split("<item>").slice(1);
    const openItem = items.find((item) => item.includes(`/signals/${open.id}<`))!;
    expect(openItem).toContain("EURCHF LONG published");
    expect(openItem).toContain("Levels are revealed when the signal ends.");
    const openHash = getDb().select().from(signalEvents).where(eq(signalEvents.signalId, open.id)).get()!.payloadHash;
    expect(openItem).toContain(openHash);

    const shownItems = items.filter((item) => item.includes(`/signals/${shown.id}<`));
    expect(shownItems.map((item) => /<title>([^<]*)</.exec(item)![1])).toEqual([
      "EURGBP LONG closed · Alpha Swing",
      "EURGBP LONG published · Alpha Swing",
    ]);
    expect(shownItems[0]).toContain("Exit 0.87623 (TP1)");
    expect(shownItems[1]).toContain("Entry 0.87123 (market) · SL 0.86623 · TP1 0.87623");

    const head = getLedgerHead()!;
    expect(xml).toContain(`<ledger:head seq="${head.seq}" hash="${head.hash}"`);
    expect(xml).toContain(`Ledger head #${head.seq}, hash ${head.hash}.`);
    // Each item carries the checkpoint right after its event: the tree of the first seq rows.
    const closedSeq = getDb().select().from(signalEvents).where(and(eq(signalEvents.signalId, shown.id), eq(signalEvents.type, "closed"))).get()!.seq;
    expect(shownItems[0]).toContain(`<ledger:checkpoint treeSize="${closedSeq}" rootHash="${getLedgerRoot(closedSeq).toString("hex")}" />`);
    expect(shownItems[0]).toContain(`Checkpoint after it: tree size ${closedSeq}, root ${getLedgerRoot(closedSeq).toString("hex")}.`);
    expect(getDb().select().from(signals).where(eq(signals.id, shown.id)).get()!.status).toBe("CLOSED");
  });
});

describe("POST /api/admin/prices?dryRun=1", () => {
  it("answers which signals the bars would trigger and close, at what price and R, and writes nothing", async () => {
    const t0 = Date.parse("2026-11-25T09:00:00Z");
    const signal = publishSignal(input({ symbol: "USDCAD", entryMethod: "limit", entryPrice: 1.36, sl: 1.355, tp1: 1.37, tp2: undefined }, new Date(t0 + DAY)), adminId, new Date(t0));
    const head = getLedgerHead();
    const bars = [bar("USDCAD", t0 + MINUTE, 1.361, 1.3615, 1.3598, 1.3605), bar("USDCAD", t0 + 2 * MINUTE, 1.3605, 1.3702, 1.36, 1.37)];
    const response = await callRoute(pricesAction, jsonRequest(`${PRICES}?dryRun=1`, { bars }, { cookie: adminCookie }));
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({
      received: 2,
      applied: 2,
      duplicates: 0,
      events: 2,
      signals: [],
      dryRun: true,
      preview: [
        {
          signalId: signal.id,
          symbol: "USDCAD",
          events: [
            { type: "triggered", occurredAt: new Date(t0 + MINUTE).toISOString(), price: 1.36, reason: null },
            { type: "closed", occurredAt: new Date(t0 + 2 * MINUTE).toISOString(), price: 1.37, reason: "TP1" },
          ],
          status: "CLOSED",
          resultPips: 100,
          resultR: 2,
        },
      ],
    });
    expect(getLedgerHead()).toEqual(head);
    expect(getSignal(signal.id)?.status).toBe("PENDING");
    const refused = await callRoute(pricesAction, jsonRequest(`${PRICES}?dryRun=1`, { bars: [{ ...bars[0], time: "soon" }] }, { cookie: adminCookie }));
    expect(refused.status).toBe(400);
  });
});
