/**
 * The MT5 queue: queueSignalForMt5 rules and GET /api/mt5/queue cursor polling,
 * against this file's temporary SQLite database.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mt5Queue } from "../../db/schema";
import { generateApiKey } from "~/models/api-keys.server";
import { listMt5Queue, queueSignalForMt5 } from "~/models/mt5.server";
import { toPublicUser, type PublicUser } from "~/models/users.server";
import { action, loader } from "~/routes/api.mt5.queue";
import { getDb } from "~/platform/db.server";
import { createUser, insertSignals, insertStrategy, insertStrategyAccess, insertSubscription, minutesAgo, signedInCookie } from "../support/fixtures";
import { callRoute, getRequest } from "../support/http";

const BASE = "http://localhost";

interface Fixtures {
  trader: PublicUser;
  admin: PublicUser;
  free: PublicUser;
  traderKey: string;
  traderCookie: string;
  /** ACTIVE signals of the strategy the trader follows, oldest first. */
  alphaActive: [number, number, number, number];
  alphaClosed: number;
  betaActive: number;
}
let fx: Fixtures;

interface QueueBody {
  items: { id: number; queuedAt: string; signal: { id: number; locked: boolean; entryPrice: number | null; side: string; direction: string } }[];
  nextCursor: number;
}

function poll(query: string, auth: { key?: string; cookie?: string } = { key: fx.traderKey }): Promise<Response> {
  const headers: Record<string, string> = auth.key ? { Authorization: `Bearer ${auth.key}` } : {};
  return callRoute(loader, getRequest(`${BASE}/api/mt5/queue${query}`, { cookie: auth.cookie, headers }));
}

beforeAll(async () => {
  const now = Date.now();
  const alpha = insertStrategy({ slug: "alpha-swing", name: "Alpha Swing" });
  const beta = insertStrategy({ slug: "london-breakout", name: "London Breakout" });
  const rows = insertSignals([
    { strategyId: alpha.id, createdAt: minutesAgo(40, now) },
    { strategyId: alpha.id, createdAt: minutesAgo(30, now), side: "SHORT", symbol: "GBPUSD" },
    { strategyId: alpha.id, createdAt: minutesAgo(20, now) },
    { strategyId: alpha.id, createdAt: minutesAgo(10, now) },
    { strategyId: alpha.id, createdAt: minutesAgo(50, now), status: "CLOSED", closedAt: new Date(now) },
    { strategyId: beta.id, createdAt: minutesAgo(5, now) },
  ]);
  const trader = createUser({ email: "trader@example.com", firstName: "Tia" });
  const admin = createUser({ email: "admin@example.com", firstName: "Ada", role: "admin" });
  const free = createUser({ email: "free@example.com", firstName: "Fay" });
  insertSubscription(trader.id, "pro");
  insertStrategyAccess(trader.id, [alpha.id]);
  fx = {
    trader: toPublicUser(trader),
    admin: toPublicUser(admin),
    free: toPublicUser(free),
    traderKey: generateApiKey(trader.id).key,
    traderCookie: await signedInCookie(trader.id),
    alphaActive: [rows[0]!.id, rows[1]!.id, rows[2]!.id, rows[3]!.id],
    alphaClosed: rows[4]!.id,
    betaActive: rows[5]!.id,
  };
});

describe("queueSignalForMt5", () => {
  it("refuses a strategy the user is not entitled to", () => {
    expect(queueSignalForMt5(fx.trader, fx.betaActive)).toBe("not-allowed");
    expect(queueSignalForMt5(fx.free, fx.alphaActive[0])).toBe("not-allowed");
  });

  it("refuses signals that are not ACTIVE", () => {
    expect(queueSignalForMt5(fx.trader, fx.alphaClosed)).toBe("not-allowed");
    expect(queueSignalForMt5(fx.admin, fx.alphaClosed)).toBe("not-allowed");
  });

  it("answers not-found for an unknown signal", () => {
    expect(queueSignalForMt5(fx.trader, 999_999)).toBe("not-found");
    expect(queueSignalForMt5(fx.trader, Number.NaN)).toBe("not-found");
  });

  it("lets admins queue any ACTIVE signal", () => {
    expect(queueSignalForMt5(fx.admin, fx.betaActive)).toBe("queued");
    expect(listMt5Queue(fx.admin.id, { limit: 20 }).items.map((i) => i.signal.id)).toEqual([fx.betaActive]);
  });

  it("queues a signal once: the second time is already-queued", () => {
    expect(queueSignalForMt5(fx.trader, fx.alphaActive[0])).toBe("queued");
    expect(queueSignalForMt5(fx.trader, fx.alphaActive[0])).toBe("already-queued");
    const rows = getDb().select().from(mt5Queue).where(eq(mt5Queue.userId, fx.trader.id)).all();
    expect(rows).toHaveLength(1);
    // Nothing refused was queued for anyone else.
    expect(getDb().select().from(mt5Queue).where(eq(mt5Queue.userId, fx.free.id)).all()).toHaveLength(0);
  });
});

describe("GET /api/mt5/queue", () => {
  it("returns the user's queued signals oldest first with a cursor, and each signal once when polled by cursor", async () => {
    // alphaActive[0] is already queued (above); queue another, newer by queue id though older by creation.
    expect(queueSignalForMt5(fx.trader, fx.alphaActive[1])).toBe("queued");

    const first = await poll("?after=0");
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toMatch(/^application\/json/);
    const page1 = (await first.json()) as QueueBody;
    expect(page1.items.map((i) => i.signal.id)).toEqual([fx.alphaActive[0], fx.alphaActive[1]]);
    expect(page1.items[0]!.id).toBeLessThan(page1.items[1]!.id);
    expect(page1.nextCursor).toBe(page1.items[1]!.id);
    expect(page1.items[1]!.signal).toMatchObject({ locked: false, entryPrice: 1.085, side: "SHORT", direction: "SHORT" });
    expect(new Date(page1.items[0]!.queuedAt).toISOString()).toBe(page1.items[0]!.queuedAt);

    // No key but the same user's session works too, and no parameters means from the start.
    const bySession = (await (await poll("", { cookie: fx.traderCookie })).json()) as QueueBody;
    expect(bySession.items.map((i) => i.id)).toEqual(page1.items.map((i) => i.id));

    // Nothing new yet: empty, and the cursor stays where it was.
    const idle = (await (await poll(`?after=${page1.nextCursor}`)).json()) as QueueBody;
    expect(idle).toEqual({ items: [], nextCursor: page1.nextCursor });

    expect(queueSignalForMt5(fx.trader, fx.alphaActive[2])).toBe("queued");
    const page2 = (await (await poll(`?after=${page1.nextCursor}`)).json()) as QueueBody;
    expect(page2.items.map((i) => i.signal.id)).toEqual([fx.alphaActive[2]]);
    expect(page2.nextCursor).toBe(page2.items[0]!.id);

    const page3 = (await (await poll(`?after=${page2.nextCursor}`)).json()) as QueueBody;
    expect(page3.items).toEqual([]);
  });

  it("pages with limit, oldest first, without skipping or repeating", async () => {
    expect(queueSignalForMt5(fx.trader, fx.alphaActive[3])).toBe("queued");
    const seen: number[] = [];
    let cursor = 0;
    for (let i = 0; i < 10; i++) {
      const body = (await (await poll(`?after=${cursor}&limit=1`)).json()) as QueueBody;
      if (body.items.length === 0) break;
      expect(body.items).toHaveLength(1);
      seen.push(body.items[0]!.signal.id);
      cursor = body.nextCursor;
    }
    expect(seen).toEqual([...fx.alphaActive]);
  });

  it("shows only the caller's own queue", async () => {
    const adminKey = generateApiKey(fx.admin.id).key;
    const body = (await (await poll("?after=0", { key: adminKey })).json()) as QueueBody;
    expect(body.items.map((i) => i.signal.id)).toEqual([fx.betaActive]);
  });

  it("rejects a bad after with 400 naming after", async () => {
    for (const after of ["abc", "-1", "1.5", "1e3"]) {
      const res = await poll(`?after=${after}`);
      expect(res.status, after).toBe(400);
      expect(res.headers.get("Content-Type")).toMatch(/application\/problem\+json/);
      const body = await res.json();
      expect(body.detail).toMatch(/after/);
      expect(body.errors).toEqual([{ field: "after", message: expect.any(String) }]);
    }
  });

  it("rejects a bad limit with 400 naming limit", async () => {
    const res = await poll("?limit=0");
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].field).toBe("limit");
  });

  it("answers 401 when signed out without a key, and to an unknown key", async () => {
    expect((await poll("?after=0", {})).status).toBe(401);
    expect((await poll("?after=0", { key: "fxt_nope" })).status).toBe(401);
  });

  it("answers 405 to other methods", async () => {
    const res = action();
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET");
  });
});
