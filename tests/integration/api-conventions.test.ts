/**
 * The /api conventions (docs/decisions/0042-api-caching-and-cors.md): ETag and
 * 304, Cache-Control per route, CORS for public reads only, OPTIONS with Allow
 * and the CORS preflight, IETF RateLimit headers on keyed requests; and,
 * against the real server, X-Request-Id, HEAD and the document's route.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateApiKey } from "~/models/api-keys.server";
import { PLAN_RULES } from "~/content/plans";
import * as blogIndex from "~/routes/api.blog._index";
import * as ledgerHead from "~/routes/api.ledger.head";
import * as ledgerIndex from "~/routes/api.ledger._index";
import * as me from "~/routes/api.me";
import * as mt5Queue from "~/routes/api.mt5.queue";
import { publishSignal } from "~/models/signals.server";
import * as openapiJson from "~/routes/api.openapi[.]json";
import { openApiDocumentBody } from "~/services/openapi/document.server";
import * as signalsIndex from "~/routes/api.signals._index";
import * as strategiesIndex from "~/routes/api.strategies._index";
import * as strategyPerformance from "~/routes/api.strategies.$slug.performance";
import * as strategyTrades from "~/routes/api.strategies.$slug.trades[.]csv";
import * as positionSize from "~/routes/api.calculators.position-size";
import { rawRequest, startBuiltServer } from "../support/built-server";
import { createUser, insertStrategy, signedInCookie, validSignalInput } from "../support/fixtures";
import { callRoute, getRequest } from "../support/http";

const BASE = "http://localhost";
let cookie: string;
let apiKey: string;

beforeAll(async () => {
  const strategy = insertStrategy({ slug: "conventions", name: "Conventions" });
  const user = createUser({ firstName: "Cora", role: "admin" });
  for (let i = 0; i < 3; i += 1) publishSignal(validSignalInput(strategy.id, new Date(Date.now() + 86_400_000)), user.id);
  cookie = await signedInCookie(user.id);
  apiKey = generateApiKey(user.id).key;
});

describe("GET /api/openapi.json", () => {
  it("compresses the document once per coding and sends the kept bytes to every later request", async () => {
    const ask = () => callRoute(openapiJson.loader, getRequest(`${BASE}/api/openapi.json`, { headers: { "Accept-Encoding": "gzip" } }));
    const first = await ask();
    expect(first.headers.get("Content-Encoding")).toBe("gzip");
    const made = openApiDocumentBody().encoded.get("gzip");
    expect(made).toBeDefined();
    const second = await ask();
    expect(openApiDocumentBody().encoded.get("gzip")).toBe(made);
    const [a, b] = [Buffer.from(await first.arrayBuffer()), Buffer.from(await second.arrayBuffer())];
    expect(b.equals(a)).toBe(true);
    expect(gunzipSync(a).equals(Buffer.from(openApiDocumentBody().bytes))).toBe(true);
  });
});

describe("ETag and conditional GET", () => {
  it("answers 304 without a body to a matching If-None-Match, and 200 once it does not match", async () => {
    const first = await callRoute(strategiesIndex.loader, getRequest(`${BASE}/api/strategies`));
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^W\/"[\w-]{22}"$/);
    const again = await callRoute(strategiesIndex.loader, getRequest(`${BASE}/api/strategies`, { headers: { "If-None-Match": etag! } }));
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("ETag")).toBe(etag);
    const stale = await callRoute(strategiesIndex.loader, getRequest(`${BASE}/api/strategies`, { headers: { "If-None-Match": 'W/"other"' } }));
    expect(stale.status).toBe(200);
  });
});

describe("Link headers of cursor pages", () => {
  it("name the ledger's next page, keeping the other parameters, and none at the head", async () => {
    const first = await callRoute(ledgerIndex.loader, getRequest(`${BASE}/api/ledger?limit=1`));
    const { nextCursor } = (await first.json()) as { nextCursor: number };
    expect(first.headers.get("Link")).toBe(`</api/ledger?limit=1&after=${nextCursor}>; rel="next"`);
    const head = await callRoute(ledgerIndex.loader, getRequest(`${BASE}/api/ledger?after=${nextCursor}&limit=100`));
    expect(((await head.json()) as { nextCursor: number | null }).nextCursor).toBeNull();
    expect(head.headers.get("Link")).toBeNull();
  });

  it("name the MT5 queue's next poll", async () => {
    const res = await callRoute(mt5Queue.loader, getRequest(`${BASE}/api/mt5/queue?after=0`, { cookie }));
    expect(res.headers.get("Link")).toBe(`</api/mt5/queue?after=0>; rel="next"`);
  });
});

describe("Cache-Control", () => {
  it("caches the catalogue publicly for a minute", async () => {
    const strategies = await callRoute(strategiesIndex.loader, getRequest(`${BASE}/api/strategies`));
    expect(strategies.headers.get("Cache-Control")).toBe("public, max-age=60");
    const blog = await callRoute(blogIndex.loader, getRequest(`${BASE}/api/blog`));
    expect(blog.headers.get("Cache-Control")).toBe("public, max-age=60");
  });

  it("caches public signals briefly for anonymous callers only; private, no-store with a cookie or key", async () => {
    const anonymous = await callRoute(signalsIndex.loader, getRequest(`${BASE}/api/signals`));
    expect(anonymous.headers.get("Cache-Control")).toBe("public, max-age=10");
    expect(anonymous.headers.get("Vary")).toBe("Authorization, Cookie");
    const signedIn = await callRoute(signalsIndex.loader, getRequest(`${BASE}/api/signals`, { cookie }));
    expect(signedIn.headers.get("Cache-Control")).toBe("private, no-store");
    const keyed = await callRoute(signalsIndex.loader, getRequest(`${BASE}/api/signals`, { headers: { Authorization: `Bearer ${apiKey}` } }));
    expect(keyed.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("never caches what is user-specific", async () => {
    const res = await callRoute(me.loader, getRequest(`${BASE}/api/me`, { cookie }));
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  });
});

describe("CORS", () => {
  it("lets any origin read public GETs without credentials", async () => {
    for (const [loader, path] of [
      [strategiesIndex.loader, "/api/strategies"],
      [signalsIndex.loader, "/api/signals"],
      [blogIndex.loader, "/api/blog"],
      [ledgerHead.loader, "/api/ledger/head"],
      [openapiJson.loader, "/api/openapi.json"],
    ] as const) {
      const res = await callRoute(loader, getRequest(`${BASE}${path}`, { headers: { Origin: "https://elsewhere.example" } }));
      expect(res.headers.get("Access-Control-Allow-Origin"), path).toBe("*");
      expect(res.headers.get("Access-Control-Allow-Credentials"), path).toBeNull();
      expect(res.headers.get("Access-Control-Expose-Headers"), path).toContain("ETag");
    }
  });

  it("lets any origin read the public track record, JSON and CSV, and preflight a revalidation", async () => {
    for (const [route, path] of [
      [strategyPerformance, "/api/strategies/all/performance"],
      [strategyTrades, "/api/strategies/all/trades.csv"],
    ] as const) {
      const res = await callRoute(route.loader, getRequest(`${BASE}${path}`, { headers: { Origin: "https://elsewhere.example" } }), { slug: "all" });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Access-Control-Allow-Origin"), path).toBe("*");
      expect(res.headers.get("Cache-Control"), path).toBe("public, max-age=10");
      const preflight = await callRoute(
        route.action,
        getRequest(`${BASE}${path}`, { method: "OPTIONS", headers: { Origin: "https://elsewhere.example", "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "if-none-match" } }),
        { slug: "all" },
      );
      expect(preflight.status, path).toBe(204);
      expect(preflight.headers.get("Access-Control-Allow-Origin"), path).toBe("*");
      const signedIn = await callRoute(route.loader, getRequest(`${BASE}${path}`, { cookie }), { slug: "all" });
      expect(signedIn.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
  });

  it("gives cookie routes no CORS headers", async () => {
    const res = await callRoute(me.loader, getRequest(`${BASE}/api/me`, { cookie, headers: { Origin: "https://elsewhere.example" } }));
    expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const preflight = await callRoute(me.action, getRequest(`${BASE}/api/me`, { method: "OPTIONS", headers: { Origin: "https://elsewhere.example", "Access-Control-Request-Method": "GET" } }));
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});

describe("OPTIONS", () => {
  it("answers Allow, with the CORS preflight on public routes", async () => {
    const res = await callRoute(strategiesIndex.action, getRequest(`${BASE}/api/strategies`, { method: "OPTIONS", headers: { Origin: "https://elsewhere.example", "Access-Control-Request-Method": "GET" } }));
    expect(res.status).toBe(204);
    expect(res.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Access-Control-Allow-Methods")).toBe("GET, HEAD, OPTIONS");
  });

  it("answers Allow: POST, OPTIONS on a POST endpoint", async () => {
    const res = await callRoute(positionSize.action, getRequest(`${BASE}/api/calculators/position-size`, { method: "OPTIONS" }));
    expect(res.status).toBe(204);
    expect(res.headers.get("Allow")).toBe("POST, OPTIONS");
  });
});

describe("RateLimit headers", () => {
  it("come on every keyed request with the monthly policy and what is left", async () => {
    const first = await callRoute(strategiesIndex.loader, getRequest(`${BASE}/api/strategies`, { headers: { Authorization: `Bearer ${apiKey}` } }));
    // The key's owner is an admin: the highest plan's quota.
    expect(first.headers.get("RateLimit-Policy")).toMatch(new RegExp(`^"monthly";q=${PLAN_RULES.institutional.apiMonthlyRequests};w=\\d+$`));
    const remaining = Number(/r=(\d+)/.exec(first.headers.get("RateLimit") ?? "")?.[1]);
    const second = await callRoute(me.loader, getRequest(`${BASE}/api/me`, { headers: { Authorization: `Bearer ${apiKey}` } }));
    expect(second.headers.get("RateLimit")).toMatch(new RegExp(`^"monthly";r=${remaining - 1};t=\\d+$`));
  });

  it("are absent without a key", async () => {
    const res = await callRoute(strategiesIndex.loader, getRequest(`${BASE}/api/strategies`));
    expect(res.headers.get("RateLimit")).toBeNull();
  });
});

describe("through the server", () => {
  let server: Awaited<ReturnType<typeof startBuiltServer>>;
  beforeAll(async () => {
    server = await startBuiltServer();
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it("keeps a well-formed X-Request-Id, replaces a malformed one, and logs it", async () => {
    const kept = await rawRequest(server.port, { path: "/api/ledger/head", headers: { "X-Request-Id": "client-42.a" } });
    expect(kept.headers["x-request-id"]).toBe("client-42.a");
    expect(JSON.parse(server.logLines.at(-1)!)).toMatchObject({ method: "GET", path: "/api/ledger/head", status: 200, reqId: "client-42.a" });
    const replaced = await rawRequest(server.port, { path: "/", headers: { "X-Request-Id": "bad id\"<>" } });
    expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers HEAD wherever GET works, without a body", async () => {
    const head = await rawRequest(server.port, { method: "HEAD", path: "/api/strategies" });
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    expect(head.headers.etag).toMatch(/^W\//);
  });

  it("serves the OpenAPI document, in the coding the client prefers, under one ETag", async () => {
    const res = await rawRequest(server.port, { path: "/api/openapi.json" });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).openapi).toBe("3.1.0");
    const compressed = await rawRequest(server.port, { path: "/api/openapi.json", headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.headers["content-length"]).toBe(String(compressed.bytes.byteLength));
    expect(compressed.headers.etag).toBe(res.headers.etag);
    expect(brotliDecompressSync(compressed.bytes).toString("utf8")).toBe(res.body);
  });
});
