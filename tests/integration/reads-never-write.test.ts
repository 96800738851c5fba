/**
 * Reads never write (docs/decisions/0143-reads-never-write.md): every loader
 * in app/routes (pages and GET /api, the list in tests/support/route-access.ts)
 * is called with a real GET Request as an anonymous visitor, a subscriber
 * whose paid period ended with its renewal not yet run, and an admin:
 * - on the primary, the app's connection must show no change: neither
 *   `total_changes()` (its own writes) nor `PRAGMA data_version` (another
 *   connection's commits) moves;
 * - on a replica (LiteFS's `.primary` file present) with the connection made
 *   read-only (`PRAGMA query_only = ON`, so any write throws SQLITE_READONLY),
 *   every caller, the subscriber's API key and a session due its last-seen
 *   touch included, gets the answer the primary gives, never an error.
 * The two writes a read may make on the primary (session last-seen, API-key
 * metering) are listed below with their reason and pinned to their tables.
 */
import { createHash } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { blogPosts, sessions, strategies, subscriptions } from "../../db/schema";
import { seedDatabase } from "../../db/seed";
import { generateApiKey } from "~/models/api-keys.server";
import { getUserByEmail, toPublicUser, type PublicUser } from "~/models/users.server";
import { getDb } from "~/platform/db.server";
import { DAY, signedInSession } from "../support/fixtures";
import { callRoute, getRequest, nextIp, type RouteArgs } from "../support/http";
import { ROUTE_ACCESS, ROUTES_DIR, routePattern, routeUrl, type ParamSource } from "../support/route-access";

// The app runs under a LiteFS mount: the database's own folder (env.server.ts requires DATABASE_PATH directly in it).
const mountDir = vi.hoisted(() => {
  const dir = process.env.DATABASE_PATH!.replace(/[/\\][^/\\]+$/, "");
  process.env.LITEFS_DIR = dir;
  return dir;
});
const PRIMARY_FILE = join(mountDir, ".primary");

const BASE = "http://localhost";
const PRIMARY_CALLERS = ["anonymous", "subscriber", "admin"] as const;
const REPLICA_CALLERS = [...PRIMARY_CALLERS, "subscriber (session due its touch)", "subscriber's API key"] as const;
type Caller = (typeof REPLICA_CALLERS)[number];
type Handler = (args: RouteArgs) => unknown;

let subscriber: PublicUser;
let admin: PublicUser;
let subscriberKey: string;
let params: Record<ParamSource, string>;

/**
 * The writes a GET may make, on the primary only (a replica skips them:
 * `canWriteHere`), each with its reason; the exceptions test pins each to
 * exactly these tables.
 */
const WRITE_EXCEPTIONS = {
  sessionTouch: {
    tables: ["sessions"],
    reason: "a session's last-seen time, at most once a minute: the sliding expiry and the device list of /portal/account/security need it",
  },
  apiKeyMetering: {
    tables: ["api_keys", "api_usage"],
    reason: "an API key's last use and its monthly request count: the API_MONTHLY_LIMIT quota is enforced from the count",
  },
  writeProbe: {
    files: ["status.tsx", "api.status.ts"],
    reason: "the status report proves the database takes writes: one row inside BEGIN IMMEDIATE, rolled back, so no table changes",
  },
} as const;
const WRITE_PROBE_FILES: readonly string[] = WRITE_EXCEPTIONS.writeProbe.files;

beforeAll(async () => {
  await seedDatabase(getDb(), { demoPassword: "fxtrader-demo", includeDemoAccounts: true });
  subscriber = toPublicUser(getUserByEmail("trader@example.com")!);
  admin = toPublicUser(getUserByEmail("admin@example.com")!);
  subscriberKey = generateApiKey(subscriber.id).key;
  // The paid period ended an hour ago and the scheduled renewal has not run: the case where a read once settled it.
  getDb()
    .update(subscriptions)
    .set({ endDate: new Date(Date.now() - 3_600_000) })
    .where(eq(subscriptions.userId, subscriber.id))
    .run();
  const alpha = getDb().select().from(strategies).all().find((s) => s.slug === "alpha-swing")!;
  const post = getDb().select({ slug: blogPosts.slug }).from(blogPosts).limit(1).get()!;
  params = { strategySlug: alpha.slug, strategyId: String(alpha.id), blogSlug: post.slug, unknown: "no-such-page" };
});

afterAll(() => {
  getDb().$client.pragma("query_only = OFF");
  rmSync(PRIMARY_FILE, { force: true });
});

/** A new session for `user`; `stale` backdates its last-seen time past the touch interval. */
async function sessionCookie(user: PublicUser, stale = false): Promise<string> {
  const { cookie, sessionId } = await signedInSession(user.id);
  if (stale) getDb().update(sessions).set({ lastSeenAt: new Date(Date.now() - DAY) }).where(eq(sessions.id, sessionId)).run();
  return cookie;
}

/** The headers of `caller`, made before any measurement (creating a session is a write). */
async function callerHeaders(caller: Caller): Promise<Record<string, string>> {
  switch (caller) {
    case "anonymous":
      return {};
    case "subscriber":
      return { Cookie: await sessionCookie(subscriber) };
    case "subscriber (session due its touch)":
      return { Cookie: await sessionCookie(subscriber, true) };
    case "admin":
      return { Cookie: await sessionCookie(admin) };
    case "subscriber's API key":
      return { Authorization: `Bearer ${subscriberKey}` };
  }
}

/** What shows a write on the app's connection: its own changes, and commits by any other connection. */
function writeMarks(): { totalChanges: number; dataVersion: number } {
  const client = getDb().$client;
  return {
    totalChanges: client.prepare("SELECT total_changes() AS n").pluck().get() as number,
    dataVersion: client.pragma("data_version", { simple: true }) as number,
  };
}

/** SHA-256 of every row of every table, per table. */
function tableDigests(): Record<string, string> {
  const client = getDb().$client;
  const tables = client.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
  return Object.fromEntries(
    tables.map((name) => {
      const rows = client.prepare(`SELECT * FROM "${name}"`).all().map((row) => JSON.stringify(row)).sort();
      return [name, createHash("sha256").update(JSON.stringify(rows)).digest("hex")];
    }),
  );
}

/** The tables whose contents `run` changed. */
async function tablesChangedBy(run: () => Promise<unknown>): Promise<string[]> {
  const before = tableDigests();
  await run();
  const after = tableDigests();
  return Object.keys(after).filter((name) => after[name] !== before[name]).sort();
}

/** Calls `file`'s loader with a GET as `headers` sends it. */
async function get(file: string, headers: Record<string, string>): Promise<Response> {
  const entry = ROUTE_ACCESS[file]!;
  const values = Object.fromEntries(Object.entries(entry.params ?? {}).map(([name, source]) => [name, params[source]]));
  const url = `${BASE}${routeUrl(routePattern(file), values)}`;
  const module = (await import(join(ROUTES_DIR, file))) as { loader: Handler };
  return callRoute(module.loader, getRequest(url, { headers: { ...headers, "X-Forwarded-For": nextIp() } }), values);
}

const loaderFiles = Object.keys(ROUTE_ACCESS).filter((file) => ROUTE_ACCESS[file]!.GET);

/** Status each primary caller got, per file, for the replica to match. */
const primaryStatus = new Map<string, number>();

describe("on the primary, a GET changes nothing", () => {
  it("covers every loader, pages and /api", () => {
    expect(loaderFiles.filter((file) => file.startsWith("api.")).length).toBeGreaterThan(20);
    expect(loaderFiles.filter((file) => !file.startsWith("api.")).length).toBeGreaterThan(20);
  });

  it.each(loaderFiles.flatMap((file) => PRIMARY_CALLERS.map((caller) => ({ file, caller }))))("$file as $caller", async ({ file, caller }) => {
    const headers = await callerHeaders(caller);
    const before = writeMarks();
    const probes = WRITE_PROBE_FILES.includes(file);
    let response!: Response;
    const run = async () => {
      response = await get(file, headers);
    };
    // Table digests are slow: only the write probe's pages, whose change count moves, need them.
    if (probes) expect(await tablesChangedBy(run), "tables the GET changed").toEqual([]);
    else await run();
    const after = writeMarks();
    expect(after.dataVersion, "another connection committed during the GET").toBe(before.dataVersion);
    // The write probe's one rolled-back row is the only change a GET may count; any other is a write.
    expect(after.totalChanges - before.totalChanges, "rows the GET wrote").toBe(probes ? 1 : 0);
    expect(response.status).toBeLessThan(500);
    primaryStatus.set(`${file} ${caller}`, response.status);
  });
});

describe("on a read-only replica connection, every GET answers as on the primary", () => {
  beforeAll(() => {
    writeFileSync(PRIMARY_FILE, "fx-primary.internal");
  });

  it.each(loaderFiles.flatMap((file) => REPLICA_CALLERS.map((caller) => ({ file, caller }))))("$file as $caller", async ({ file, caller }) => {
    const headers = await callerHeaders(caller);
    const before = writeMarks();
    getDb().$client.pragma("query_only = ON");
    let response: Response;
    try {
      response = await get(file, headers);
    } finally {
      getDb().$client.pragma("query_only = OFF");
    }
    expect(writeMarks(), "the GET wrote to the database").toEqual(before);
    expect(response.status).toBeLessThan(500);
    const onPrimary = primaryStatus.get(`${file} ${caller}`);
    if (onPrimary !== undefined) expect(response.status).toBe(onPrimary);
  });

  it("refuses a write on the connection while it is read-only (the check above can fail)", () => {
    getDb().$client.pragma("query_only = ON");
    try {
      expect(() => getDb().update(sessions).set({ lastSeenAt: new Date() }).run()).toThrow(/readonly/);
    } finally {
      getDb().$client.pragma("query_only = OFF");
    }
  });
});

describe("the listed exceptions: on the primary only, and only their own tables", () => {
  beforeAll(() => {
    rmSync(PRIMARY_FILE, { force: true });
  });

  it(`session touch: ${WRITE_EXCEPTIONS.sessionTouch.reason}`, async () => {
    const headers = await callerHeaders("subscriber (session due its touch)");
    expect(await tablesChangedBy(() => get("portal.dashboard.tsx", headers))).toEqual([...WRITE_EXCEPTIONS.sessionTouch.tables]);
    expect(await tablesChangedBy(() => get("portal.dashboard.tsx", headers)), "touched at most once a minute").toEqual([]);
  });

  it(`API-key metering: ${WRITE_EXCEPTIONS.apiKeyMetering.reason}`, async () => {
    const headers = await callerHeaders("subscriber's API key");
    expect(await tablesChangedBy(() => get("api.signals._index.ts", headers))).toEqual([...WRITE_EXCEPTIONS.apiKeyMetering.tables]);
  });
});
