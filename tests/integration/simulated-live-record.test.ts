/**
 * Simulated and live kept apart (docs/decisions/0145, 0146): after the seed
 * every trade is simulated, sealed so in its `published` ledger event; the
 * performance API, the trades CSV and the pages count live trades only unless
 * `basis` asks otherwise; a bad basis is a 400 naming `basis`; tampering with
 * the flag breaks the chain; and a live close makes the live record non-empty.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_TRADER_EMAIL, seedDatabase } from "../../db/seed";
import { signalEvents, strategies, users } from "../../db/schema";
import { verifyChain } from "~/domain/ledger";
import { iterateLedger } from "~/models/ledger.server";
import { closeSignal, publishSignal } from "~/models/signals.server";
import { getDb } from "~/platform/db.server";
import { loader as performanceApi } from "~/routes/api.strategies.$slug.performance";
import { loader as csvApi } from "~/routes/api.strategies.$slug.trades[.]csv";
import { loader as performancePage } from "~/routes/performance";
import * as dashboardRoute from "~/routes/portal.dashboard";
import { loader as strategyPage } from "~/routes/strategies.$slug";
import { loader as strategiesPage } from "~/routes/strategies._index";
import { DAY, signedInCookie, validSignalInput } from "../support/fixtures";
import { callRoute, getRequest } from "../support/http";

const BASE = "http://localhost";
let traderCookie: string;

async function call(handler: Parameters<typeof callRoute>[0], path: string, params: Record<string, string> = {}, cookie?: string) {
  return callRoute(handler, getRequest(`${BASE}${path}`, { cookie }), params);
}

async function json<T>(handler: Parameters<typeof callRoute>[0], path: string, params: Record<string, string> = {}, cookie?: string): Promise<T> {
  const response = await call(handler, path, params, cookie);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

type Performance = { basis: string; trades: number; totalNetR: number };

async function api(slug: string, query = ""): Promise<Performance> {
  return json<Performance>(performanceApi, `/api/strategies/${slug}/performance${query}`, { slug });
}

/** The CSV's lines without the final empty one. */
async function csv(slug: string, query = ""): Promise<string[]> {
  const response = await call(csvApi, `/api/strategies/${slug}/trades.csv${query}`, { slug });
  expect(response.status).toBe(200);
  return (await response.text()).split("\r\n").slice(0, -1);
}

/** What each public and portal view counts for `alpha-swing` on the default basis. */
async function defaultViews() {
  const tab = await json<{ record: { basis: string; trades: number; simulatedTrades: number } }>(strategyPage, "/strategies/alpha-swing?tab=performance", { slug: "alpha-swing" });
  const page = await json<{ basis: string; simulatedNote: unknown; live: { all: { trades: number }; strategies: Array<{ slug: string; record: { trades: number } }> } }>(
    performancePage,
    "/performance?period=1Y",
  );
  const cards = await json<{ live: Record<string, { trades: number }> }>(strategiesPage, "/strategies");
  const portal = await json<{ records: { strategies: Array<{ slug: string; record: { trades: number } }> } }>(dashboardRoute.loader, "/portal/dashboard", {}, traderCookie);
  return {
    tab: tab.record,
    page: { basis: page.basis, note: page.simulatedNote, all: page.live.all.trades, alpha: page.live.strategies.find((s) => s.slug === "alpha-swing")!.record.trades },
    card: cards.live["alpha-swing"]!.trades,
    portal: portal.records.strategies.find((s) => s.slug === "alpha-swing")!.record.trades,
  };
}

beforeAll(async () => {
  const result = await seedDatabase(getDb(), { includeDemoAccounts: true, demoPassword: "demo-password-123" });
  expect(result.seeded).toBe(true);
  const trader = getDb().select().from(users).where(eq(users.email, DEMO_TRADER_EMAIL)).get()!;
  traderCookie = await signedInCookie(trader.id);
}, 60_000);

describe("simulated history and the live record", () => {
  it("counts only live trades by default: after the seed every record is empty until asked for the simulated basis", async () => {
    expect(await api("all")).toMatchObject({ basis: "live", trades: 0, totalNetR: 0 });
    const simulated = await api("all", "?basis=simulated");
    expect(simulated.basis).toBe("simulated");
    expect(simulated.trades).toBeGreaterThan(100);
    expect(await api("all", "?basis=all")).toMatchObject({ basis: "all", trades: simulated.trades, totalNetR: simulated.totalNetR });
    expect(await api("gold-intraday", "?basis=live")).toMatchObject({ basis: "live", trades: 0 });

    const views = await defaultViews();
    expect(views).toEqual({
      tab: expect.objectContaining({ basis: "live", trades: 0 }),
      page: { basis: "live", note: null, all: 0, alpha: 0 },
      card: 0,
      portal: 0,
    });
    expect(views.tab.simulatedTrades).toBeGreaterThan(20);
  });

  it("shows simulated figures on the pages only with their label, statement and method", async () => {
    const page = await json<{ basis: string; simulatedNote: { label: string; statement: string; method: string }; live: { all: { trades: number } } }>(
      performancePage,
      "/performance?period=1Y&basis=simulated",
    );
    expect(page.basis).toBe("simulated");
    expect(page.live.all.trades).toBeGreaterThan(0);
    expect(page.simulatedNote.label).toBe("Simulated results");
    expect(page.simulatedNote.statement).toMatch(/^Hypothetical or simulated performance results have certain limitations\./);
    expect(page.simulatedNote.method).toMatch(/computer-generated hourly prices/);
    const tab = await json<{ record: { basis: string; trades: number } }>(strategyPage, "/strategies/alpha-swing?tab=performance&basis=all", { slug: "alpha-swing" });
    expect(tab.record.basis).toBe("all");
    expect(tab.record.trades).toBeGreaterThan(0);
    // An unknown page basis is the default, live.
    expect((await json<{ basis: string }>(performancePage, "/performance?basis=everything")).basis).toBe("live");
  });

  it("gives the trades CSV the same basis and a simulated column", async () => {
    const live = await csv("all");
    expect(live).toHaveLength(1);
    expect(live[0]!.endsWith(",outcome,simulated")).toBe(true);
    const simulated = await csv("all", "?basis=simulated");
    expect(simulated.length - 1).toBe((await api("all", "?basis=simulated")).trades);
    expect(simulated.slice(1).every((line) => line.endsWith(",true"))).toBe(true);
    expect(await csv("all", "?basis=all")).toEqual(simulated);
  });

  it("answers a basis other than live, simulated or all with a 400 naming basis, on both endpoints", async () => {
    for (const [handler, path] of [
      [performanceApi, "/api/strategies/all/performance?basis=demo"],
      [csvApi, "/api/strategies/all/trades.csv?basis=LIVE"],
    ] as const) {
      const response = await call(handler, path, { slug: "all" });
      expect(response.status, path).toBe(400);
      expect(response.headers.get("Content-Type")).toContain("application/problem+json");
      const body = (await response.json()) as { errors: Array<{ field: string; message: string }> };
      expect(body.errors.map((e) => e.field)).toEqual(["basis"]);
      expect(body.errors[0]!.message).toContain("live, simulated, all");
    }
  });

  it("counts a signal an admin publishes and closes as live, everywhere, and leaves the simulated record as it was", async () => {
    const simulatedBefore = await api("all", "?basis=simulated");
    const admin = getDb().select().from(users).where(eq(users.role, "admin")).get()!;
    const alpha = getDb().select().from(strategies).where(eq(strategies.slug, "alpha-swing")).get()!;
    const now = new Date();
    const signal = publishSignal(validSignalInput(alpha.id, new Date(now.getTime() + DAY)), admin.id, now);
    const published = getDb().select().from(signalEvents).where(eq(signalEvents.signalId, signal.id)).get()!;
    expect(JSON.parse(published.payload!)).toMatchObject({ simulated: false });
    // Open, it is no trade yet.
    expect((await api("alpha-swing")).trades).toBe(0);
    const change = closeSignal(signal.id, { exitPrice: 1.09, reason: "TP1", at: now }, now);
    expect(change.ok).toBe(true);

    expect(await api("alpha-swing")).toMatchObject({ basis: "live", trades: 1 });
    expect((await api("all")).trades).toBe(1);
    expect(await api("all", "?basis=simulated")).toEqual(simulatedBefore);
    expect((await api("all", "?basis=all")).trades).toBe(simulatedBefore.trades + 1);
    const rows = await csv("alpha-swing");
    expect(rows).toHaveLength(2);
    expect(rows[1]!.startsWith(`alpha-swing,Alpha Swing,${signal.id},`)).toBe(true);
    expect(rows[1]!.endsWith(",false")).toBe(true);

    const views = await defaultViews();
    expect(views).toEqual({
      tab: expect.objectContaining({ basis: "live", trades: 1 }),
      page: { basis: "live", note: null, all: 1, alpha: 1 },
      card: 1,
      portal: 1,
    });
  });
  // Drops and restores the append-only trigger of this file's database: kept last.
  it("seals the flag in the hash: turning a simulated signal live in the stored payload breaks verification at its seq", () => {
    const db = getDb();
    const sqlite = db.$client;
    const row = db.select().from(signalEvents).where(eq(signalEvents.type, "published")).orderBy(signalEvents.seq).limit(1).get()!;
    expect(row.payload).toContain('"simulated":true');
    expect(verifyChain(iterateLedger())).toMatchObject({ ok: true });
    const trigger = sqlite.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'signal_events_no_update'").get() as { sql: string };
    sqlite.exec("DROP TRIGGER signal_events_no_update");
    try {
      sqlite.prepare("UPDATE signal_events SET payload = ? WHERE seq = ?").run(row.payload!.replace('"simulated":true', '"simulated":false'), row.seq);
      expect(verifyChain(iterateLedger())).toMatchObject({ ok: false, seq: row.seq, reason: "payload-hash" });
    } finally {
      sqlite.prepare("UPDATE signal_events SET payload = ? WHERE seq = ?").run(row.payload, row.seq);
      sqlite.exec(trigger.sql);
    }
    expect(verifyChain(iterateLedger())).toMatchObject({ ok: true });
  });
});
