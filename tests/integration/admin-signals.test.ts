/**
 * /admin/signals (page loader + action) and POST /api/admin/signals, called
 * directly with real Requests against this file's temporary SQLite database.
 */
import { count, desc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signals, type Signal } from "../../db/schema";
import { hashPassword } from "~/models/users.server";
import { action as pageAction, loader as pageLoader } from "~/routes/admin.signals";
import { action as apiAction, loader as apiLoader } from "~/routes/api.admin.signals";
import { loader as signalsLoader } from "~/routes/api.signals._index";
import { getDb } from "~/platform/db.server";
import { createUser, insertSignal, insertStrategy, signedInCookie, validSignalApiBody, validSignalForm } from "../support/fixtures";
import { callRoute, expectSignInRedirect, formRequest, getRequest, jsonRequest, routeArgs } from "../support/http";
import { toastOf } from "../support/toast";

const BASE = "http://localhost";
const HOUR = 60 * 60 * 1000;

let adminCookie: string;
let userCookie: string;
let adminId: number;
let activeStrategyId: number;
let inactiveStrategyId: number;

/** Signals stored before the current test (the ledger is append-only, so published signals cannot be deleted between tests). */
let baseline = 0;

function signalCount(): number {
  return getDb().select({ n: count() }).from(signals).get()!.n;
}

/** Signals stored since the current test started. */
function signalsAdded(): number {
  return signalCount() - baseline;
}

function latestSignal(): Signal | undefined {
  return getDb().select().from(signals).orderBy(desc(signals.id)).limit(1).get();
}

/** datetime-local value (UTC) `hours` from now. */
function inHours(hours: number): string {
  return new Date(Date.now() + hours * HOUR).toISOString().slice(0, 16);
}

/** The valid signal, posted with a lower-case padded symbol, a limit entry and no TP2. */
function validForm(overrides: Record<string, string> = {}): Record<string, string> {
  return validSignalForm(activeStrategyId, new Date(Date.now() + 24 * HOUR), {
    symbol: " eurusd ",
    entryMethod: "limit",
    tp2: "",
    ...overrides,
  });
}

function formPost(values: Record<string, string>, cookie?: string): Request {
  return formRequest(`${BASE}/admin/signals`, values, { cookie });
}

function pageRequest(cookie?: string): Request {
  return getRequest(`${BASE}/admin/signals`, { cookie });
}

/** POST /api/admin/signals with `body` as JSON (a string is sent as it is). */
function apiRequest(body: unknown, options: { cookie?: string; contentType?: string } = {}): Request {
  return jsonRequest(`${BASE}/api/admin/signals`, body, {
    cookie: options.cookie,
    headers: options.contentType ? { "Content-Type": options.contentType } : {},
  });
}

function nestedBody(overrides: Record<string, unknown> = {}) {
  return validSignalApiBody(activeStrategyId, new Date(Date.now() + 24 * HOUR), overrides);
}

beforeAll(async () => {
  const passwordHash = await hashPassword("correct horse battery staple");
  adminId = createUser({ email: "admin@test.dev", firstName: "Ada", role: "admin", passwordHash }).id;
  const userId = createUser({ email: "user@test.dev", firstName: "Uma", role: "user", passwordHash }).id;
  const base = { instruments: "EURUSD, GBPUSD" };
  activeStrategyId = insertStrategy({ ...base, slug: "alpha-swing", name: "Alpha Swing", isActive: true }).id;
  inactiveStrategyId = insertStrategy({ ...base, slug: "paused-one", name: "Paused One", isActive: false }).id;
  adminCookie = await signedInCookie(adminId);
  userCookie = await signedInCookie(userId);
});

describe("/admin/signals page", () => {
  beforeEach(() => {
    baseline = signalCount();
  });

  it("redirects signed-out visitors to sign in", async () => {
    const response = await callRoute(pageLoader, pageRequest());
    expectSignInRedirect(response, "/admin/signals");
  });

  it("signed-out POST also redirects to sign in and writes nothing", async () => {
    const response = await callRoute(pageAction, formPost(validForm()));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/api\/login\?returnTo=/);
    expect(signalsAdded()).toBe(0);
  });

  it("answers 403 to a signed-in non-admin, in the loader and in the action", async () => {
    const fromLoader = await callRoute(pageLoader, pageRequest(userCookie));
    expect(fromLoader.status).toBe(403);
    const fromAction = await callRoute(pageAction, formPost(validForm(), userCookie));
    expect(fromAction.status).toBe(403);
    expect(signalsAdded()).toBe(0);
  });

  it("gives admins active strategies, recent signals and a default expiry 24 h ahead (UTC)", async () => {
    const empty = await (await callRoute(pageLoader, pageRequest(adminCookie))).json();
    expect(empty.recent).toEqual([]);

    const now = Date.now();
    for (let i = 0; i < 7; i++) {
      insertSignal({
        strategyId: activeStrategyId,
        status: i === 0 ? "CLOSED" : "ACTIVE",
        entryPrice: 1.1 + i / 1000,
        sl: 1.09,
        tp1: 1.12,
        createdAt: new Date(now - (7 - i) * 60_000),
        expiresAt: new Date(now + HOUR),
      });
    }
    const before = Date.now();
    const response = await callRoute(pageLoader, pageRequest(adminCookie));
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.strategies).toEqual([{ id: activeStrategyId, name: "Alpha Swing" }]);
    expect(data.recent).toHaveLength(5);
    expect(data.recent[0].entryPrice).toBeCloseTo(1.106);
    // Admins see live price levels.
    expect(data.recent.every((s: { locked: boolean; stopLoss: number | null }) => !s.locked && s.stopLoss === 1.09)).toBe(true);
    expect(data.recent[0]).toMatchObject({ strategyName: "Alpha Swing", side: "LONG", direction: "LONG" });
    expect(data.defaultExpiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    const expiry = Date.parse(`${data.defaultExpiresAt}Z`);
    expect(expiry).toBeGreaterThan(before + 24 * HOUR - 61_000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 24 * HOUR);
  });

  it("publishes a valid form: 302 back to /admin/signals with a flash toast, row stored", async () => {
    const response = await callRoute(pageAction, formPost(validForm(), adminCookie));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/signals");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__flash=/);

    const row = latestSignal()!;
    expect(row).toMatchObject({
      strategyId: activeStrategyId,
      symbol: "EURUSD",
      side: "LONG",
      // A limit entry waits for its fill.
      status: "PENDING",
      entryPrice: 1.085,
      entryMethod: "limit",
      sl: 1.08,
      tp1: 1.09,
      tp2: null,
      rationale: "Breakout retest",
      createdById: adminId,
      closedAt: null,
    });
    expect(Math.abs(row.createdAt.getTime() - Date.now())).toBeLessThan(10_000);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(23 * HOUR);

    // The flash toast is what the root loader shows next.
    expect(await toastOf(response)).toEqual({ title: "Signal Created", description: "Trading signal has been published successfully" });

    // The list refreshes with the new signal first.
    const data = await (await callRoute(pageLoader, pageRequest(adminCookie))).json();
    expect(data.recent[0]).toMatchObject({ id: row.id, symbol: "EURUSD", side: "LONG", takeProfit2: null });
  });

  it("rejects invalid input with 400, field errors and kept values, and writes nothing", async () => {
    const response = await callRoute(pageAction, formPost(validForm({ sl: "1.09000", symbol: "GBP/USD", expiresAt: inHours(-1) }), adminCookie));
    expect(response.status).toBe(400);
    const { intent, submission: reply } = await response.json();
    expect(intent).toBe("");
    expect(reply.status).toBe("error");
    expect(reply.error).toEqual({
      symbol: ["Symbol must be 6 letters, such as EURUSD or XAUUSD"],
      sl: ["Stop loss must be below the entry price for a LONG signal"],
      expiresAt: ["Expiry must be in the future"],
    });
    expect(reply.initialValue).toMatchObject({ symbol: "GBP/USD", entryPrice: "1.08500", sl: "1.09000" });
    expect(signalsAdded()).toBe(0);
  });

  it("refuses a JSON body with 415 and echoes no more than a rationale's maximum", async () => {
    const thrown = await pageAction(routeArgs(jsonRequest(`${BASE}/admin/signals`, validForm(), { cookie: adminCookie }))).catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(415);
    const response = await callRoute(pageAction, formPost(validForm({ rationale: "r".repeat(100_000) }), adminCookie));
    expect(response.status).toBe(400);
    const { submission: reply } = await response.json();
    expect(reply.error.rationale).toEqual(["Rationale must be at most 2000 characters"]);
    expect(reply.initialValue.rationale).toHaveLength(2000);
    expect(signalsAdded()).toBe(0);
  });

  it("reports an inactive or unknown strategy on strategyId and as a form error", async () => {
    for (const id of [inactiveStrategyId, 99999]) {
      const response = await callRoute(pageAction, formPost(validForm({ strategyId: String(id) }), adminCookie));
      expect(response.status).toBe(400);
      const { submission: reply } = await response.json();
      expect(reply.error.strategyId).toHaveLength(1);
      expect(reply.error[""]).toEqual(reply.error.strategyId);
    }
    const { submission: inactive } = await (
      await callRoute(pageAction, formPost(validForm({ strategyId: String(inactiveStrategyId) }), adminCookie))
    ).json();
    expect(inactive.error.strategyId[0]).toMatch(/Paused One is inactive/);
    expect(signalsAdded()).toBe(0);
  });
});

describe("POST /api/admin/signals", () => {
  beforeEach(() => {
    baseline = signalCount();
  });

  async function problemOf(response: Response) {
    expect(response.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
    return response.json();
  }

  it("401 when signed out, 403 for non-admins", async () => {
    const signedOut = await apiAction(routeArgs(apiRequest(nestedBody())));
    expect(signedOut.status).toBe(401);
    const nonAdmin = await apiAction(routeArgs(apiRequest(nestedBody(), { cookie: userCookie })));
    expect(nonAdmin.status).toBe(403);
    expect((await problemOf(nonAdmin)).status).toBe(403);
    expect(signalsAdded()).toBe(0);
  });

  it("415 for a non-JSON body, 400 for malformed JSON", async () => {
    const form = await apiAction(routeArgs(apiRequest("x", { cookie: adminCookie, contentType: "text/plain" })));
    expect(form.status).toBe(415);
    const malformed = await apiAction(routeArgs(apiRequest("{not json", { cookie: adminCookie })));
    expect(malformed.status).toBe(400);
    expect((await problemOf(malformed)).errors).toEqual([{ field: "body", message: "Invalid JSON" }]);
  });

  it("400 listing each invalid field under the client's own names", async () => {
    const body = nestedBody({
      symbol: "EURO",
      entryJson: { price: 1.085, method: "iceberg" },
      tpJson: { tp1: 1.07 },
      expiresAt: "not a date",
    });
    const response = await apiAction(routeArgs(apiRequest(body, { cookie: adminCookie })));
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    const fields = problem.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(["entryJson.method", "expiresAt", "symbol"]);
    expect(problem.detail).toContain("entryJson.method: Entry method must be market, limit or stop");

    const geometry = await apiAction(routeArgs(apiRequest(nestedBody({ sl: 1.09, tpJson: { tp1: 1.08 } }), { cookie: adminCookie })));
    const g = await problemOf(geometry);
    expect(g.errors).toEqual([
      { field: "sl", message: "Stop loss must be below the entry price for a LONG signal" },
      { field: "tpJson.tp1", message: "Take profit 1 must be above the entry price for a LONG signal" },
    ]);

    const aliased = await apiAction(
      routeArgs(
        apiRequest(
          { strategyId: activeStrategyId, symbol: "EURUSD", direction: "LONG", entryPrice: 1.085, stopLoss: 1.09, takeProfit1: 1.09, expiresAt: nestedBody().expiresAt },
          { cookie: adminCookie },
        ),
      ),
    );
    expect((await problemOf(aliased)).errors).toEqual([
      { field: "stopLoss", message: "Stop loss must be below the entry price for a LONG signal" },
    ]);
    expect(signalsAdded()).toBe(0);
  });

  it("400 naming strategyId for an inactive or unknown strategy", async () => {
    for (const id of [inactiveStrategyId, 424242]) {
      const response = await apiAction(routeArgs(apiRequest(nestedBody({ strategyId: id }), { cookie: adminCookie })));
      expect(response.status).toBe(400);
      const problem = await problemOf(response);
      expect(problem.errors).toHaveLength(1);
      expect(problem.errors[0].field).toBe("strategyId");
      expect(problem.detail).toMatch(/^strategyId: /);
    }
    expect(signalsAdded()).toBe(0);
  });

  it("201 with the signal in both shapes, then listed first by GET /api/signals", async () => {
    const response = await apiAction(routeArgs(apiRequest(nestedBody(), { cookie: adminCookie })));
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created).toMatchObject({
      strategyId: activeStrategyId,
      symbol: "EURUSD",
      status: "ACTIVE",
      side: "LONG",
      direction: "LONG",
      entryJson: { price: 1.085, method: "market" },
      entryPrice: 1.085,
      sl: 1.08,
      stopLoss: 1.08,
      tpJson: { tp1: 1.09, tp2: 1.095 },
      takeProfit1: 1.09,
      takeProfit2: 1.095,
      rationale: "Breakout retest",
      closedAt: null,
      locked: false,
    });
    expect(typeof created.id).toBe("number");
    expect(Date.parse(created.expiresAt)).toBeGreaterThan(Date.now());
    expect(getDb().select().from(signals).where(eq(signals.id, created.id)).get()?.createdById).toBe(adminId);

    const list = await signalsLoader(routeArgs(getRequest(`${BASE}/api/signals`, { cookie: adminCookie })));
    expect(list.status).toBe(200);
    const listed = await list.json();
    expect(listed[0]).toMatchObject({ id: created.id, symbol: "EURUSD", entryPrice: 1.085 });
  });

  it("accepts the flat aliases", async () => {
    const response = await apiAction(
      routeArgs(
        apiRequest(
          {
            strategyId: String(activeStrategyId),
            symbol: "XAUUSD",
            direction: "SHORT",
            entryPrice: "2350.50",
            stopLoss: 2360,
            takeProfit1: 2330,
            expiresAt: inHours(6),
          },
          { cookie: adminCookie },
        ),
      ),
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      side: "SHORT",
      entryJson: { price: 2350.5, method: "market" },
      tpJson: { tp1: 2330, tp2: null },
    });
  });

  it("405 on GET", async () => {
    const response = await apiLoader();
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});
