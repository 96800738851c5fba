/**
 * The public ledger routes (GET /api/ledger, /api/ledger/head,
 * /api/signals/{id}/events) with their locking rule, the signal API's new
 * fields, and the admin transition endpoints, called with real Requests
 * against this file's temporary SQLite database.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { verifyChain, type LedgerRow } from "~/domain/ledger";
import type { ApiLedgerEvent } from "~/domain/signals";
import { publishSignal } from "~/models/signals.server";
import { action as cancelAction } from "~/routes/api.admin.signals.$id.cancel";
import { action as closeAction } from "~/routes/api.admin.signals.$id.close";
import { action as modifyAction } from "~/routes/api.admin.signals.$id.modify";
import { action as partialCloseAction } from "~/routes/api.admin.signals.$id.partial-close";
import { action as triggerAction } from "~/routes/api.admin.signals.$id.trigger";
import { loader as ledgerLoader } from "~/routes/api.ledger._index";
import { loader as headLoader } from "~/routes/api.ledger.head";
import { loader as eventsLoader } from "~/routes/api.signals.$id.events";
import { loader as signalsLoader } from "~/routes/api.signals._index";
import type { SignalInput } from "~/schemas/signal";
import {
  createUser,
  DAY,
  insertStrategy,
  insertStrategyAccess,
  insertSubscription,
  signedInCookie,
  validSignalInput,
} from "../support/fixtures";
import { callRoute, getRequest, jsonRequest } from "../support/http";

const BASE = "http://localhost";
/** Levels used only by the open signal of the strategy visitors are not entitled to: they must never leak. */
const SECRET = { entryPrice: 1.23457, sl: 1.22913, tp1: 1.24681, tp2: 1.25779 };

let adminId: number;
let adminCookie: string;
let subscriberCookie: string;
let userCookie: string;
let lockedStrategy: number;
let openStrategy: number;

function signalInput(strategyId: number, overrides: Partial<SignalInput> = {}): SignalInput {
  return validSignalInput(strategyId, new Date(Date.now() + DAY), overrides);
}

function toRows(events: ApiLedgerEvent[]): LedgerRow[] {
  return events.map((e) => ({ ...e, occurredAt: new Date(e.occurredAt), recordedAt: new Date(e.recordedAt) }));
}

async function getJson(loader: Parameters<typeof callRoute>[0], path: string, cookie?: string, params: Record<string, string> = {}) {
  const response = await callRoute(loader, getRequest(`${BASE}${path}`, { cookie }), params);
  return { status: response.status, type: response.headers.get("Content-Type"), text: await response.text() };
}

function post(action: Parameters<typeof callRoute>[0], id: number | string, path: string, body: unknown, cookie = adminCookie) {
  return callRoute(action, jsonRequest(`${BASE}/api/admin/signals/${id}/${path}`, body, { cookie }), { id: String(id) });
}

beforeAll(async () => {
  adminId = createUser({ role: "admin", firstName: "Ada" }).id;
  adminCookie = await signedInCookie(adminId);
  const subscriber = createUser({ firstName: "Sam" }).id;
  const user = createUser({ firstName: "Uma" }).id;
  userCookie = await signedInCookie(user);
  lockedStrategy = insertStrategy({ slug: "london-breakout", name: "London Breakout" }).id;
  openStrategy = insertStrategy({ slug: "alpha-swing", name: "Alpha Swing" }).id;
  insertSubscription(subscriber, "pro");
  insertStrategyAccess(subscriber, [lockedStrategy]);
  subscriberCookie = await signedInCookie(subscriber);
});

describe("the ledger routes and the locking rule", () => {
  it("never give a visitor a level of an open signal, show its commitments, and reveal everything once it ends", async () => {
    const secret = publishSignal(signalInput(lockedStrategy, { ...SECRET, entryMethod: "limit" }), adminId);
    const paths = ["/api/ledger?limit=100", `/api/signals/${secret.id}/events`, "/api/signals?limit=100"];
    const loaders = [ledgerLoader, eventsLoader, signalsLoader];
    const levels = Object.values(SECRET).map(String);

    for (const cookie of [undefined, userCookie]) {
      for (const [i, path] of paths.entries()) {
        const { status, text } = await getJson(loaders[i]!, path, cookie, { id: String(secret.id) });
        expect(status, path).toBe(200);
        for (const level of levels) expect(text, `${path} leaks ${level}`).not.toContain(level);
      }
    }
    const visitorEvents = JSON.parse((await getJson(eventsLoader, "", undefined, { id: String(secret.id) })).text);
    expect(visitorEvents.events).toEqual([
      expect.objectContaining({ type: "published", payload: null, salt: null, payloadHash: expect.stringMatching(/^[0-9a-f]{64}$/) }),
    ]);

    // The entitled subscriber sees the levels while it is open.
    const entitled = JSON.parse((await getJson(eventsLoader, "", subscriberCookie, { id: String(secret.id) })).text);
    expect(JSON.parse(entitled.events[0].payload)).toMatchObject({ entryPrice: SECRET.entryPrice, sl: SECRET.sl });

    // Cancelled: the visitor gets everything, and the revealed payload matches the commitment shown before.
    expect((await post(cancelAction, secret.id, "cancel", { note: "Range too wide" })).status).toBe(200);
    const revealed = JSON.parse((await getJson(eventsLoader, "", undefined, { id: String(secret.id) })).text);
    expect(revealed.events[0].payloadHash).toBe(visitorEvents.events[0].payloadHash);
    expect(JSON.parse(revealed.events[0].payload)).toMatchObject({ entryPrice: SECRET.entryPrice, tp2: SECRET.tp2 });
    const whole = JSON.parse((await getJson(ledgerLoader, "/api/ledger?limit=100")).text);
    expect(verifyChain(toRows(whole.events))).toEqual({ ok: true, head: { seq: 2, hash: revealed.events[1].hash } });
  });

  it("pages oldest first with nextCursor, and the head matches the last row", async () => {
    for (let i = 0; i < 3; i++) publishSignal(signalInput(openStrategy), adminId);
    const all = JSON.parse((await getJson(ledgerLoader, "/api/ledger?limit=100")).text);
    const total = all.events.length;
    expect(all.nextCursor).toBeNull();

    const first = JSON.parse((await getJson(ledgerLoader, "/api/ledger?limit=2")).text);
    expect(first.events.map((e: ApiLedgerEvent) => e.seq)).toEqual([1, 2]);
    expect(first.nextCursor).toBe(2);
    const next = JSON.parse((await getJson(ledgerLoader, `/api/ledger?after=${first.nextCursor}&limit=100`)).text);
    expect(next.events[0].seq).toBe(3);
    expect(next.events.length).toBe(total - 2);

    const head = JSON.parse((await getJson(headLoader, "/api/ledger/head")).text);
    const last = all.events[total - 1];
    expect(head).toEqual({ seq: last.seq, hash: last.hash, recordedAt: last.recordedAt });

    const bad = await getJson(ledgerLoader, "/api/ledger?after=-1");
    expect(bad.status).toBe(400);
    expect(bad.type).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(bad.text).errors).toEqual([{ field: "after", message: "Must be a non-negative integer" }]);
  });

  it("/api/signals/{id}/events: 404 for an unknown signal, 400 for a bad id", async () => {
    expect((await getJson(eventsLoader, "", undefined, { id: "999999" })).status).toBe(404);
    expect((await getJson(eventsLoader, "", undefined, { id: "abc" })).status).toBe(400);
  });
});

describe("admin transition endpoints", () => {
  it("trigger, modify, partial-close and close answer 200 with the updated signal in both shapes", async () => {
    const signal = publishSignal(signalInput(openStrategy, { entryMethod: "limit" }), adminId);
    const triggered = await post(triggerAction, signal.id, "trigger", { fillPrice: "1.0850" });
    expect(triggered.status).toBe(200);
    expect(await triggered.json()).toMatchObject({ id: signal.id, status: "ACTIVE", fillPrice: 1.085, events: `/api/signals/${signal.id}/events` });

    const modified = await post(modifyAction, signal.id, "modify", { sl: 1.085 });
    expect(await modified.json()).toMatchObject({ sl: 1.085, stopLoss: 1.085 });
    const partial = await post(partialCloseAction, signal.id, "partial-close", { exitPrice: 1.09, fraction: 0.5 });
    expect(partial.status).toBe(200);
    const closed = await post(closeAction, signal.id, "close", { exitPrice: 1.085, reason: "breakeven" });
    expect(closed.status).toBe(200);
    expect(await closed.json()).toMatchObject({
      status: "CLOSED",
      closeReason: "BREAKEVEN",
      exitPrice: 1.0875,
      resultPips: 25,
      resultR: 0.5,
      closedAt: expect.any(String),
    });
  });

  it("404 for an unknown id, 409 for a wrong state, 400 naming the field; 401 signed out, 403 for non-admins", async () => {
    const active = publishSignal(signalInput(openStrategy), adminId);
    const unknown = await post(triggerAction, 999_999, "trigger", { fillPrice: 1.09 });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);

    const wrongState = await post(triggerAction, active.id, "trigger", { fillPrice: 1.09 });
    expect(wrongState.status).toBe(409);
    expect((await wrongState.json()).errors).toEqual([{ field: "status", message: expect.stringContaining("ACTIVE") }]);
    expect((await post(cancelAction, active.id, "cancel", {})).status).toBe(409);

    const cases: Array<[Parameters<typeof callRoute>[0], string, unknown, string]> = [
      [triggerAction, "trigger", {}, "fillPrice"],
      [modifyAction, "modify", {}, "sl"],
      [modifyAction, "modify", { tp1: 1.07 }, "tp1"],
      [partialCloseAction, "partial-close", { exitPrice: 1.09, fraction: 1.5 }, "fraction"],
      [closeAction, "close", { exitPrice: 0, reason: "TP1" }, "exitPrice"],
      [closeAction, "close", { exitPrice: 1.09, reason: "LUCK" }, "reason"],
      [closeAction, "close", { exitPrice: 1.09, reason: "TP1", at: "yesterday" }, "at"],
      [closeAction, "close", { exitPrice: 1.09, reason: "TP1", at: new Date(Date.now() + DAY).toISOString() }, "at"],
      [cancelAction, "cancel", { note: "n".repeat(501) }, "note"],
    ];
    for (const [action, path, body, field] of cases) {
      const response = await post(action, active.id, path, body);
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect((await response.json()).errors.map((e: { field: string }) => e.field), path).toContain(field);
    }

    expect((await post(closeAction, active.id, "close", { exitPrice: 1.09, reason: "TP1" }, "")).status).toBe(401);
    expect((await post(closeAction, active.id, "close", { exitPrice: 1.09, reason: "TP1" }, userCookie)).status).toBe(403);
    expect((await post(closeAction, "abc", "close", { exitPrice: 1.09, reason: "TP1" })).status).toBe(400);
  });
});
