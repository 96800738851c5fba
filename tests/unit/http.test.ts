/**
 * app/services/http.server.ts: safe redirects, list limits, RFC 9457 problem
 * responses, JSON body reading, client IP, Retry-After for documents, security
 * headers and the /api handler wrapper.
 */
import { runWithRequestContext, type RequestContext } from "~/platform/request-context.server";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  API_CSP,
  apiHandler,
  apiJson,
  apiJsonText,
  applySecurityHeaders,
  clientIp,
  MAX_JSON_BODY_BYTES,
  methodNotAllowed,
  parseLimit,
  problem,
  readJsonBody,
  retryAfterHeader,
  safeRedirect,
  SECURITY_HEADERS,
  sharedBytesBody,
  validationProblem,
} from "~/services/http.server";
import { z } from "zod";
import { thrownResponse } from "../support/http";

afterEach(() => {
  vi.restoreAllMocks();
});

interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: Array<{ field: string; message: string }>;
}

describe("safeRedirect", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/portal/signals", "/portal/signals"],
    ["/portal/signals?strategy=alpha-swing&limit=5", "/portal/signals?strategy=alpha-swing&limit=5"],
    ["/blog#latest", "/blog#latest"],
    ["/", "/"],
  ])("keeps the same-site path %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    ["//evil.example", "protocol-relative"],
    ["//evil.example/path?x=1", "protocol-relative with path"],
    ["/\\evil.example", "slash-backslash"],
    ["https://evil.example", "absolute https"],
    ["http://localhost/dashboard", "absolute even to ourselves"],
    ["javascript:alert(1)", "javascript: scheme"],
    ["dashboard", "relative without slash"],
    ["", "empty"],
  ])("falls back to /dashboard for %s (%s)", (input) => {
    expect(safeRedirect(input)).toBe("/dashboard");
  });

  it.each([
    ["/.//evil.example/phish", "a dot segment before a double slash"],
    ["/a/..//evil.example", "a parent segment before a double slash"],
    ["/.//evil.example", "the theme form's returnTo attack"],
    ["/%2e//evil.example", "an encoded dot segment"],
    ["/./\\evil.example", "a dot segment before a backslash"],
    ["/a/../\\/evil.example", "a parent segment before backslash and slash"],
  ])("falls back for %s (%s), which normalises to another host", (input) => {
    expect(safeRedirect(input)).toBe("/dashboard");
  });

  it("returns only values that stay on the app's origin when followed", () => {
    const inputs = ["/.//evil.example", "/a/..//evil.example", "/./x", "/a/../b?c=//d#//e", "/\t/evil.example", "/%5C%5Cevil.example"];
    for (const input of inputs) {
      const out = safeRedirect(input);
      expect(out.startsWith("/") && !out.startsWith("//") && !out.startsWith("/\\")).toBe(true);
      expect(new URL(out, "https://fx.example.com").origin).toBe("https://fx.example.com");
    }
  });

  it("keeps the normalised form of a harmless dot segment", () => {
    expect(safeRedirect("/./portal/../dashboard?tab=1")).toBe("/dashboard?tab=1");
  });

  it("does not let a tab/newline trick turn a path into another host", () => {
    const out = safeRedirect("/\t/evil.example");
    expect(out.startsWith("//")).toBe(false);
    expect(new URL(out, "http://app.local").host).toBe("app.local");
  });

  it("falls back for null, undefined and File values", () => {
    expect(safeRedirect(null)).toBe("/dashboard");
    expect(safeRedirect(undefined)).toBe("/dashboard");
    expect(safeRedirect(new File(["x"], "x.txt"))).toBe("/dashboard");
  });

  it("uses the given fallback", () => {
    expect(safeRedirect("https://evil.example", "/")).toBe("/");
    expect(safeRedirect(null, "/login")).toBe("/login");
  });
});

describe("parseLimit", () => {
  const url = (query: string) => new URL(`http://localhost/api/signals${query}`);

  it("defaults to 20 when absent or empty", () => {
    expect(parseLimit(url(""))).toBe(20);
    expect(parseLimit(url("?limit="))).toBe(20);
  });

  it("accepts the bounds 1 and 100 and values between", () => {
    expect(parseLimit(url("?limit=1"))).toBe(1);
    expect(parseLimit(url("?limit=100"))).toBe(100);
    expect(parseLimit(url("?limit=37"))).toBe(37);
  });

  it.each(["0", "101", "1.5", "abc", "-5", "1e3"])("throws a 400 problem naming limit for %s", async (raw) => {
    const response = await thrownResponse(() => parseLimit(url(`?limit=${raw}`)));
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
    const body = (await response.json()) as ProblemBody;
    expect(body.status).toBe(400);
    expect(body.detail).toMatch(/limit/);
    expect(body.errors?.map((e) => e.field)).toEqual(["limit"]);
  });
});

describe("problem()", () => {
  it("is application/problem+json with {type,title,status,detail,errors}", async () => {
    const response = problem(400, "email: Enter a valid email address", {
      errors: [{ field: "email", message: "Enter a valid email address" }],
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toEqual({
      type: "about:blank",
      title: "Invalid request",
      status: 400,
      detail: "email: Enter a valid email address",
      errors: [{ field: "email", message: "Enter a valid email address" }],
    });
  });

  it("uses the status's title, an explicit title, and passes extra headers", async () => {
    const limited = problem(429, "Slow down", { headers: { "Retry-After": "30" } });
    expect(limited.headers.get("Retry-After")).toBe("30");
    expect(((await limited.json()) as ProblemBody).title).toBe("Too many requests");
    const custom = problem(409, "Already there", { title: "Conflict" });
    expect(((await custom.json()) as ProblemBody).title).toBe("Conflict");
  });

  it("carries the security headers and is not cached", () => {
    const response = problem(404, "No such thing");
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name)).toBe(value);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Security-Policy")).toBe(API_CSP);
  });

  it("validationProblem lists each zod issue by dotted field and names them in detail", async () => {
    const parsed = z.object({ a: z.number(), nested: z.object({ b: z.string() }) }).safeParse({ a: "x", nested: {} });
    expect(parsed.success).toBe(false);
    const response = validationProblem(parsed.error!);
    expect(response.status).toBe(400);
    const body = (await response.json()) as ProblemBody;
    expect(body.errors?.map((e) => e.field).sort()).toEqual(["a", "nested.b"]);
    expect(body.detail).toContain("a:");
    expect(body.detail).toContain("nested.b:");
  });

  it("methodNotAllowed is a 405 problem with Allow", async () => {
    const response = methodNotAllowed(["GET", "POST"]);
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, POST");
    expect(((await response.json()) as ProblemBody).status).toBe(405);
  });
});

describe("readJsonBody", () => {
  const post = (body: string, contentType?: string, headers: Record<string, string> = {}) =>
    new Request("http://localhost/api/x", {
      method: "POST",
      headers: { ...(contentType ? { "Content-Type": contentType } : {}), ...headers },
      body,
    });

  it.each([
    "application/json",
    "application/json; charset=utf-8",
    "APPLICATION/JSON",
    "application/vnd.x+json",
    "application/problem+json; charset=utf-8",
  ])("parses a body sent as %s", async (contentType) => {
    expect(await readJsonBody(post('{"a":1,"b":[true]}', contentType))).toEqual({ a: 1, b: [true] });
  });

  it.each([undefined, "text/plain", "application/x-www-form-urlencoded", "application/jsonp", "text/json"])(
    "415 for content type %s",
    async (contentType) => {
      const response = await thrownResponse(() => readJsonBody(post("{}", contentType)));
      expect(response.status).toBe(415);
      expect(response.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
      expect(((await response.json()) as ProblemBody).status).toBe(415);
    },
  );

  it("413 when the body is larger than MAX_JSON_BODY_BYTES", async () => {
    const big = JSON.stringify({ pad: "x".repeat(MAX_JSON_BODY_BYTES) });
    const response = await thrownResponse(() => readJsonBody(post(big, "application/json")));
    expect(response.status).toBe(413);
    expect(((await response.json()) as ProblemBody).status).toBe(413);
  });

  it("413 counts bytes, not characters", async () => {
    // each "é" is 2 bytes in UTF-8: fewer characters than the limit, more bytes
    const body = JSON.stringify({ pad: "é".repeat(MAX_JSON_BODY_BYTES / 2 + 10) });
    expect(body.length).toBeLessThan(MAX_JSON_BODY_BYTES);
    const response = await thrownResponse(() => readJsonBody(post(body, "application/json")));
    expect(response.status).toBe(413);
  });

  it("413 from a declared Content-Length before reading", async () => {
    const response = await thrownResponse(() =>
      readJsonBody(post("{}", "application/json", { "Content-Length": String(MAX_JSON_BODY_BYTES + 1) })),
    );
    expect(response.status).toBe(413);
  });

  it("accepts a body of exactly MAX_JSON_BODY_BYTES", async () => {
    const overhead = JSON.stringify({ pad: "" }).length;
    const body = JSON.stringify({ pad: "x".repeat(MAX_JSON_BODY_BYTES - overhead) });
    expect(Buffer.byteLength(body)).toBe(MAX_JSON_BODY_BYTES);
    expect(await readJsonBody(post(body, "application/json"))).toHaveProperty("pad");
  });

  it.each(['{"a":', "not json", "", "{'a':1}"])("400 naming body for malformed JSON %j", async (raw) => {
    const response = await thrownResponse(() => readJsonBody(post(raw, "application/json")));
    expect(response.status).toBe(400);
    const body = (await response.json()) as ProblemBody;
    expect(body.errors?.[0]?.field).toBe("body");
  });
});

describe("clientIp", () => {
  it("is the address the server put in the load context", () => {
    expect(clientIp({ clientIp: "203.0.113.5" })).toBe("203.0.113.5");
    expect(clientIp({ clientIp: "::ffff:127.0.0.1" })).toBe("::ffff:127.0.0.1");
  });

  it("is 'unknown' when the context carries no address", () => {
    expect(clientIp({})).toBe("unknown");
    expect(clientIp({ clientIp: "" })).toBe("unknown");
    expect(clientIp({ clientIp: 42 })).toBe("unknown");
  });
});

describe("retryAfterHeader", () => {
  it("passes the action's Retry-After on to the document", () => {
    expect(retryAfterHeader(new Headers({ "Retry-After": "120" }))).toEqual({ "Retry-After": "120" });
  });

  it("adds nothing when the action sent none", () => {
    expect(retryAfterHeader(new Headers())).toEqual({});
  });
});

describe("applySecurityHeaders", () => {
  it("gives a response without a CSP the API CSP, and keeps a document's own", () => {
    expect(applySecurityHeaders(new Headers({ "Content-Type": "application/rss+xml" })).get("Content-Security-Policy")).toBe(API_CSP);
    const documentCsp = "default-src 'self'; script-src 'self' 'nonce-abc'";
    expect(applySecurityHeaders(new Headers({ "Content-Security-Policy": documentCsp })).get("Content-Security-Policy")).toBe(documentCsp);
  });
});

describe("apiHandler", () => {
  it("turns a thrown Error into a 500 problem without the message or stack, keeps the error for the request log", async () => {
    const context: RequestContext = {};
    const handler = apiHandler(async () => {
      throw new Error("SQLITE_CORRUPT: secret table users at /srv/app/db.ts:42");
    });
    const response = await runWithRequestContext(context, () => handler({}));
    expect(response.status).toBe(500);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
    const text = await response.text();
    expect(text).not.toContain("SQLITE_CORRUPT");
    expect(text).not.toContain("/srv/app");
    expect(text).not.toMatch(/at .*\.ts:\d+/);
    const body = JSON.parse(text) as ProblemBody;
    expect(body).toMatchObject({ type: "about:blank", status: 500, title: "Internal server error" });
    expect((context.error as Error).message).toMatch(/SQLITE_CORRUPT/);
  });

  it("handles a synchronous throw and a thrown non-Error the same way", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await apiHandler(() => { throw "boom"; })({})).status).toBe(500);
  });

  it("passes a thrown Response through unchanged", async () => {
    const thrown = problem(403, "Only administrators can use this endpoint");
    const response = await apiHandler(async () => {
      throw thrown;
    })({});
    expect(response).toBe(thrown);
    expect(response.status).toBe(403);
  });

  it("returns the handler's own Response", async () => {
    const ok = apiJson({ ok: true });
    expect(await apiHandler(() => ok)({})).toBe(ok);
  });
});

describe("apiJson", () => {
  it("sends JSON with the security headers, the API CSP and no-store", async () => {
    const response = apiJson({ hello: "world" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    expect(response.headers.get("Permissions-Policy")).toContain("camera=()");
    expect(response.headers.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ hello: "world" });
  });

  it("takes a status or a ResponseInit with extra headers", () => {
    expect(apiJson({}, 201).status).toBe(201);
    const response = apiJson({}, { status: 202, headers: { "X-Extra": "1" } });
    expect(response.status).toBe(202);
    expect(response.headers.get("X-Extra")).toBe("1");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});

describe("sharedBytesBody and apiJsonText with bytes", () => {
  /** Every chunk `stream` yields. */
  async function chunksOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
    const chunks: Uint8Array[] = [];
    for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
    return chunks;
  }

  it("hands the kept bytes on as they are, to every response, without a copy", async () => {
    const kept = new TextEncoder().encode(JSON.stringify({ trades: [1, 2, 3], note: "é" }));
    const [first, second] = [apiJsonText(kept, { headers: { ETag: 'W/"x"' } }), apiJsonText(kept)];
    const chunks = await chunksOf(first.body!);
    expect(chunks).toHaveLength(1);
    expect(chunks[0].buffer).toBe(kept.buffer);
    expect(chunks[0].byteOffset).toBe(kept.byteOffset);
    expect(chunks[0].byteLength).toBe(kept.byteLength);
    expect(await second.json()).toEqual({ trades: [1, 2, 3], note: "é" });
    expect(first.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(first.headers.get("ETag")).toBe('W/"x"');
  });

  it("streams a view of a larger buffer as that view only", async () => {
    const pool = Buffer.from("xxxx,a;b\n1;2\nyyyy");
    const view = pool.subarray(5, 13);
    const chunks = await chunksOf(sharedBytesBody(view));
    expect(chunks.map((chunk) => Buffer.from(chunk).toString())).toEqual(["a;b\n1;2\n"]);
    expect(chunks[0].buffer).toBe(pool.buffer);
  });
});
