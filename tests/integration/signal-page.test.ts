/**
 * /signals/:id (loader, meta and the page rendered): levels locked for a
 * viewer who is not entitled while the signal is open (in the loader data and
 * the HTML), shown to an entitled subscriber, shown to everyone once it ends;
 * the timeline's "verified" marks recomputed by the server, false for an event
 * whose stored bytes were tampered with (the append-only triggers dropped
 * first, as an attacker with file access would), and for every event when the
 * row no longer is the fold of its events; 404 for an unknown id.
 */
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { beforeAll, describe, expect, it } from "vitest";
import SignalPage, { loader, meta } from "~/routes/signals.$id";
import { closeSignal, modifySignal, publishSignal, triggerSignal } from "~/models/signals.server";
import { getDb } from "~/platform/db.server";
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
import { callRoute, getRequest, thrownResponse, routeArgs } from "../support/http";

const BASE = "http://localhost";
/** Levels no other number on the page could spell by chance. */
const SECRET = { entryPrice: 1.23457, sl: 1.22913, tp1: 1.24681, tp2: 1.25779 };
const LEVEL_TEXTS = Object.values(SECRET).map(String);

let adminId: number;
let subscriberCookie: string;
let userCookie: string;
let strategyId: number;

interface PageEvent {
  seq: number;
  type: string;
  payload: string | null;
  salt: string | null;
  payloadHash: string;
  hash: string;
  verified: boolean;
}

function publishSecret(overrides: Partial<SignalInput> = {}) {
  return publishSignal(validSignalInput(strategyId, new Date(Date.now() + DAY), { ...SECRET, entryMethod: "limit", ...overrides }), adminId);
}

async function load(id: number | string, cookie?: string) {
  const response = await callRoute(loader, getRequest(`${BASE}/signals/${id}`, { cookie }), { id: String(id) });
  expect(response.status).toBe(200);
  const text = await response.text();
  return { text, data: JSON.parse(text) };
}

function renderPage(data: Record<string, unknown>, id: number): string {
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
  adminId = createUser({ role: "admin", firstName: "Ada" }).id;
  const subscriber = createUser({ firstName: "Sam" }).id;
  const user = createUser({ firstName: "Uma" }).id;
  strategyId = insertStrategy({ slug: "london-breakout", name: "London Breakout" }).id;
  insertSubscription(subscriber, "pro");
  insertStrategyAccess(subscriber, [strategyId]);
  subscriberCookie = await signedInCookie(subscriber);
  userCookie = await signedInCookie(user);
});

describe("/signals/:id", () => {
  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["999999", "0", "abc", "1.5"]) {
      const response = await thrownResponse(() => loader(routeArgs(getRequest(`${BASE}/signals/${id}`), { id })));
      expect(response.status).toBe(404);
    }
  });

  it("locks an open signal for visitors and other users: no level in the data or the HTML, hashes shown, every event verified", async () => {
    const signal = publishSecret();
    modifySignal(signal.id, { sl: 1.2295 });
    for (const cookie of [undefined, userCookie]) {
      const { text, data } = await load(signal.id, cookie);
      for (const level of [...LEVEL_TEXTS, "1.2295"]) expect(text).not.toContain(level);
      expect(data.signal).toMatchObject({ id: signal.id, status: "PENDING", locked: true, entryPrice: null, sl: null });
      expect(data.strategy).toEqual({ name: "London Breakout", slug: "london-breakout" });
      expect(data.events.map((e: PageEvent) => e.type)).toEqual(["published", "modified"]);
      for (const event of data.events as PageEvent[]) {
        expect(event).toMatchObject({ payload: null, salt: null, verified: true });
        expect(event.payloadHash).toMatch(/^[0-9a-f]{64}$/);
      }
      const html = renderPage(data, signal.id);
      for (const level of ["1.23457", "1.22913", "1.24681", "1.25779", "1.22950"]) expect(html).not.toContain(level);
      expect(html).toContain("Pending");
      expect(html).toContain(data.events[0].hash);
      expect(html).toContain('href="/strategies/london-breakout"');
      expect(html.match(/data-testid="event-verified"/g)).toHaveLength(2);
      expect(html).not.toContain("/tools?");
    }
  });

  it("says what would unlock a locked signal: a free trial for a visitor, an upgrade for a member without a plan", async () => {
    const signal = publishSecret();
    const visitor = await load(signal.id);
    expect(visitor.data.unlock).toEqual({ viewer: "visitor" });
    const visitorHtml = renderPage(visitor.data, signal.id);
    expect(visitorHtml).toContain("Start a free trial");
    expect(visitorHtml).not.toContain("Subscribe to unlock");
    const member = await load(signal.id, userCookie);
    expect(member.data.unlock).toMatchObject({ viewer: "member", plan: null });
    const memberHtml = renderPage(member.data, signal.id);
    expect(memberHtml).toContain('href="/portal/account/subscription"');
    expect(memberHtml).toContain("Upgrade");
  });

  it("shows an entitled subscriber the levels and every payload while it is open", async () => {
    const signal = publishSecret();
    triggerSignal(signal.id, { fillPrice: 1.2346 });
    const { data } = await load(signal.id, subscriberCookie);
    expect(data.signal).toMatchObject({ status: "ACTIVE", locked: false, entryPrice: 1.23457, sl: 1.22913, fillPrice: 1.2346 });
    expect(data.events.map((e: PageEvent) => e.type)).toEqual(["published", "triggered"]);
    expect(data.events.every((e: PageEvent) => e.payload !== null && e.salt !== null && e.verified)).toBe(true);
    expect(JSON.parse(data.events[0].payload)).toMatchObject({ entryPrice: 1.23457, sl: 1.22913 });
    const html = renderPage(data, signal.id);
    expect(html).toContain("1.23457");
    expect(html).toContain('data-testid="event-payload"');
    // "Size this trade" opens /tools with the signal's levels at the subscriber's template (Balanced by default: 1%).
    expect(html).toContain("/tools?symbol=EURUSD&amp;entryPrice=1.23457&amp;stopLoss=1.22913");
    expect(data.sizeRiskPercent).toBe(1);
  });

  it("reveals everything to a visitor once it ends, with the outcome", async () => {
    const signal = publishSecret({ entryMethod: "market" });
    closeSignal(signal.id, { exitPrice: 1.24681, reason: "TP1" });
    const { data } = await load(signal.id);
    expect(data.signal).toMatchObject({ status: "CLOSED", locked: false, entryPrice: 1.23457, exitPrice: 1.24681, closeReason: "TP1" });
    expect(data.signal.resultPips).toBeCloseTo(122.4, 1);
    expect(data.events.every((e: PageEvent) => e.payload !== null && e.verified)).toBe(true);
    const html = renderPage(data, signal.id);
    expect(html).toContain('data-testid="signal-outcome"');
    expect(html).toContain("+122.4 pips");
    const tags = (meta as unknown as (args: { data: unknown }) => Array<{ title?: string }>)({ data });
    expect(tags[0]?.title).toBe(`EURUSD LONG signal #${signal.id} | FX Trader`);
  });

  // Drops the append-only triggers of this file's database: keep it last.
  it("marks an event not verified when a stored byte was changed, and the event after a changed hash", async () => {
    const signal = publishSecret({ entryMethod: "market" });
    closeSignal(signal.id, { exitPrice: 1.2346, reason: "MANUAL" });
    const before = (await load(signal.id)).data.events as PageEvent[];
    expect(before.map((e) => e.verified)).toEqual([true, true]);

    const sqlite = getDb().$client;
    sqlite.exec("DROP TRIGGER signal_events_no_update; DROP TRIGGER signal_events_no_delete;");
    const [published, closed] = before as [PageEvent, PageEvent];
    sqlite.prepare("UPDATE signal_events SET payload = replace(payload, '1.23457', '1.23456') WHERE seq = ?").run(published.seq);
    let page = (await load(signal.id)).data as { events: PageEvent[]; drift: Array<{ field: string }> };
    let events = page.events;
    // The changed payload folds to another entry than the row's: no event is marked verified beside that mismatch.
    expect(events.map((e) => e.verified)).toEqual([false, false]);
    expect(page.drift.map((d) => d.field)).toContain("entryPrice");
    expect(events[0]!.payload).toContain("1.23456");

    sqlite.prepare("UPDATE signal_events SET payload = ?, hash = ? WHERE seq = ?").run(published.payload, "f".repeat(64), published.seq);
    events = (await load(signal.id)).data.events as PageEvent[];
    // The first event's own hash no longer matches its fields, and the next one no longer links to it.
    expect(events.map((e) => e.verified)).toEqual([false, false]);

    sqlite.prepare("UPDATE signal_events SET hash = ? WHERE seq = ?").run(published.hash, published.seq);
    sqlite.prepare("UPDATE signal_events SET recorded_at = recorded_at + 1000 WHERE seq = ?").run(closed.seq);
    page = (await load(signal.id)).data as { events: PageEvent[]; drift: Array<{ field: string }> };
    // A changed time of record is in no fold: only that event fails its hash.
    expect(page.drift).toEqual([]);
    expect(page.events.map((e) => e.verified)).toEqual([true, false]);
  });
});
