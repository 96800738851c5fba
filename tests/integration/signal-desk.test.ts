/**
 * The admin signal desk (/admin/signals): each lifecycle form posted to the
 * page's action (success: redirect, flash toast, row and ledger event written;
 * refusals: 409/400/404 on the right field of the right signal's form, nothing
 * written), admins only; the loader's open and ended lists; and the page
 * rendered with a refusal.
 */
import { asc, eq } from "drizzle-orm";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { beforeAll, describe, expect, it } from "vitest";
import { signalEvents, signals, type Signal } from "../../db/schema";
import AdminSignals, { action, loader } from "~/routes/admin.signals";
import { DESK_OPEN_PAGE_SIZE } from "~/content/signal-desk";
import { publishSignal } from "~/models/signals.server";
import { getDb } from "~/platform/db.server";
import type { SignalInput } from "~/schemas/signal";
import { createUser, DAY, insertStrategy, signedInCookie, validSignalInput } from "../support/fixtures";
import { callRoute, expectSignInRedirect, formRequest, getRequest } from "../support/http";
import { toastOf } from "../support/toast";

const BASE = "http://localhost";

let adminId: number;
let adminCookie: string;
let userCookie: string;
let strategyId: number;

function publish(overrides: Partial<SignalInput> = {}): Signal {
  return publishSignal(validSignalInput(strategyId, new Date(Date.now() + DAY), overrides), adminId);
}

/** A limit signal, PENDING until triggered. */
const pending = () => publish({ entryMethod: "limit" });
/** A market signal, ACTIVE at once (filled at 1.085, SL 1.08, TP1 1.09). */
const active = () => publish();

/** A desk form post, by the admin unless another cookie (null: signed out) is given. */
function post(fields: Record<string, string>, cookie: string | null = adminCookie): Request {
  return formRequest(`${BASE}/admin/signals`, fields, { cookie: cookie ?? undefined });
}

function rowOf(id: number): Signal {
  return getDb().select().from(signals).where(eq(signals.id, id)).get()!;
}

function eventTypes(id: number): string[] {
  return getDb()
    .select({ type: signalEvents.type })
    .from(signalEvents)
    .where(eq(signalEvents.signalId, id))
    .orderBy(asc(signalEvents.seq))
    .all()
    .map((e) => e.type);
}

async function expectDone(response: Response, title: string): Promise<void> {
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/admin/signals");
  expect((await toastOf(response))?.title).toBe(title);
}

async function replyOf(response: Response) {
  return (await response.json()) as { intent: string; submission: { initialValue: Record<string, string>; error: Record<string, string[]> } };
}

/** Server-renders `element`, without React's warning that layout effects do not run on the server. */
function renderQuietly(element: ReactElement): string {
  const original = console.error;
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].includes("useLayoutEffect does nothing on the server")) return;
    original(...args);
  };
  try {
    return renderToString(element);
  } finally {
    console.error = original;
  }
}

beforeAll(async () => {
  adminId = createUser({ email: "admin@desk.dev", role: "admin", firstName: "Ada" }).id;
  const userId = createUser({ email: "user@desk.dev", role: "user", firstName: "Uma" }).id;
  strategyId = insertStrategy({ slug: "alpha-swing", name: "Alpha Swing", instruments: "EURUSD" }).id;
  adminCookie = await signedInCookie(adminId);
  userCookie = await signedInCookie(userId);
});

describe("desk transitions succeed with a redirect, a toast, the row and the event", () => {
  it("trigger: PENDING → ACTIVE at the fill price", async () => {
    const signal = pending();
    const response = await callRoute(action, post({ intent: "trigger", signalId: String(signal.id), fillPrice: "1.0852", at: "" }));
    await expectDone(response, "Signal Triggered");
    expect(await toastOf(response)).toEqual({ title: "Signal Triggered", description: "Trading signal has been marked as filled successfully" });
    expect(rowOf(signal.id)).toMatchObject({ status: "ACTIVE", fillPrice: 1.0852 });
    expect(eventTypes(signal.id)).toEqual(["published", "triggered"]);
  });

  it("trigger back-dated: the event keeps the given UTC time", async () => {
    const signal = publishSignal(validSignalInput(strategyId, new Date(Date.now() + DAY), { entryMethod: "limit" }), adminId, new Date(Date.now() - 3_600_000));
    const at = new Date(Date.now() - 1_800_000).toISOString().slice(0, 16);
    await expectDone(await callRoute(action, post({ intent: "trigger", signalId: String(signal.id), fillPrice: "1.085", at })), "Signal Triggered");
    expect(rowOf(signal.id).triggeredAt?.toISOString().slice(0, 16)).toBe(at);
  });

  it("modify: moves the stop, the original stop stays", async () => {
    const signal = active();
    const response = await callRoute(action, post({ intent: "modify", signalId: String(signal.id), sl: "1.0845", tp1: "1.09", tp2: "1.095" }));
    await expectDone(response, "Signal Updated");
    expect(rowOf(signal.id)).toMatchObject({ sl: 1.0845, originalSl: 1.08, status: "ACTIVE" });
    expect(eventTypes(signal.id)).toEqual(["published", "modified"]);
  });

  it("partial close: half off, half still open", async () => {
    const signal = active();
    const response = await callRoute(action, post({ intent: "partial-close", signalId: String(signal.id), exitPrice: "1.09", fraction: "0.5" }));
    await expectDone(response, "Signal Partially Closed");
    expect(rowOf(signal.id)).toMatchObject({ status: "ACTIVE", remaining: 0.5 });
    expect(eventTypes(signal.id)).toEqual(["published", "partially_closed"]);
  });

  it("close: CLOSED with its outcome", async () => {
    const signal = active();
    const response = await callRoute(action, post({ intent: "close", signalId: String(signal.id), reason: "TP1", exitPrice: "1.09" }));
    await expectDone(response, "Signal Closed");
    expect(rowOf(signal.id)).toMatchObject({ status: "CLOSED", exitPrice: 1.09, closeReason: "TP1", resultPips: 50, resultR: 1 });
    expect(eventTypes(signal.id)).toEqual(["published", "closed"]);
  });

  it("cancel: PENDING → CANCELLED with its note", async () => {
    const signal = pending();
    const response = await callRoute(action, post({ intent: "cancel", signalId: String(signal.id), note: "Setup invalidated" }));
    await expectDone(response, "Signal Cancelled");
    expect(rowOf(signal.id).status).toBe("CANCELLED");
    expect(eventTypes(signal.id)).toEqual(["published", "cancelled"]);
  });
});

describe("desk refusals name the field and the signal, and write nothing", () => {
  it("409 for a wrong state, as a form error of that signal's form", async () => {
    const signal = active();
    const response = await callRoute(action, post({ intent: "trigger", signalId: String(signal.id), fillPrice: "1.085" }));
    expect(response.status).toBe(409);
    const reply = await replyOf(response);
    expect(reply.intent).toBe("trigger");
    expect(reply.submission.initialValue.signalId).toBe(String(signal.id));
    expect(reply.submission.error[""]?.[0]).toMatch(/ACTIVE/);
    const cancelled = await callRoute(action, post({ intent: "cancel", signalId: String(signal.id) }));
    expect(cancelled.status).toBe(409);
    expect(eventTypes(signal.id)).toEqual(["published"]);
  });

  it("400 on the field: the schema's (fraction ≥ 1) and the domain's (stop above a LONG entry, a future time)", async () => {
    const signal = active();
    const fraction = await callRoute(action, post({ intent: "partial-close", signalId: String(signal.id), exitPrice: "1.09", fraction: "1.5" }));
    expect(fraction.status).toBe(400);
    expect((await replyOf(fraction)).submission.error.fraction?.[0]).toMatch(/Fraction must be less than 1/);

    const stop = await callRoute(action, post({ intent: "modify", signalId: String(signal.id), sl: "1.0855" }));
    expect(stop.status).toBe(400);
    expect((await replyOf(stop)).submission.error.sl?.[0]).toMatch(/Stop loss must be below/);

    const future = new Date(Date.now() + DAY).toISOString().slice(0, 16);
    const late = await callRoute(action, post({ intent: "close", signalId: String(signal.id), reason: "MANUAL", exitPrice: "1.086", at: future }));
    expect(late.status).toBe(400);
    expect((await replyOf(late)).submission.error.at).toEqual(["Time cannot be in the future"]);

    const noLevel = await callRoute(action, post({ intent: "modify", signalId: String(signal.id) }));
    expect(noLevel.status).toBe(400);
    expect((await replyOf(noLevel)).submission.error.sl).toEqual(["Give a new stop loss, take profit 1 or take profit 2"]);
    expect(eventTypes(signal.id)).toEqual(["published"]);
  });

  it("404 for an unknown signal and 400 for an unknown intent", async () => {
    const unknown = await callRoute(action, post({ intent: "close", signalId: "999999", reason: "TP1", exitPrice: "1.09" }));
    expect(unknown.status).toBe(404);
    expect((await replyOf(unknown)).submission.error[""]).toEqual(["No signal with id 999999"]);
    const intent = await callRoute(action, post({ intent: "no-such-intent", signalId: "1" }));
    expect(intent.status).toBe(400);
  });

  it("non-admins get 403 and signed-out visitors are sent to sign in; nothing is written", async () => {
    const signal = pending();
    const fields = { intent: "trigger", signalId: String(signal.id), fillPrice: "1.085" };
    expect((await callRoute(action, post(fields, userCookie))).status).toBe(403);
    const signedOut = await callRoute(action, post(fields, null));
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/api\/login\?returnTo=/);
    expectSignInRedirect(await callRoute(loader, getRequest(`${BASE}/admin/signals`)), "/admin/signals");
    expect(rowOf(signal.id).status).toBe("PENDING");
    expect(eventTypes(signal.id)).toEqual(["published"]);
  });
});

describe("the desk page", () => {
  async function desk(query = "") {
    return (await callRoute(loader, getRequest(`${BASE}/admin/signals${query}`, { cookie: adminCookie }))).json();
  }

  it("pages the open signals, DESK_OPEN_PAGE_SIZE at a time, newest first, and a transition returns to the same page", async () => {
    const published = Array.from({ length: DESK_OPEN_PAGE_SIZE + 3 }, () => pending()).map((signal) => signal.id);
    const first = await desk();
    expect(first.open.signals).toHaveLength(DESK_OPEN_PAGE_SIZE);
    expect(first.open.signals.map((s: { id: number }) => s.id)).toEqual(published.slice(-DESK_OPEN_PAGE_SIZE).reverse());
    expect(first.open.newerCursor).toBeNull();
    const older = await desk(`?before=${first.open.olderCursor}`);
    expect(older.open.signals.slice(0, 3).map((s: { id: number }) => s.id)).toEqual(published.slice(0, 3).reverse());
    expect(older.open.newerCursor).toBe(older.open.signals[0].id);
    const back = await desk(`?after=${older.open.newerCursor}`);
    expect(back.open.signals.map((s: { id: number }) => s.id)).toEqual(first.open.signals.map((s: { id: number }) => s.id));
    const done = await callRoute(action, formRequest(`${BASE}/admin/signals?before=${first.open.olderCursor}`, { intent: "cancel", signalId: String(published[0]) }, { cookie: adminCookie }));
    expect(done.headers.get("Location")).toBe(`/admin/signals?before=${first.open.olderCursor}`);
    expect((await callRoute(loader, getRequest(`${BASE}/admin/signals?before=abc`, { cookie: adminCookie }))).status).toBe(400);
  });

  it("lists open signals (PENDING and ACTIVE) and the latest ended ones with their outcome", async () => {
    const open = pending();
    const closed = active();
    await callRoute(action, post({ intent: "close", signalId: String(closed.id), reason: "SL", exitPrice: "1.08" }));
    const data = await desk();
    const openIds = data.open.signals.map((s: { id: number }) => s.id);
    expect(openIds).toContain(open.id);
    expect(openIds).not.toContain(closed.id);
    expect(data.open.signals.every((s: { status: string }) => s.status === "PENDING" || s.status === "ACTIVE")).toBe(true);
    expect(data.ended.find((s: { id: number }) => s.id === closed.id)).toMatchObject({
      status: "CLOSED",
      closeReason: "SL",
      exitPrice: 1.08,
      resultPips: -50,
      resultR: -1,
      strategyName: "Alpha Swing",
    });
  });

  it("renders only the forms each state allows, and a refusal on the right field of the right signal's form", async () => {
    const waiting = pending();
    const live = active();
    const other = active();
    const reply = await replyOf(await callRoute(action, post({ intent: "partial-close", signalId: String(live.id), exitPrice: "0", fraction: "0.5" })));
    const data = await desk();
    const router = createMemoryRouter([{ id: "routes/admin.signals", path: "/admin/signals", Component: AdminSignals, loader: () => data, action: () => reply }], {
      initialEntries: ["/admin/signals"],
      hydrationData: { loaderData: { "routes/admin.signals": data }, actionData: { "routes/admin.signals": reply } },
    });
    const html = renderQuietly(createElement(RouterProvider, { router }));
    const formOf = (id: string) => {
      const start = html.indexOf(`id="${id}"`);
      return start < 0 ? null : html.slice(start, html.indexOf("</form>", start));
    };
    expect(formOf(`trigger-${waiting.id}`)).not.toBeNull();
    expect(formOf(`cancel-${waiting.id}`)).not.toBeNull();
    expect(formOf(`close-${waiting.id}`)).toBeNull();
    expect(formOf(`trigger-${live.id}`)).toBeNull();
    expect(formOf(`cancel-${live.id}`)).toBeNull();
    const message = reply.submission.error.exitPrice![0]!;
    expect(message).toBe("Exit price must be greater than 0");
    expect(formOf(`partial-close-${live.id}`)).toContain(message);
    expect(formOf(`partial-close-${other.id}`)).not.toContain(message);
    expect(formOf(`close-${live.id}`)).not.toContain(message);
  });
});
