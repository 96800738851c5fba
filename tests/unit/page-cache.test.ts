/**
 * server/page-cache.ts on its own, behind a real Express server on 127.0.0.1
 * whose handler answers what each test queues: which answers are kept, which
 * requests may be answered, the nonce put in, public JSON kept as it was, the
 * bound on entries, one render for concurrent misses and the stale copy given
 * while a URL is rendered again.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cspNonce, sharedBytesBody } from "~/services/http.server";
import { PageCache } from "../../server/page-cache";

const CSP = "default-src 'self'; script-src 'self' 'nonce-OLD+nonce/0=='; object-src 'none'";
const HTML = '<html><script nonce="OLD+nonce/0==">a()</script><p>nonce="OLD+nonce/0==" twice</p><script nonce="OLD+nonce/0==">b()</script></html>';

let version = 1;
let now = 0;
let renders = 0;
let cache: PageCache;
let answer: () => Response;
/** When set, renders wait for it: the test decides when a render ends. */
let gate: Promise<void> | null;
let server: Server;
let base: string;

function html(headers: Record<string, string> = {}, status = 200, body = HTML): Response {
  return new Response(body, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": CSP, ...headers } });
}

beforeAll(async () => {
  const app = express();
  app.all("*", async (req, res) => {
    const ticket = cache.ticket(req, `http://example.test${req.originalUrl}`);
    const render = async () => {
      renders += 1;
      const response = answer();
      await gate;
      return response;
    };
    const response = ticket ? await cache.respond(ticket, res, render) : await render();
    if (!response) return;
    res.status(response.status);
    response.headers.forEach((value, name) => res.append(name, value));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  version = 1;
  now = 0;
  renders = 0;
  gate = null;
  cache = new PageCache({ maxAgeMs: 1_000, contentVersion: () => version, http: { cspNonce, sharedBytesBody }, now: () => now, maxEntries: 2, maxBodyBytes: 4_096 });
  answer = () => html();
});

/** A body with every nonce attribute written as `nonce="N"`: cached answers carry fresh nonces. */
function nonceless(body: string): string {
  return body.replace(/nonce="[^"]*"/g, 'nonce="N"');
}

async function get(path: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${path}`, init);
  return { status: response.status, headers: response.headers, body: await response.text() };
}

describe("PageCache", () => {
  it("serves a stored document with a new nonce in the CSP and in every nonce attribute, and nothing else changed", async () => {
    const first = await get("/a");
    const second = await get("/a");
    expect(renders).toBe(1);
    expect(first.body).toBe(HTML);
    expect(first.headers.get("X-Page-Cache")).toBe("miss");
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
    const nonce = /'nonce-([^']+)'/.exec(second.headers.get("Content-Security-Policy")!)![1]!;
    expect(nonce).not.toBe("OLD+nonce/0==");
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(second.headers.get("Content-Security-Policy")).toBe(CSP.replace("OLD+nonce/0==", nonce));
    expect(second.body).toBe(HTML.replaceAll('nonce="OLD+nonce/0=="', `nonce="${nonce}"`));
    expect(second.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    const third = await get("/a");
    expect(third.headers.get("Content-Security-Policy")).not.toBe(second.headers.get("Content-Security-Policy"));
  });

  it("keeps a document whose CSP has no nonce as it is", async () => {
    answer = () => html({ "Content-Security-Policy": "default-src 'self'" }, 200, "<p>plain</p>");
    await get("/plain");
    const hit = await get("/plain");
    expect(hit.headers.get("X-Page-Cache")).toBe("hit");
    expect(hit.headers.get("Content-Security-Policy")).toBe("default-src 'self'");
    expect(hit.body).toBe("<p>plain</p>");
  });

  it("passes on an answer that grows past maxBodyBytes whole, chunk by chunk, and keeps none of it", async () => {
    const chunks = ["<p>", "a".repeat(2_000), "b".repeat(2_000), "c".repeat(2_000), "</p>"];
    answer = () => {
      const parts = [...chunks];
      const encoder = new TextEncoder();
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          const part = parts.shift();
          if (part === undefined) controller.close();
          else controller.enqueue(encoder.encode(part));
        },
      });
      return new Response(stream, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    };
    const first = await get("/large");
    const second = await get("/large");
    expect(first.body).toBe(chunks.join(""));
    expect(second.body).toBe(chunks.join(""));
    expect([first.headers.get("X-Page-Cache"), second.headers.get("X-Page-Cache")]).toEqual(["miss", "miss"]);
    expect(renders).toBe(2);
  });

  it("hands on an answer past maxBodyBytes before its body has ended, instead of reading it whole", async () => {
    let finish!: () => void;
    const ended = new Promise<void>((resolve) => (finish = resolve));
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(5_000).fill(97));
        await ended;
        controller.enqueue(new Uint8Array(10).fill(98));
        controller.close();
      },
    });
    const passed = await cache.store({ key: "http://example.test/stream", version: 1 }, new Response(stream, { headers: { "Content-Type": "text/html" } }));
    finish();
    const body = new TextDecoder().decode(await passed.arrayBuffer());
    expect(body).toBe("a".repeat(5_000) + "b".repeat(10));
    expect(passed.headers.get("X-Page-Cache")).toBe("miss");
  });

  it("keeps JSON its route marked public, headers and bytes as they were", async () => {
    const body = JSON.stringify({ events: [{ seq: 1, payload: 'nonce="not-a-nonce"' }], nextCursor: null });
    answer = () =>
      new Response(body, {
        headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=10", ETag: 'W/"abc"', Vary: "Authorization, Cookie" },
      });
    const first = await get("/api/ledger?limit=1");
    const second = await get("/api/ledger?limit=1");
    expect(renders).toBe(1);
    expect([first.headers.get("X-Page-Cache"), second.headers.get("X-Page-Cache")]).toEqual(["miss", "hit"]);
    expect(second.body).toBe(body);
    for (const name of ["Content-Type", "Cache-Control", "ETag", "Vary"]) expect(second.headers.get(name), name).toBe(first.headers.get(name));
  });

  it("ends an entry when the content version moves or the maximum age has passed", async () => {
    await get("/a");
    version = 2;
    expect((await get("/a")).headers.get("X-Page-Cache")).toBe("miss");
    now = 999;
    expect((await get("/a")).headers.get("X-Page-Cache")).toBe("hit");
    now = 1_000;
    expect((await get("/a")).headers.get("X-Page-Cache")).toBe("miss");
    expect(renders).toBe(3);
  });

  it.each([
    ["a status other than 200", () => html({}, 404)],
    ["JSON its route did not mark public", () => new Response("{}", { headers: { "Content-Type": "application/json" } })],
    ["a body neither HTML nor JSON", () => new Response("a,b", { headers: { "Content-Type": "text/csv", "Cache-Control": "public, max-age=10" } })],
    ["a Set-Cookie", () => html({ "Set-Cookie": "flash=1; Path=/" })],
    ["Cache-Control: no-store", () => html({ "Cache-Control": "no-store" })],
    ["Cache-Control: private", () => html({ "Cache-Control": "private, max-age=0" })],
    ["a body over maxBodyBytes", () => html({}, 200, `<p>${"x".repeat(4_096)}</p>`)],
    [
      "a Content-Encoding (a body compressed for one caller's Accept-Encoding)",
      () => new Response(gzipSync('{"a":1}'), { headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=10", "Content-Encoding": "gzip" } }),
    ],
  ])("never keeps an answer with %s", async (_case, make) => {
    answer = make;
    const first = await get("/refused");
    const second = await get("/refused");
    expect(renders).toBe(2);
    expect(second.headers.get("X-Page-Cache")).not.toBe("hit");
    expect(second.body).toBe(first.body);
  });

  it.each([
    ["a POST", { method: "POST" }],
    ["a Cookie", { headers: { Cookie: "theme=dark" } }],
    ["an Authorization header", { headers: { Authorization: "Bearer fxt_x" } }],
    ["an If-None-Match header (the app answers the revalidation)", { headers: { "If-None-Match": 'W/"x"' } }],
  ])("neither answers nor keeps a request with %s", async (_case, init: RequestInit) => {
    await get("/a");
    const response = await get("/a", init);
    expect(response.headers.get("X-Page-Cache")).toBeNull();
    expect(renders).toBe(2);
  });

  it("holds at most maxEntries documents, dropping the one stored first", async () => {
    await get("/a");
    await get("/b");
    await get("/c");
    expect((await get("/c")).headers.get("X-Page-Cache")).toBe("hit");
    expect((await get("/b")).headers.get("X-Page-Cache")).toBe("hit");
    expect((await get("/a")).headers.get("X-Page-Cache")).toBe("miss");
  });

  it("renders a missing page once for concurrent requests, and gives each of them the answer", async () => {
    let open!: () => void;
    gate = new Promise<void>((resolve) => (open = resolve));
    const pending = Array.from({ length: 5 }, () => get("/a"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    open();
    const answers = await Promise.all(pending);
    expect(renders).toBe(1);
    expect(answers.map((answer) => nonceless(answer.body))).toEqual(Array(5).fill(nonceless(HTML)));
    expect(answers.map((answer) => answer.headers.get("X-Page-Cache")).sort()).toEqual(["hit", "hit", "hit", "hit", "miss"]);
  });

  it("gives the expired copy at once while the page is rendered again, and the new one after", async () => {
    await get("/a");
    version = 2;
    answer = () => html({}, 200, "<p>new</p>");
    let open!: () => void;
    gate = new Promise<void>((resolve) => (open = resolve));
    const rerender = get("/a");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const during = await get("/a");
    expect(during.headers.get("X-Page-Cache")).toBe("stale");
    expect(nonceless(during.body)).toBe(nonceless(HTML));
    open();
    expect((await rerender).body).toBe("<p>new</p>");
    const after = await get("/a");
    expect([after.headers.get("X-Page-Cache"), after.body]).toEqual(["hit", "<p>new</p>"]);
    expect(renders).toBe(2);
  });

  it("gives no copy older than maxAgeMs + staleMs: such a request waits for the render", async () => {
    await get("/a");
    now = 2_000;
    answer = () => html({}, 200, "<p>new</p>");
    let open!: () => void;
    gate = new Promise<void>((resolve) => (open = resolve));
    const rerender = get("/a");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const waiting = get("/a");
    await new Promise((resolve) => setTimeout(resolve, 50));
    open();
    const [first, second] = await Promise.all([rerender, waiting]);
    expect([first.body, second.body]).toEqual(["<p>new</p>", "<p>new</p>"]);
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
    expect(renders).toBe(2);
  });
});
