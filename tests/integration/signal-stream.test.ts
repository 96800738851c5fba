/**
 * GET /api/signals/stream: Server-Sent Events of new ledger events for the
 * viewer, levels null for strategies they are not entitled to, resumed from
 * Last-Event-ID, against this file's SQLite database.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { generateApiKey } from "~/models/api-keys.server";
import { closeSignal, publishSignal } from "~/models/signals.server";
import { loader } from "~/routes/api.signals.stream";
import { createUser, DAY, insertStrategy, insertStrategyAccess, insertSubscription, validSignalInput } from "../support/fixtures";
import { callRoute, getRequest } from "../support/http";

const URL_ = "http://localhost/api/signals/stream";
let adminId: number;
let alphaId: number;
let betaId: number;
let traderKey: string;

interface StreamEvent {
  id: string;
  event: string;
  data: { eventId: string; seq: number; type: string; signal: { id: number; strategyId: number; entryPrice: number | null; locked: boolean; status: string } };
}

/** Opens the stream and collects events until `count` arrived (or 5 s passed), then disconnects. */
async function collect(count: number, headers: Record<string, string>, during?: () => void): Promise<{ status: number; type: string | null; events: StreamEvent[]; raw: string }> {
  const abort = new AbortController();
  const request = new Request(URL_, { headers, signal: abort.signal });
  const response = await callRoute(loader, request);
  if (response.status !== 200) return { status: response.status, type: response.headers.get("Content-Type"), events: [], raw: "" };
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let raw = "";
  const events: StreamEvent[] = [];
  const deadline = Date.now() + 5_000;
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

  it("streams new events as they are appended, with levels locked for strategies the viewer is not entitled to", async () => {
    const { status, type, events, raw } = await collect(2, { Authorization: `Bearer ${traderKey}` }, () => {
      publish(alphaId);
      publish(betaId);
    });
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/event-stream/);
    expect(raw).toMatch(/^retry: 3000/);
    expect(events.map((e) => [e.event, e.data.signal.strategyId, e.data.signal.locked])).toEqual([
      ["signal.published", alphaId, false],
      ["signal.published", betaId, true],
    ]);
    expect(events[0]!.data.signal.entryPrice).toBe(1.085);
    expect(events[1]!.data.signal.entryPrice).toBeNull();
    expect(events[0]!.id).toBe(String(events[0]!.data.seq));
    expect(events[0]!.data.eventId).toBe(`evt_${events[0]!.data.seq}`);
  });

  it("resumes after Last-Event-ID", async () => {
    const signal = publish(alphaId);
    closeSignal(signal.id, { exitPrice: 1.09, reason: "TP1" }, new Date());
    const all = await collect(4, { Authorization: `Bearer ${traderKey}`, "Last-Event-ID": "0" });
    expect(all.events.map((e) => Number(e.id))).toEqual([1, 2, 3, 4]);
    const resumed = await collect(1, { Authorization: `Bearer ${traderKey}`, "Last-Event-ID": "3" });
    expect(resumed.events.map((e) => [Number(e.id), e.event, e.data.signal.status])).toEqual([[4, "signal.closed", "CLOSED"]]);
  });

  it("refuses a Last-Event-ID that is not a seq", async () => {
    const { status } = await collect(1, { Authorization: `Bearer ${traderKey}`, "Last-Event-ID": "abc" });
    expect(status).toBe(400);
  });
});
