/**
 * GET /api/signals/stream: Server-Sent Events of new ledger events of the
 * strategies the viewer follows (all for an admin, one for a visitor's
 * ?strategy=slug), levels null for strategies they are not entitled to,
 * resumed from Last-Event-ID, at most 5 streams per user, against this
 * file's SQLite database.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_STREAMS_PER_USER } from "~/domain/delivery";
import { generateApiKey } from "~/models/api-keys.server";
import { getLedgerHead } from "~/models/ledger.server";
import { closeSignal, publishSignal } from "~/models/signals.server";
import { loader } from "~/routes/api.signals.stream";
import { createUser, DAY, insertStrategy, insertStrategyAccess, insertSubscription, validSignalInput } from "../support/fixtures";
import { callRoute, getRequest } from "../support/http";

const URL_ = "http://localhost/api/signals/stream";
let adminId: number;
let alphaId: number;
let betaId: number;
let traderKey: string;
let adminKey: string;

interface StreamEvent {
  id: string;
  event: string;
  data: { eventId: string; seq: number; type: string; signal: { id: number; strategyId: number; entryPrice: number | null; locked: boolean; status: string } };
}

/** Opens the stream and collects events until `count` arrived (or 5 s passed), then disconnects. */
function collect(count: number, headers: Record<string, string>, during?: () => void) {
  return collectAt(URL_, count, headers, during);
}

/** `collect` at `url` (e.g. with `?strategy=`). */
async function collectAt(url: string, count: number, headers: Record<string, string>, during?: () => void): Promise<{ status: number; type: string | null; events: StreamEvent[]; raw: string }> {
  const abort = new AbortController();
  const request = new Request(url, { headers, signal: abort.signal });
  const response = await callRoute(loader, request);
  if (response.status !== 200) return { status: response.status, type: response.headers.get("Content-Type"), events: [], raw: "" };
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let raw = "";
  const events: StreamEvent[] = [];
  const deadline = Date.now() + (count === 0 ? 300 : 5_000);
  let first = true;
  let pending = reader.read();
  while (events.length < count && Date.now() < deadline) {
    const chunk = await Promise.race([pending, new Promise<null>((resolve) => setTimeout(() => resolve(null), 200))]);
    if (first) {
      first = false;
      during?.();
    }
    if (!chunk) continue;
    if (chunk.done) break;
    pending = reader.read();
    raw += decoder.decode(chunk.value);
    events.length = 0;
    for (const block of raw.split("\n\n")) {
      const id = /^id: (.*)$/m.exec(block)?.[1];
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (id && event && data) events.push({ id, event, data: JSON.parse(data) });
    }
  }
  abort.abort();
  return { status: 200, type: response.headers.get("Content-Type"), events, raw };
}

beforeAll(() => {
  adminId = createUser({ role: "admin", firstName: "Ada" }).id;
  adminKey = generateApiKey(adminId).key;
  alphaId = insertStrategy({ slug: "alpha-swing", name: "Alpha Swing" }).id;
  betaId = insertStrategy({ slug: "london-breakout", name: "London Breakout" }).id;
  const trader = createUser({ firstName: "Tia" });
  insertSubscription(trader.id, "starter");
  insertStrategyAccess(trader.id, [alphaId]);
  traderKey = generateApiKey(trader.id).key;
});

const publish = (strategyId: number) => publishSignal(validSignalInput(strategyId, new Date(Date.now() + DAY)), adminId);

describe("GET /api/signals/stream", () => {
  it("needs a session or an API key", async () => {
    const response = await callRoute(loader, getRequest(URL_));
    expect(response.status).toBe(401);
  });

  it("streams the new events of the strategies the viewer follows, as they are appended", async () => {
    const { status, type, events, raw } = await collect(2, { Authorization: `Bearer ${traderKey}` }, () => {
      publish(betaId);
      publish(alphaId);
      publish(betaId);
      publish(alphaId);
    });
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/event-stream/);
    expect(raw).toMatch(/^retry: 3000/);
    expect(events.map((e) => [e.event, e.data.signal.strategyId, e.data.signal.locked])).toEqual([
      ["signal.published", alphaId, false],
      ["signal.published", alphaId, false],
    ]);
    expect(raw).not.toContain(`"strategyId":${betaId}`);
    expect(events[0]!.data.signal.entryPrice).toBe(1.085);
    expect(events[0]!.id).toBe(String(events[0]!.data.seq));
    expect(events[0]!.data.eventId).toBe(`evt_${events[0]!.data.seq}`);
  });

  it("sends an admin every strategy, and a visitor the one strategy of ?strategy=slug with its levels locked", async () => {
    const admin = await collect(2, { Authorization: `Bearer ${adminKey}` }, () => {
      publish(alphaId);
      publish(betaId);
    });
    expect(admin.events.map((e) => e.data.signal.strategyId)).toEqual([alphaId, betaId]);
    const visitor = await collectAt(`${URL_}?strategy=london-breakout`, 1, {}, () => {
      publish(alphaId);
      publish(betaId);
    });
    expect(visitor.events.map((e) => [e.data.signal.strategyId, e.data.signal.locked, e.data.signal.entryPrice])).toEqual([[betaId, true, null]]);
    expect(visitor.raw).not.toContain(`"strategyId":${alphaId}`);
    expect((await collectAt(`${URL_}?strategy=no-such-strategy`, 1, {})).status).toBe(404);
  });

  it("allows a user 5 streams at once and refuses a sixth with a 429 problem until one closes", async () => {
    const opened = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_USER }, async () => {
        const abort = new AbortController();
        const response = await callRoute(loader, new Request(URL_, { headers: { Authorization: `Bearer ${traderKey}` }, signal: abort.signal }));
        return { abort, response };
      }),
    );
    expect(opened.map((o) => o.response.status)).toEqual(Array(MAX_STREAMS_PER_USER).fill(200));
    const refused = await callRoute(loader, getRequest(URL_, { headers: { Authorization: `Bearer ${traderKey}` } }));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Content-Type")).toMatch(/application\/problem\+json/);
    expect(((await refused.json()) as { detail?: string; title?: string })).toMatchObject({ status: 429 });
    expect((await collect(0, { Authorization: `Bearer ${adminKey}` })).status).toBe(200);
    opened[0]!.abort.abort();
    const again = await collect(0, { Authorization: `Bearer ${traderKey}` });
    expect(again.status).toBe(200);
    for (const { abort } of opened) abort.abort();
  });

  it("resumes after Last-Event-ID", async () => {
    const before = getLedgerHead()!.seq;
    const signal = publish(alphaId);
    closeSignal(signal.id, { exitPrice: 1.09, reason: "TP1" }, new Date());
    const all = await collect(2, { Authorization: `Bearer ${traderKey}`, "Last-Event-ID": String(before) });
    expect(all.events.map((e) => Number(e.id))).toEqual([before + 1, before + 2]);
    const resumed = await collect(1, { Authorization: `Bearer ${traderKey}`, "Last-Event-ID": String(before + 1) });
    expect(resumed.events.map((e) => [Number(e.id), e.event, e.data.signal.status])).toEqual([[before + 2, "signal.closed", "CLOSED"]]);
  });

  it("refuses a Last-Event-ID that is not a seq", async () => {
    const { status } = await collect(1, { Authorization: `Bearer ${traderKey}`, "Last-Event-ID": "abc" });
    expect(status).toBe(400);
  });
});
