/**
 * API keys: generation (hash only), Bearer authentication on every GET /api
 * route with the owner's entitlements, revocation, regeneration, ownership
 * checks on the /portal/account/api actions, and the monthly usage limit.
 * Real loaders and actions against this file's temporary SQLite database.
 */
import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { beforeAll, describe, expect, it } from "vitest";
import { apiKeys, apiUsage } from "../../db/schema";
import {
  API_MONTHLY_LIMIT,
  ApiKeyLimitError,
  generateApiKey,
  hashApiKey,
  listApiKeys,
  MAX_ACTIVE_API_KEYS,
  revokeApiKey,
  usageMonth,
  usageThisMonth,
} from "~/models/api-keys.server";
import * as authUser from "~/routes/api.auth.user";
import * as me from "~/routes/api.me";
import * as mt5Queue from "~/routes/api.mt5.queue";
import * as signalsIndex from "~/routes/api.signals._index";
import * as signalsByStrategy from "~/routes/api.signals.strategy.$strategyId";
import * as strategyBySlug from "~/routes/api.strategies.$slug";
import * as strategiesIndex from "~/routes/api.strategies._index";
import * as strategyAccessRoute from "~/routes/api.user.strategy-access";
import * as userSubscription from "~/routes/api.user.subscription";
import * as page from "~/routes/portal.account.api";
import { getDb } from "~/platform/db.server";
import { createUser, insertSignals, insertStrategy, insertStrategyAccess, insertSubscription, minutesAgo, signedInCookie } from "../support/fixtures";
import { callRoute, formRequest, getRequest, type RouteArgs } from "../support/http";

const BASE = "http://localhost";

type Handler = (args: RouteArgs) => unknown;

interface Fixtures {
  alpha: number;
  beta: number;
  activeAlphaSignal: number;
  subscriberId: number;
  freeUserId: number;
  otherUserId: number;
  heavyUserId: number;
  subscriberCookie: string;
  freeCookie: string;
  otherCookie: string;
}
let fx: Fixtures;

function get(
  handler: Handler,
  path: string,
  options: { key?: string; authorization?: string; cookie?: string; params?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (options.key) headers.Authorization = `Bearer ${options.key}`;
  if (options.authorization !== undefined) headers.Authorization = options.authorization;
  return callRoute(handler, getRequest(`${BASE}${path}`, { cookie: options.cookie, headers }), options.params);
}

/** The /portal/account/api page's loader, signed in when `cookie` is given. */
function loadPage(cookie?: string): Promise<Response> {
  return callRoute(page.loader, getRequest(`${BASE}/portal/account/api`, { cookie }));
}

function postPage(cookie: string, values: Record<string, string>): Promise<Response> {
  return callRoute(page.action, formRequest(`${BASE}/portal/account/api`, values, { cookie }));
}

/** Every GET /api route that exists, with the path and params to call it. */
function everyRoute(): { name: string; handler: Handler; path: string; params?: Record<string, string> }[] {
  return [
    { name: "/api/auth/user", handler: authUser.loader as Handler, path: "/api/auth/user" },
    { name: "/api/me", handler: me.loader as Handler, path: "/api/me" },
    { name: "/api/user/subscription", handler: userSubscription.loader as Handler, path: "/api/user/subscription" },
    { name: "/api/user/strategy-access", handler: strategyAccessRoute.loader as Handler, path: "/api/user/strategy-access" },
    { name: "/api/signals", handler: signalsIndex.loader as Handler, path: "/api/signals?limit=50" },
    {
      name: "/api/signals/strategy/{id}",
      handler: signalsByStrategy.loader as Handler,
      path: `/api/signals/strategy/${fx.alpha}`,
      params: { strategyId: String(fx.alpha) },
    },
    { name: "/api/strategies", handler: strategiesIndex.loader as Handler, path: "/api/strategies" },
    { name: "/api/strategies/{slug}", handler: strategyBySlug.loader as Handler, path: "/api/strategies/alpha-swing", params: { slug: "alpha-swing" } },
    { name: "/api/mt5/queue", handler: mt5Queue.loader as Handler, path: "/api/mt5/queue" },
  ];
}

function storedKeyRows() {
  return getDb().select().from(apiKeys).all();
}

function keyRow(id: number) {
  return getDb().select().from(apiKeys).where(eq(apiKeys.id, id)).get()!;
}

beforeAll(async () => {
  const now = Date.now();
  const alpha = insertStrategy({ slug: "alpha-swing", name: "Alpha Swing" });
  const beta = insertStrategy({ slug: "london-breakout", name: "London Breakout" });
  const [activeAlpha] = insertSignals([
    { strategyId: alpha.id, createdAt: minutesAgo(5, now), tp2: 1.095 },
    { strategyId: beta.id, createdAt: minutesAgo(10, now), tp2: 1.095 },
    { strategyId: alpha.id, createdAt: minutesAgo(20, now), tp2: 1.095, status: "CLOSED", closedAt: new Date(now) },
  ]);
  const subscriber = createUser({ email: "sub@example.com", firstName: "Sam" });
  const freeUser = createUser({ email: "free@example.com", firstName: "Fay" });
  const other = createUser({ email: "other@example.com", firstName: "Otto" });
  const heavy = createUser({ email: "heavy@example.com", firstName: "Hal" });
  insertSubscription(subscriber.id, "pro");
  insertStrategyAccess(subscriber.id, [alpha.id]);
  fx = {
    alpha: alpha.id,
    beta: beta.id,
    activeAlphaSignal: activeAlpha!.id,
    subscriberId: subscriber.id,
    freeUserId: freeUser.id,
    otherUserId: other.id,
    heavyUserId: heavy.id,
    subscriberCookie: await signedInCookie(subscriber.id),
    freeCookie: await signedInCookie(freeUser.id),
    otherCookie: await signedInCookie(other.id),
  };
});

describe("generateApiKey", () => {
  it("returns an fxt_ key once and stores only its SHA-256 hash and 12-character prefix", () => {
    const { key, record } = generateApiKey(fx.freeUserId);
    expect(key).toMatch(/^fxt_[A-Za-z0-9_-]{43}$/);
    expect(record.prefix).toBe(key.slice(0, 12));
    const row = keyRow(record.id);
    expect(row.keyHash).toBe(hashApiKey(key));
    expect(row.userId).toBe(fx.freeUserId);
    for (const stored of storedKeyRows()) {
      expect(Object.values(stored).some((value) => String(value).includes(key))).toBe(false);
    }
    expect(JSON.stringify(listApiKeys(fx.freeUserId))).not.toContain(row.keyHash);
    revokeApiKey(fx.freeUserId, record.id);
  });

  it("makes a different key each time", () => {
    const a = generateApiKey(fx.heavyUserId);
    const b = generateApiKey(fx.heavyUserId);
    expect(a.key).not.toBe(b.key);
    revokeApiKey(fx.heavyUserId, a.record.id);
    revokeApiKey(fx.heavyUserId, b.record.id);
  });

  it(`allows at most ${MAX_ACTIVE_API_KEYS} active keys per user`, () => {
    const made = Array.from({ length: MAX_ACTIVE_API_KEYS }, () => generateApiKey(fx.otherUserId));
    expect(() => generateApiKey(fx.otherUserId)).toThrow(ApiKeyLimitError);
    revokeApiKey(fx.otherUserId, made[0]!.record.id);
    const another = generateApiKey(fx.otherUserId);
    for (const { record } of [...made, another]) revokeApiKey(fx.otherUserId, record.id);
  });
});

describe("/portal/account/api page", () => {
  it("redirects signed-out visitors to sign in", async () => {
    const res = await loadPage();
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/api\/login\?returnTo=/);
  });

  it("Generate New Key returns the key in the action data only (no cookie, no URL) with the spec's toast", async () => {
    const res = await postPage(fx.subscriberCookie, { intent: "generate" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect(res.headers.get("Location")).toBeNull();
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const reply = await res.json();
    const body = reply.data;
    expect(reply).toMatchObject({
      intent: "generate",
      data: { toast: { title: "API Key Generated", description: "Your new API key has been generated. Please store it securely." } },
    });
    expect(body.key).toMatch(/^fxt_/);
    expect(body.prefix).toBe(body.key.slice(0, 12));
    for (const stored of storedKeyRows()) {
      expect(Object.values(stored).some((value) => String(value).includes(body.key))).toBe(false);
    }

    const list = await loadPage(fx.subscriberCookie);
    const data = await list.json();
    const text = JSON.stringify(data);
    expect(text).not.toContain(body.key);
    expect(text).not.toContain(hashApiKey(body.key));
    expect(data.keys[0]).toMatchObject({ prefix: body.prefix, status: "active", lastUsedAt: null, revokedAt: null });
    expect(data.usage).toMatchObject({ limit: 10_000 });
    revokeApiKey(fx.subscriberId, data.keys[0].id);
  });

  it("renders (server side, as without JavaScript) the new key masked and in plain text, the toast text, the list and usage", async () => {
    const generatedRes = await postPage(fx.freeCookie, { intent: "generate" });
    const actionData = await generatedRes.json();
    const generated = actionData.data;
    const loaderRes = await loadPage(fx.freeCookie);
    const loaderData = await loaderRes.json();
    const id = "routes/portal.account.api";
    const router = createMemoryRouter([{ id, path: "/portal/account/api", Component: page.default, loader: () => loaderData }], {
      initialEntries: ["/portal/account/api"],
      hydrationData: { loaderData: { [id]: loaderData }, actionData: { [id]: actionData } },
    });
    const original = console.error;
    console.error = (...args: unknown[]) => {
      if (typeof args[0] === "string" && args[0].includes("useLayoutEffect does nothing on the server")) return;
      original(...args);
    };
    let html: string;
    try {
      html = renderToString(createElement(RouterProvider, { router }));
    } finally {
      console.error = original;
    }
    // Masked, read-only field holding the key.
    const input = /<input[^>]*id="new-api-key"[^>]*>/.exec(html)?.[0] ?? "";
    expect(input).toContain('type="password"');
    expect(input).toMatch(/readonly=""/i);
    expect(input).toContain(`value="${generated.key}"`);
    // Plain selectable text and the toast text for browsers without JavaScript.
    const noscript = [...html.matchAll(/<noscript>([\s\S]*?)<\/noscript>/g)].map((m) => m[1]).join("");
    expect(noscript).toContain(generated.key);
    expect(noscript).toContain("API Key Generated");
    expect(noscript).toContain("Your new API key has been generated. Please store it securely.");
    // Show/Copy need JavaScript, so they appear only after hydration.
    expect(html).not.toMatch(/>Show<|>Copy</);
    expect(html).toContain("Generate New Key");
    expect(html).toContain(`${generated.prefix}…`);
    expect(html).toMatch(/<progress[^>]*max="100"/);
    expect(html).toMatch(/>0<\/span> \/ 10,000 requests/);
    expect(html).toContain("/api/signals?limit=5");
    expect(html).toContain('curl -H &quot;Authorization: Bearer &lt;key&gt;&quot;');
    expect(page.meta({} as never)).toEqual([{ title: "API Access | FX Trader" }]);
    revokeApiKey(fx.freeUserId, loaderData.keys[0].id);
  });

  it("answers 415 (not 500) to a JSON body", async () => {
    const request = new Request(`${BASE}/portal/account/api`, {
      method: "POST",
      body: JSON.stringify({ intent: "generate" }),
      headers: { "Content-Type": "application/json", Cookie: fx.subscriberCookie },
    });
    expect((await callRoute(page.action, request)).status).toBe(415);
  });

  it("answers 400 to an unknown intent and to a missing key id", async () => {
    expect((await postPage(fx.subscriberCookie, { intent: "explode" })).status).toBe(400);
    expect((await postPage(fx.subscriberCookie, { intent: "revoke" })).status).toBe(400);
    expect((await postPage(fx.subscriberCookie, { intent: "regenerate", keyId: "abc" })).status).toBe(400);
  });
});

describe("Bearer API keys on every GET /api route", () => {
  it("authenticates every route as the key's owner", async () => {
    const { key } = generateApiKey(fx.subscriberId);
    for (const route of everyRoute()) {
      const res = await get(route.handler, route.path, { key, params: route.params });
      expect(res.status, route.name).toBe(200);
    }
    const user = await (await get(authUser.loader as Handler, "/api/auth/user", { key })).json();
    expect(user).toMatchObject({ id: fx.subscriberId, email: "sub@example.com" });
  });

  it("applies the owner's entitlements: a subscriber's key unlocks what a free user's key does not", async () => {
    const subscriberKey = generateApiKey(fx.subscriberId).key;
    const freeKey = generateApiKey(fx.freeUserId).key;

    const subMe = await (await get(me.loader as Handler, "/api/me", { key: subscriberKey })).json();
    const freeMe = await (await get(me.loader as Handler, "/api/me", { key: freeKey })).json();
    expect(subMe.entitlements.strategyAccess).toEqual([fx.alpha]);
    expect(freeMe).toMatchObject({ subscription: { status: "FREE", planName: "Free" }, entitlements: { strategyAccess: [] } });

    expect(await (await get(strategyAccessRoute.loader as Handler, "/api/user/strategy-access", { key: subscriberKey })).json()).toEqual([fx.alpha]);
    expect((await (await get(userSubscription.loader as Handler, "/api/user/subscription", { key: subscriberKey })).json()).planName).toBe("Pro");
    expect((await (await get(userSubscription.loader as Handler, "/api/user/subscription", { key: freeKey })).json()).status).toBe("FREE");

    type S = { id: number; locked: boolean; entryPrice: number | null };
    const find = (list: S[]) => list.find((s) => s.id === fx.activeAlphaSignal)!;
    const subSignals: S[] = await (await get(signalsIndex.loader as Handler, "/api/signals?limit=50", { key: subscriberKey })).json();
    const freeSignals: S[] = await (await get(signalsIndex.loader as Handler, "/api/signals?limit=50", { key: freeKey })).json();
    expect(find(subSignals)).toMatchObject({ locked: false, entryPrice: 1.085 });
    expect(find(freeSignals)).toMatchObject({ locked: true, entryPrice: null });

    const params = { strategyId: String(fx.alpha) };
    const path = `/api/signals/strategy/${fx.alpha}`;
    const subByStrategy: S[] = await (await get(signalsByStrategy.loader as Handler, path, { key: subscriberKey, params })).json();
    const freeByStrategy: S[] = await (await get(signalsByStrategy.loader as Handler, path, { key: freeKey, params })).json();
    expect(find(subByStrategy).locked).toBe(false);
    expect(find(freeByStrategy).locked).toBe(true);
  });

  it("refuses an unknown key with 401 on every route, public ones included", async () => {
    const bogus = `fxt_${"A".repeat(43)}`;
    for (const route of everyRoute()) {
      const res = await get(route.handler, route.path, { key: bogus, params: route.params });
      expect(res.status, route.name).toBe(401);
      expect(res.headers.get("Content-Type")).toMatch(/application\/problem\+json/);
    }
  });

  it("refuses a malformed Authorization header with 401", async () => {
    const { key } = generateApiKey(fx.subscriberId);
    for (const authorization of ["Basic dXNlcjpwYXNz", "Bearer", "Bearer ", key, `Bearer ${key} extra`]) {
      const res = await get(me.loader as Handler, "/api/me", { authorization });
      expect(res.status, authorization).toBe(401);
    }
  });

  it("still answers 401 to signed-out callers without a key on protected routes", async () => {
    expect((await get(me.loader as Handler, "/api/me")).status).toBe(401);
    expect((await get(mt5Queue.loader as Handler, "/api/mt5/queue")).status).toBe(401);
  });
});

describe("revoking and regenerating", () => {
  it("a revoked key gets 401 at once", async () => {
    const { key, record } = generateApiKey(fx.subscriberId);
    expect((await get(me.loader as Handler, "/api/me", { key })).status).toBe(200);

    const res = await postPage(fx.subscriberCookie, { intent: "revoke", keyId: String(record.id) });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/portal/account/api");
    expect(res.headers.get("Set-Cookie")).toBeTruthy();
    expect(keyRow(record.id).revokedAt).toBeInstanceOf(Date);

    expect((await get(me.loader as Handler, "/api/me", { key })).status).toBe(401);
    expect((await get(signalsIndex.loader as Handler, "/api/signals", { key })).status).toBe(401);
    // Revoking again is refused: it is no longer an active key.
    expect((await postPage(fx.subscriberCookie, { intent: "revoke", keyId: String(record.id) })).status).toBe(404);
  });

  it("regenerate revokes the old key and returns a working new one", async () => {
    const old = generateApiKey(fx.subscriberId);
    const res = await postPage(fx.subscriberCookie, { intent: "regenerate", keyId: String(old.record.id) });
    expect(res.status).toBe(200);
    const reply = await res.json();
    const body = reply.data;
    expect(reply).toMatchObject({ intent: "regenerate", data: { toast: { title: "API Key Generated" } } });
    expect(body.key).not.toBe(old.key);

    expect((await get(me.loader as Handler, "/api/me", { key: old.key })).status).toBe(401);
    const fresh = await get(authUser.loader as Handler, "/api/auth/user", { key: body.key });
    expect(fresh.status).toBe(200);
    expect((await fresh.json()).id).toBe(fx.subscriberId);
    const rows = listApiKeys(fx.subscriberId);
    expect(rows.find((k) => k.id === old.record.id)?.revokedAt).toBeInstanceOf(Date);
    expect(rows[0]).toMatchObject({ prefix: body.prefix, revokedAt: null });
  });

  it("another user cannot revoke or regenerate someone else's key", async () => {
    const owners = generateApiKey(fx.subscriberId);
    const keyId = String(owners.record.id);

    const revoke = await postPage(fx.otherCookie, { intent: "revoke", keyId });
    expect(revoke.status).toBe(404);
    const regenerate = await postPage(fx.otherCookie, { intent: "regenerate", keyId });
    expect(regenerate.status).toBe(404);
    const body = await regenerate.json();
    expect(body.submission.error[""]).toEqual(["That key was not found or is already revoked."]);
    expect(body.data).toBeUndefined();
    expect(JSON.stringify(body)).not.toMatch(/fxt_/);

    expect(keyRow(owners.record.id).revokedAt).toBeNull();
    expect((await get(me.loader as Handler, "/api/me", { key: owners.key })).status).toBe(200);

    // Nor see it: the other user's page lists only their own keys.
    const list = await loadPage(fx.otherCookie);
    const data = (await list.json()) as { keys: { id: number }[] };
    expect(data.keys.map((k) => k.id)).not.toContain(owners.record.id);
    expect(revokeApiKey(fx.otherUserId, owners.record.id)).toBe(false);
  });
});

describe("usage and the monthly limit", () => {
  it("counts each keyed request this month and shows the count on the page", async () => {
    const { key } = generateApiKey(fx.freeUserId);
    const before = usageThisMonth(fx.freeUserId).requests;
    await get(signalsIndex.loader as Handler, "/api/signals", { key });
    await get(strategiesIndex.loader as Handler, "/api/strategies", { key });
    await get(me.loader as Handler, "/api/me", { key });
    const after = usageThisMonth(fx.freeUserId);
    expect(after.requests).toBe(before + 3);
    expect(after.limit).toBe(API_MONTHLY_LIMIT);
    const now = new Date();
    expect(after.resetsAt.toISOString()).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString());

    // Session requests (no key) are not counted.
    await get(me.loader as Handler, "/api/me", { cookie: fx.freeCookie });
    expect(usageThisMonth(fx.freeUserId).requests).toBe(before + 3);

    const res = await loadPage(fx.freeCookie);
    const data = await res.json();
    expect(data.usage).toMatchObject({ requests: before + 3, limit: 10_000 });
  });

  it("updates lastUsedAt when a key is used", async () => {
    const { key, record } = generateApiKey(fx.freeUserId);
    expect(keyRow(record.id).lastUsedAt).toBeNull();
    const started = Date.now();
    await get(me.loader as Handler, "/api/me", { key });
    const used = keyRow(record.id).lastUsedAt;
    expect(used).toBeInstanceOf(Date);
    expect(used!.getTime()).toBeGreaterThanOrEqual(started - 1000);
  });

  it("answers 429 with a numeric Retry-After once the 10,000 monthly requests are used", async () => {
    const { key } = generateApiKey(fx.heavyUserId);
    const month = usageMonth(new Date());
    const db = getDb();
    db.insert(apiUsage)
      .values({ userId: fx.heavyUserId, month, requests: API_MONTHLY_LIMIT - 1 })
      .onConflictDoUpdate({ target: [apiUsage.userId, apiUsage.month], set: { requests: API_MONTHLY_LIMIT - 1 } })
      .run();
    // The 10,000th request is still allowed.
    expect((await get(me.loader as Handler, "/api/me", { key })).status).toBe(200);

    db.update(apiUsage)
      .set({ requests: API_MONTHLY_LIMIT })
      .where(and(eq(apiUsage.userId, fx.heavyUserId), eq(apiUsage.month, month)))
      .run();
    for (const route of everyRoute()) {
      const res = await get(route.handler, route.path, { key, params: route.params });
      expect(res.status, route.name).toBe(429);
      const retryAfter = res.headers.get("Retry-After");
      expect(retryAfter).toMatch(/^\d+$/);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      expect(Number(retryAfter)).toBeLessThanOrEqual(31 * 24 * 60 * 60);
    }
    expect(usageThisMonth(fx.heavyUserId).requests).toBeGreaterThan(API_MONTHLY_LIMIT);
  });
});
