/**
 * The authorization matrix: every loader and action in app/routes, called
 * with a real Request as an anonymous visitor, a user, a second user, an
 * admin, the user's API key and the admin's API key, against this file's
 * temporary SQLite database seeded like a fresh install. The table is
 * tests/support/route-access.ts; a route file it does not classify fails here.
 * Then: a second user never reaches the first user's sessions, API keys, MT5
 * queue or profile.
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { blogPosts, strategies } from "../../db/schema";
import { seedDatabase } from "../../db/seed";
import { createLocalAccount } from "~/models/accounts.server";
import { generateApiKey, listApiKeys } from "~/models/api-keys.server";
import { queueSignalForMt5 } from "~/models/mt5.server";
import { listSessions } from "~/models/sessions.server";
import { getUserByEmail, getUserById, toPublicUser, type PublicUser } from "~/models/users.server";
import { listSignalsForViewer } from "~/models/signals.server";
import { getDb } from "~/platform/db.server";
import { DAY, signedInSession } from "../support/fixtures";
import { callRoute, formRequest, getRequest, jsonRequest, nextIp, type RouteArgs } from "../support/http";
import {
  ROUTE_ACCESS,
  ROUTES_DIR,
  routeFiles,
  routePattern,
  routeUrl,
  type Access,
  type HandlerAccess,
  type ParamSource,
} from "../support/route-access";

const BASE = "http://localhost";
const CALLERS = ["anonymous", "user", "second user", "admin", "user's API key", "admin's API key"] as const;
type Caller = (typeof CALLERS)[number];
type Method = "GET" | "POST";
type Handler = (args: RouteArgs) => unknown;

interface World {
  trader: PublicUser;
  second: PublicUser;
  admin: PublicUser;
  traderKey: string;
  secondKey: string;
  adminKey: string;
  params: Record<ParamSource, string>;
  strategyId: number;
}
let world: World;

beforeAll(async () => {
  await seedDatabase(getDb(), { demoPassword: "fxtrader-demo", includeDemoAccounts: true });
  const second = await createLocalAccount({ email: "second@example.com", password: "second-password", firstName: "Sam", lastName: "Second" });
  const trader = toPublicUser(getUserByEmail("trader@example.com")!);
  const admin = toPublicUser(getUserByEmail("admin@example.com")!);
  const alpha = getDb().select().from(strategies).all().find((s) => s.slug === "alpha-swing")!;
  const post = getDb().select({ slug: blogPosts.slug }).from(blogPosts).limit(1).get()!;
  world = {
    trader,
    second: toPublicUser(second),
    admin,
    traderKey: generateApiKey(trader.id).key,
    secondKey: generateApiKey(second.id).key,
    adminKey: generateApiKey(admin.id).key,
    params: { strategySlug: alpha.slug, strategyId: String(alpha.id), blogSlug: post.slug, unknown: "no-such-page" },
    strategyId: alpha.id,
  };
});

/** The headers a caller sends: a fresh session cookie for signed-in callers (so a logout in one cell ends no other), a Bearer key for keys. */
async function callerHeaders(caller: Caller): Promise<Record<string, string>> {
  const session = async (user: PublicUser) => ({ Cookie: (await signedInSession(user.id)).cookie });
  switch (caller) {
    case "anonymous":
      return {};
    case "user":
      return session(world.trader);
    case "second user":
      return session(world.second);
    case "admin":
      return session(world.admin);
    case "user's API key":
      return { Authorization: `Bearer ${world.traderKey}` };
    case "admin's API key":
      return { Authorization: `Bearer ${world.adminKey}` };
  }
}

function jsonProbe(name: NonNullable<HandlerAccess["json"]>): unknown {
  switch (name) {
    case "valid-signal":
      return {
        strategyId: world.strategyId,
        symbol: "EURUSD",
        side: "LONG",
        entryJson: { price: 1.085, method: "market" },
        sl: 1.08,
        tpJson: { tp1: 1.09, tp2: 1.1 },
        expiresAt: new Date(Date.now() + DAY).toISOString(),
      };
    case "valid-position-size":
      return { accountBalance: 10000, riskPercent: 1, entryPrice: 1.085, stopLoss: 1.08 };
    case "valid-risk-of-ruin":
      return { winRate: 55, riskReward: 1.5, riskPerTrade: 1 };
  }
}

/** Calls `file`'s loader (GET) or action (POST) with the table's probe, as `caller`. */
async function probe(file: string, method: Method, caller: Caller): Promise<Response> {
  const entry = ROUTE_ACCESS[file]!;
  const handler = entry[method]!;
  const pattern = routePattern(file);
  const paramValues = Object.fromEntries(Object.entries(entry.params ?? {}).map(([name, source]) => [name, world.params[source]]));
  const url = `${BASE}${routeUrl(pattern, paramValues, method === "POST")}`;
  const headers = { ...(await callerHeaders(caller)), "X-Forwarded-For": nextIp(), Origin: BASE };
  const request =
    method === "GET"
      ? getRequest(url, { headers })
      : handler.json
        ? jsonRequest(url, jsonProbe(handler.json), { headers })
        : formRequest(url, handler.form ?? {}, { headers });
  const module = (await import(join(ROUTES_DIR, file))) as { loader?: Handler; action?: Handler };
  const run = method === "GET" ? module.loader! : module.action!;
  return callRoute(run, request, { ...paramValues });
}

type Expectation = { status: number; location?: string };

const SIGN_IN = "/api/login?returnTo=";

/** What `caller` must get from a handler of class `access` whose allowed callers get `allowed`. */
function expectationFor(access: Access, caller: Caller, allowed: number): Expectation {
  const signedIn = caller === "user" || caller === "second user" || caller === "admin";
  const admin = caller === "admin" || caller === "admin's API key";
  const signIn = { status: 302, location: SIGN_IN };
  switch (access) {
    case "public":
      return { status: allowed };
    case "guest":
      return signedIn ? { status: 302, location: "/dashboard" } : { status: allowed };
    case "signed-in":
      return signedIn ? { status: allowed } : signIn;
    case "session-page":
      return signedIn ? { status: allowed } : { status: 302, location: "/" };
    case "admin":
      if (!signedIn) return signIn;
      return caller === "admin" ? { status: allowed } : { status: 403 };
    case "api-user":
      return caller === "anonymous" ? { status: 401 } : { status: allowed };
    case "api-session":
      return signedIn ? { status: allowed } : { status: 401 };
    case "api-admin":
      if (caller === "anonymous") return { status: 401 };
      return admin ? { status: allowed } : { status: 403 };
  }
}

describe("the access table", () => {
  it("classifies every file in app/routes, and lists no file that does not exist", () => {
    const files = routeFiles();
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => !(file in ROUTE_ACCESS)), "route files missing from ROUTE_ACCESS").toEqual([]);
    expect(Object.keys(ROUTE_ACCESS).filter((file) => !files.includes(file)), "ROUTE_ACCESS entries without a file").toEqual([]);
  });

  it.each(Object.keys(ROUTE_ACCESS))("%s: GET and POST in the table match the loader and action the module exports", async (file) => {
    const module = (await import(join(ROUTES_DIR, file))) as Record<string, unknown>;
    const entry = ROUTE_ACCESS[file]!;
    expect({ GET: typeof module.loader === "function", POST: typeof module.action === "function" }).toEqual({
      GET: entry.GET !== undefined,
      POST: entry.POST !== undefined,
    });
  });
});

const cells = Object.entries(ROUTE_ACCESS).flatMap(([file, entry]) =>
  (["GET", "POST"] as const).flatMap((method) => {
    const handler = entry[method];
    if (!handler) return [];
    return CALLERS.map((caller) => ({ file, method, caller, access: handler.access, allowed: handler.allowed }));
  }),
);

describe("every loader and action × every kind of caller", () => {
  it.each(cells)("$file $method ($access) as $caller", async ({ file, method, caller, access, allowed }) => {
    const expected = expectationFor(access, caller, allowed);
    const response = await probe(file, method, caller);
    expect(response.status).toBe(expected.status);
    if (expected.location) expect(response.headers.get("Location") ?? "").toMatch(new RegExp(`^${expected.location.replace(/[?]/g, "\\?")}`));
    if (expected.status === 401) expect(response.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
  });
});

// ---------------------------------------------------------------- one user's data, another user's requests

async function route(file: string): Promise<{ loader?: Handler; action?: Handler }> {
  return (await import(join(ROUTES_DIR, file))) as { loader?: Handler; action?: Handler };
}

describe("a second user never reaches the first user's data", () => {
  it("cannot sign out the first user's session, by its page handle or its raw id (404); it stays signed in", async () => {
    const { loader, action } = await route("portal.account.security.tsx");
    const first = await signedInSession(world.trader.id);
    const firstOther = await signedInSession(world.trader.id);
    const page = (await (await callRoute(loader!, getRequest(`${BASE}/portal/account/security`, { cookie: first.cookie }))).json()) as {
      sessions: { handle: string; current: boolean }[];
    };
    const handles = page.sessions.filter((s) => !s.current).map((s) => s.handle);
    expect(handles.length).toBeGreaterThan(0);
    const second = await signedInSession(world.second.id);
    for (const sessionId of [...handles, firstOther.sessionId]) {
      const response = await callRoute(
        action!,
        formRequest(`${BASE}/portal/account/security`, { intent: "revoke", sessionId }, { cookie: second.cookie, headers: { Origin: BASE } }),
      );
      expect(response.status).toBe(404);
    }
    expect(listSessions(world.trader.id).map((s) => s.id)).toEqual(expect.arrayContaining([first.sessionId, firstOther.sessionId]));
  });

  it("cannot revoke or regenerate the first user's API key (404); the key keeps working", async () => {
    const { action } = await route("portal.account.api.tsx");
    const key = generateApiKey(world.trader.id);
    const second = await signedInSession(world.second.id);
    for (const intent of ["revoke", "regenerate"]) {
      const response = await callRoute(
        action!,
        formRequest(`${BASE}/portal/account/api`, { intent, keyId: String(key.record.id) }, { cookie: second.cookie, headers: { Origin: BASE } }),
      );
      expect(response.status).toBe(404);
    }
    expect(listApiKeys(world.trader.id).find((k) => k.id === key.record.id)?.revokedAt).toBeNull();
    const { loader } = await route("api.auth.user.ts");
    const me = await callRoute(loader!, getRequest(`${BASE}/api/auth/user`, { headers: { Authorization: `Bearer ${key.key}` } }));
    expect(((await me.json()) as { id: number }).id).toBe(world.trader.id);
  });

  it("never reads the first user's MT5 queue, by session or by key", async () => {
    const active = listSignalsForViewer(world.trader, { limit: 100 }).find((s) => s.status === "ACTIVE" && !s.locked);
    expect(active, "the seed gives the trader an unlocked ACTIVE signal").toBeDefined();
    expect(queueSignalForMt5(world.trader, active!.id)).toBe("queued");
    const { loader } = await route("api.mt5.queue.ts");
    const read = async (headers: Record<string, string>) =>
      ((await (await callRoute(loader!, getRequest(`${BASE}/api/mt5/queue?after=0`, { headers }))).json()) as { items: { signal: { id: number } }[] }).items;
    const second = await signedInSession(world.second.id);
    expect(await read({ Authorization: `Bearer ${world.secondKey}` })).toEqual([]);
    expect(await read({ Cookie: second.cookie })).toEqual([]);
    expect((await read({ Authorization: `Bearer ${world.traderKey}` })).map((item) => item.signal.id)).toContain(active!.id);
  });

  it.each(["api.auth.user.ts", "api.me.ts", "api.user.subscription.ts", "api.user.strategy-access.ts"])(
    "%s answers with the caller's own record, whatever user id the query names",
    async (file) => {
      const { loader } = await route(file);
      const pattern = routeUrl(routePattern(file), {});
      const asSecond = await callRoute(loader!, getRequest(`${BASE}${pattern}?userId=${world.trader.id}&id=${world.trader.id}`, { headers: { Authorization: `Bearer ${world.secondKey}` } }));
      const asTrader = await callRoute(loader!, getRequest(`${BASE}${pattern}`, { headers: { Authorization: `Bearer ${world.traderKey}` } }));
      expect(asSecond.status).toBe(200);
      expect(asTrader.status).toBe(200);
      const secondBody = await asSecond.text();
      expect(secondBody).not.toContain(world.trader.email);
      expect(secondBody).not.toBe(await asTrader.text());
    },
  );

  it("updates only the viewer's profile, ignoring a user id in the form", async () => {
    const { action } = await route("portal.account._index.tsx");
    const second = await signedInSession(world.second.id);
    const response = await callRoute(
      action!,
      formRequest(
        `${BASE}/portal/account?index`,
        { intent: "update-profile", firstName: "Changed", lastName: "Name", email: "second@example.com", userId: String(world.trader.id), id: String(world.trader.id) },
        { cookie: second.cookie, headers: { Origin: BASE } },
      ),
    );
    expect(response.status).toBe(302);
    expect(getUserById(world.second.id)?.firstName).toBe("Changed");
    expect(getUserById(world.trader.id)?.firstName).toBe(world.trader.firstName);
  });
});
