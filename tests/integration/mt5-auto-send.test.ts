/**
 * MT5 auto-send and acknowledgements against this file's SQLite database:
 * the auto-queue written in the publish transaction for entitled followers
 * only, the toggle kept when picks are saved again, later events offered as
 * new versions, redelivery after 60 s, never after an acknowledgement, and
 * POST /api/mt5/ack (400s, foreign ids).
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mt5Queue, signalEvents } from "../../db/schema";
import { generateApiKey } from "~/models/api-keys.server";
import { acknowledgeMt5, listMt5AutoSend, listMt5Queue, setMt5AutoSend } from "~/models/mt5.server";
import { closeSignal, modifySignal, publishSignal } from "~/models/signals.server";
import { chooseStrategies } from "~/models/subscriptions.server";
import { getDb } from "~/platform/db.server";
import { action as ackAction, loader as ackLoader } from "~/routes/api.mt5.ack";
import { action as strategiesAction } from "~/routes/portal.strategies";
import { createUser, DAY, insertStrategy, insertStrategyAccess, insertSubscription, signedInCookie, validSignalInput } from "../support/fixtures";
import { callRoute, formRequest, getRequest, jsonRequest } from "../support/http";
import { toastOf } from "../support/toast";

const BASE = "http://localhost";
const T0 = Date.now();
let adminId: number;
let alphaId: number;
let betaId: number;
let traderId: number;
let lapsedId: number;
let otherId: number;
let traderKey: string;
let traderCookie: string;
let otherKey: string;

function publish(strategyId: number, at: number, overrides: Parameters<typeof validSignalInput>[2] = {}) {
  return publishSignal(validSignalInput(strategyId, new Date(at + DAY), overrides), adminId, new Date(at));
}

function entriesOf(userId: number) {
  return getDb().select().from(mt5Queue).where(eq(mt5Queue.userId, userId)).orderBy(mt5Queue.id).all();
}

const ack = (body: unknown, key = traderKey) => callRoute(ackAction, jsonRequest(`${BASE}/api/mt5/ack`, body, { headers: { Authorization: `Bearer ${key}` } }));

beforeAll(async () => {
  adminId = createUser({ email: "admin@mt5.dev", role: "admin" }).id;
  alphaId = insertStrategy({ slug: "alpha-swing", name: "Alpha Swing", instruments: "EURUSD" }).id;
  betaId = insertStrategy({ slug: "london-breakout", name: "London Breakout", instruments: "EURUSD" }).id;
  traderId = createUser({ email: "trader@mt5.dev" }).id;
  lapsedId = createUser({ email: "lapsed@mt5.dev" }).id;
  otherId = createUser({ email: "other@mt5.dev" }).id;
  insertSubscription(traderId, "pro");
  insertSubscription(lapsedId, "pro", { status: "EXPIRED", endDate: new Date(T0 - DAY) });
  insertSubscription(otherId, "pro");
  insertStrategyAccess(traderId, [alphaId, betaId]);
  insertStrategyAccess(lapsedId, [alphaId]);
  insertStrategyAccess(otherId, [alphaId]);
  traderKey = generateApiKey(traderId).key;
  otherKey = generateApiKey(otherId).key;
  traderCookie = await signedInCookie(traderId);
});

describe("the Auto-send to MT5 toggle", () => {
  it("is set per followed strategy through the page's action, with and without JavaScript alike", async () => {
    const post = (fields: Record<string, string>) => callRoute(strategiesAction, formRequest(`${BASE}/portal/strategies?tab=overview`, fields, { cookie: traderCookie }));
    const on = await post({ intent: "mt5-auto-send", strategyId: String(alphaId), enabled: "on" });
    expect(on.status).toBe(302);
    expect(on.headers.get("Location")).toBe("/portal/strategies?tab=overview");
    expect((await toastOf(on))?.title).toBe("Auto-send On");
    expect(listMt5AutoSend(traderId)).toEqual([alphaId]);

    const off = await post({ intent: "mt5-auto-send", strategyId: String(alphaId) });
    expect((await toastOf(off))?.title).toBe("Auto-send Off");
    expect(listMt5AutoSend(traderId)).toEqual([]);
  });

  it("is refused (409) for a strategy the user does not follow", async () => {
    const other = insertStrategy({ slug: "gold-intraday", name: "Gold Intraday" });
    const response = await callRoute(
      strategiesAction,
      formRequest(`${BASE}/portal/strategies?tab=overview`, { intent: "mt5-auto-send", strategyId: String(other.id), enabled: "on" }, { cookie: traderCookie }),
    );
    expect(response.status).toBe(409);
    expect(setMt5AutoSend(traderId, other.id, true)).toBe(false);
  });

  it("is kept when the user saves the same picks again", () => {
    expect(setMt5AutoSend(traderId, alphaId, true)).toBe(true);
    expect(setMt5AutoSend(lapsedId, alphaId, true)).toBe(true);
    expect(chooseStrategies(traderId, [alphaId, betaId], new Date(T0)).ok).toBe(true);
    expect(listMt5AutoSend(traderId)).toEqual([alphaId]);
  });
});

describe("auto-queue in the publish transaction", () => {
  it("queues a new ACTIVE or PENDING signal for entitled followers with auto-send on, at the ledger event's time", () => {
    const market = publish(alphaId, T0);
    const limit = publish(alphaId, T0 + 1_000, { entryMethod: "limit", entryPrice: 1.083 });
    expect(limit.status).toBe("PENDING");
    const entries = entriesOf(traderId);
    expect(entries.map((e) => [e.signalId, e.auto, e.version])).toEqual([
      [market.id, true, 1],
      [limit.id, true, 1],
    ]);
    const event = getDb().select().from(signalEvents).where(eq(signalEvents.signalId, market.id)).get()!;
    expect(entries[0]!.createdAt.getTime()).toBe(event.recordedAt.getTime());
  });

  it("does not queue for a lapsed subscriber, a follower with auto-send off, or a strategy without it", () => {
    publish(betaId, T0 + 2_000);
    expect(entriesOf(lapsedId)).toEqual([]);
    expect(entriesOf(otherId)).toEqual([]);
    expect(entriesOf(traderId)).toHaveLength(2);
  });
});

describe("offering and acknowledging", () => {
  it("offers unacknowledged entries again after 60 s, never after an acknowledgement, and again when the signal changes", () => {
    const at = (s: number) => new Date(T0 + 10_000 + s * 1_000);
    const first = listMt5Queue(traderId, { after: 0, limit: 20, now: at(0) });
    expect(first.items).toHaveLength(2);
    const [market, limit] = first.items as [(typeof first.items)[0], (typeof first.items)[0]];
    expect(market).toMatchObject({ version: 1, auto: true, signal: { status: "ACTIVE", stopLoss: 1.08 } });
    expect(first.nextCursor).toBe(limit.id);

    expect(listMt5Queue(traderId, { after: first.nextCursor, limit: 20, now: at(59) }).items).toEqual([]);
    const again = listMt5Queue(traderId, { after: first.nextCursor, limit: 20, now: at(60) });
    expect(again.items.map((i) => i.id)).toEqual([market.id, limit.id]);
    expect(again.nextCursor).toBe(first.nextCursor);

    expect(acknowledgeMt5(traderId, [market.id], at(61))).toEqual({ acknowledged: [market.id], unknown: [] });
    expect(listMt5Queue(traderId, { after: first.nextCursor, limit: 20, now: at(130) }).items.map((i) => i.id)).toEqual([limit.id]);
    // Acknowledged: not even a restart from cursor 0 brings it back.
    expect(acknowledgeMt5(traderId, [limit.id], at(131)).acknowledged).toEqual([limit.id]);
    expect(listMt5Queue(traderId, { after: 0, limit: 20, now: at(3_600) }).items).toEqual([]);

    // A later event is a new version, offered at once.
    expect(modifySignal(market.signal.id, { sl: 1.0825 }, at(3_601)).ok).toBe(true);
    const changed = listMt5Queue(traderId, { after: first.nextCursor, limit: 20, now: at(3_602) });
    expect(changed.items).toHaveLength(1);
    expect(changed.items[0]).toMatchObject({ id: market.id, version: 2, signal: { status: "ACTIVE", stopLoss: 1.0825 } });
    acknowledgeMt5(traderId, [market.id], at(3_603));
    expect(closeSignal(market.signal.id, { exitPrice: 1.09, reason: "TP1" }, at(3_700)).ok).toBe(true);
    const closed = listMt5Queue(traderId, { after: first.nextCursor, limit: 20, now: at(3_701) });
    expect(closed.items[0]).toMatchObject({ id: market.id, version: 3, signal: { status: "CLOSED" } });
    acknowledgeMt5(traderId, [market.id], at(3_702));
    expect(listMt5Queue(traderId, { after: 0, limit: 20, now: at(7_200) }).items).toEqual([]);
    expect(getDb().select().from(mt5Queue).where(and(eq(mt5Queue.id, market.id))).get()).toMatchObject({ version: 3, ackedVersion: 3 });
  });

  it("acknowledges the version that was offered, so a change made after the poll is still offered", () => {
    const signal = publish(alphaId, T0 + 20_000);
    const now = new Date(T0 + 30_000);
    const page = listMt5Queue(traderId, { after: 0, limit: 20, now });
    const entry = page.items.find((i) => i.signal.id === signal.id)!;
    expect(modifySignal(signal.id, { tp1: 1.0905 }, new Date(T0 + 31_000)).ok).toBe(true);
    acknowledgeMt5(traderId, [entry.id], new Date(T0 + 32_000));
    const next = listMt5Queue(traderId, { after: page.nextCursor, limit: 20, now: new Date(T0 + 33_000) });
    expect(next.items.map((i) => [i.id, i.version])).toEqual([[entry.id, 2]]);
    acknowledgeMt5(traderId, [entry.id], new Date(T0 + 34_000));
  });
});

describe("POST /api/mt5/ack", () => {
  it("acknowledges the caller's entries and reports unknown and other users' ids without acting on them", async () => {
    const signal = publish(alphaId, T0 + 40_000);
    expect(setMt5AutoSend(otherId, alphaId, true)).toBe(true);
    const otherSignal = publish(alphaId, T0 + 41_000);
    const mine = entriesOf(traderId).find((e) => e.signalId === signal.id)!;
    const theirs = entriesOf(otherId).find((e) => e.signalId === otherSignal.id)!;
    const response = await ack({ ids: [mine.id, theirs.id, 999_999, mine.id] });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ acknowledged: [mine.id], unknown: [theirs.id, 999_999].sort((a, b) => a - b) });
    expect(getDb().select().from(mt5Queue).where(eq(mt5Queue.id, theirs.id)).get()!.ackedVersion).toBeNull();
    // The other user can acknowledge their own.
    expect(await (await ack({ ids: [theirs.id] }, otherKey)).json()).toEqual({ acknowledged: [theirs.id], unknown: [] });
  });

  it("works with the session cookie too", async () => {
    const response = await callRoute(ackAction, jsonRequest(`${BASE}/api/mt5/ack`, { ids: [123_456] }, { cookie: traderCookie }));
    expect(await response.json()).toEqual({ acknowledged: [], unknown: [123_456] });
  });

  it("answers 400 naming ids for a missing, empty, or non-integer list", async () => {
    for (const body of [{}, { ids: [] }, { ids: "1" }, { ids: [1.5] }, { ids: [-1] }, { ids: ["a"] }]) {
      const response = await ack(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const problem = await response.json();
      expect(problem.errors[0].field, JSON.stringify(body)).toMatch(/^ids/);
      expect(problem.detail).toMatch(/ids/);
    }
    expect((await ack("not json", traderKey)).status).toBe(400);
  });

  it("answers 401 without a key or session, and 405 to GET", async () => {
    expect((await callRoute(ackAction, jsonRequest(`${BASE}/api/mt5/ack`, { ids: [1] }))).status).toBe(401);
    const response = await callRoute(ackLoader, getRequest(`${BASE}/api/mt5/ack`));
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});
