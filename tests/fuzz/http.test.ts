/**
 * Property-based fuzzing of the production build over HTTP, on a temporary
 * seeded database: every /api route and every page and form action (the route
 * list comes from app/routes, so a new route is fuzzed without editing this
 * file) gets random and hostile requests; no response may be a 5xx, leak a
 * stack trace or a file path, or be a 4xx that does not say what was wrong
 * (tests/fuzz/checks.ts). Afterwards the server must still answer quickly.
 *
 * FUZZ_RUNS (default 2000) random cases in all, FUZZ_SEED (default 20261123,
 * or "random") fixes them; `npm run fuzz -- --runs 20000 --seed random` for long runs.
 */
import { METHODS } from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyLimitFor, largeBodyPaths } from "../../server/app";
import { isCrossSite, isMalformedPath, SAFE_METHODS } from "../../server/guards";
import { MAX_BODY_BYTES } from "~/services/http.server";
import { MAX_PRICES_BODY_BYTES } from "~/schemas/prices";
import {
  appModels,
  DEMO_ACCOUNTS,
  prepareHarnessDatabase,
  send,
  signIn,
  startAppServer,
  whoAmI,
  type AppServer,
} from "../../harness/app-server";
import type { HarnessDatabase } from "../../harness/production-build";
import { routeFiles, routePattern, routeUrl } from "../support/route-access";
import { describeCase, requestArbitrary, type FuzzCase, type KnownParams } from "./cases";
import { responseFaults } from "./checks";
import { formVocabulary } from "./vocabulary";

const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const SEED = process.env.FUZZ_SEED === "random" ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? 20261123);
/** Time allowed for one property: generous, about 150 ms a case. */
const PROPERTY_TIMEOUT = Math.max(120_000, RUNS * 150);

let db: HarnessDatabase;
let server: AppServer;
let models: Awaited<ReturnType<typeof appModels>>;
let ids: { user: number; admin: number };
let keys: { user: string; admin: string };
let known: KnownParams;
const vocabulary = formVocabulary();

beforeAll(async () => {
  console.log(`fuzz: ${RUNS} random cases, seed ${SEED}`);
  db = await prepareHarnessDatabase();
  server = await startAppServer(db.databasePath);
  ids = {
    user: (await whoAmI(server, await signIn(server, DEMO_ACCOUNTS.trader))).id,
    admin: (await whoAmI(server, await signIn(server, DEMO_ACCOUNTS.admin))).id,
  };
  models = await appModels(server);
  keys = { user: models.createApiKey(ids.user), admin: models.createApiKey(ids.admin) };
  const strategies = JSON.parse((await send(server, { path: "/api/strategies" })).body) as { id: number; slug: string }[];
  const posts = JSON.parse((await send(server, { path: "/api/blog?limit=5" })).body) as { slug: string }[];
  known = {
    slug: [...strategies.map((s) => s.slug), ...posts.map((p) => p.slug)],
    strategyId: strategies.map((s) => String(s.id)),
  };
}, 120_000);

afterAll(async () => {
  await server?.stop();
  db?.remove();
});

/** The caller's credentials (a fresh session for signed-in callers) and the Origin header. */
async function credentials(c: FuzzCase): Promise<Record<string, string>> {
  const origins: Record<FuzzCase["origin"], Record<string, string>> = {
    same: { Origin: server.url },
    none: {},
    cross: { Origin: "https://evil.example" },
    null: { Origin: "null" },
    "same-other-host": { Origin: server.url, Host: "fx-trader.internal:3000" },
    "same-forwarded-host": { Origin: server.url, "X-Forwarded-Host": "other.example" },
  };
  const origin = origins[c.origin];
  switch (c.caller) {
    case "anonymous":
      return origin;
    case "user":
      return { ...origin, Cookie: await models.sessionCookie(ids.user) };
    case "admin":
      return { ...origin, Cookie: await models.sessionCookie(ids.admin) };
    case "user-key":
      return { ...origin, Authorization: `Bearer ${keys.user}` };
    case "admin-key":
      return { ...origin, Authorization: `Bearer ${keys.admin}` };
    case "forged-cookie":
      return { ...origin, Cookie: "__session=InNlc3Npb24taWQi.forgedsignature; __flash=e30%3D.x" };
    case "unknown-key":
      return { ...origin, Authorization: `Bearer fxt_${"A".repeat(43)}` };
    case "malformed-authorization":
      return { ...origin, Authorization: "Basic YWRtaW46YWRtaW4=" };
  }
}

/** Sends one case; resolves with the faults found (empty when the response is acceptable). */
async function faultsOf(c: FuzzCase): Promise<string[]> {
  const headers = { ...c.headers, ...(await credentials(c)) };
  try {
    const response = await send(server, { method: c.method, path: c.path, headers, body: c.body, timeoutMs: 20_000 });
    const faults = responseFaults(c, response);
    return faults.length ? [`${faults.join("; ")} ← ${describeCase(c)} → ${response.status} ${JSON.stringify(response.body.slice(0, 300))}`] : [];
  } catch (error) {
    if (refusedByTheParser(c, headers, error) || refusedBeforeTheBody(c, headers, error)) return [];
    return [`no response (${(error as Error).message}) ← ${describeCase(c)}`];
  }
}

/**
 * Node's HTTP parser answers 400/431 and closes the connection for an unknown
 * method or headers over 16 KB, and Node's server closes a CONNECT it has no
 * tunnel for; the client may see only the reset while still sending.
 */
function refusedByTheParser(c: FuzzCase, headers: Record<string, string>, error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== "ECONNRESET" && code !== "EPIPE") return false;
  if (c.method === "CONNECT") return true;
  const headerBytes = Buffer.byteLength(c.path) + Object.entries(headers).reduce((sum, [name, value]) => sum + Buffer.byteLength(name) + Buffer.byteLength(value), 0);
  return !METHODS.includes(c.method) || headerBytes > 16 * 1024;
}

/**
 * The server's guards answer before reading the body and close the
 * connection (server/guards.ts `refuse`): 400 to a path with a broken
 * %-escape, 403 to an unsafe method sent from another site, 413 to a body
 * over its path's limit. A client still sending the body may see only the
 * reset. Decided with the guards' own predicates on the headers sent.
 */
function refusedBeforeTheBody(c: FuzzCase, headers: Record<string, string>, error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  if ((code !== "ECONNRESET" && code !== "EPIPE") || c.body === undefined) return false;
  if (Buffer.byteLength(c.body) > bodyLimitFor(c.path, MAX_BODY_BYTES, largeBodyPaths({ MAX_PRICES_BODY_BYTES })) || isMalformedPath(c.path.split("?")[0]!)) return true;
  const sent = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return !SAFE_METHODS.has(c.method) && isCrossSite({ ...sent, host: new URL(server.url).host }, [server.url]);
}

async function assertCase(c: FuzzCase): Promise<void> {
  const faults = await faultsOf(c);
  if (faults.length) throw new Error(`${faults.join("\n")}\n--- server output (last lines) ---\n${server.output().slice(-3_000)}`);
}

const files = routeFiles();
const apiRoutes = files.filter((file) => file.startsWith("api."));
const pageRoutes = files.filter((file) => !file.startsWith("api."));

describe("fuzzing the production server", () => {
  it("every route answers every common method and content type without a fault", { timeout: 120_000 }, async () => {
    const bodies: Record<string, string> = {
      "application/x-www-form-urlencoded": "intent=x&email=a%40b.co&__proto__=1",
      "application/json": '{"intent":"x","__proto__":{"role":"admin"},"limit":1e999}',
      "text/plain": "hello",
      "application/octet-stream": "\u0000\u0001binary",
      "multipart/form-data": "--x\r\n",
      "": "a=1",
    };
    const faults: string[] = [];
    for (const file of files) {
      const pattern = routePattern(file);
      const params = Object.fromEntries(pattern.params.map((name) => [name, known[name]?.[0] ?? "no-such-thing"]));
      for (const method of ["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]) {
        faults.push(...(await faultsOf({ route: file, method, path: routeUrl(pattern, params), caller: "anonymous", origin: "same", headers: {} })));
      }
      for (const caller of ["anonymous", "admin"] as const) {
        for (const [contentType, body] of Object.entries(bodies)) {
          const headers: Record<string, string> = contentType ? { "Content-Type": contentType } : {};
          faults.push(...(await faultsOf({ route: file, method: "POST", path: routeUrl(pattern, params, true), caller, origin: "same", headers, body })));
        }
      }
    }
    expect(faults).toEqual([]);
  });

  it(`/api routes: ${Math.ceil(RUNS / 2)} random and hostile requests`, { timeout: PROPERTY_TIMEOUT }, async () => {
    await fc.assert(fc.asyncProperty(requestArbitrary(apiRoutes, vocabulary, known), assertCase), { seed: SEED, numRuns: Math.ceil(RUNS / 2) });
  });

  it(`pages and form actions: ${Math.floor(RUNS / 2)} random and hostile requests`, { timeout: PROPERTY_TIMEOUT }, async () => {
    await fc.assert(fc.asyncProperty(requestArbitrary(pageRoutes, vocabulary, known, { postWeight: 6 }), assertCase), {
      seed: SEED + 1,
      numRuns: Math.floor(RUNS / 2),
    });
  });

  it("the server is still up and answers quickly afterwards", async () => {
    expect(server.exited()).toBe(false);
    for (const path of ["/", "/api/strategies"]) {
      const response = await send(server, { path, timeoutMs: 5_000 });
      expect(response.status, path).toBe(200);
      expect(response.ms, `${path} answered in ${response.ms} ms`).toBeLessThan(2_000);
    }
  });
});
