/**
 * The response properties of the fuzz suite, on made-up responses: each
 * fault is caught, and an echo of what the request itself sent is not one.
 */
import { describe, expect, it } from "vitest";
import type { HarnessResponse } from "../../harness/app-server";
import type { FuzzCase } from "./cases";
import { responseFaults } from "./checks";

const post: FuzzCase = { route: "tools.tsx", method: "POST", path: "/tools", caller: "anonymous", origin: "same", headers: {}, body: "intent=x" };

function response(status: number, contentType: string, body: string): HarnessResponse {
  return { status, headers: { "content-type": contentType }, body, ms: 1 };
}

const page = (inner: string) => `<!DOCTYPE html><html><head><title>T</title></head><body><h1>Title</h1>${inner}</body></html>`;
const problem = (fields: object) => response(400, "application/problem+json", JSON.stringify(fields));

describe("responseFaults", () => {
  it("accepts a 200 page, a 400 problem naming a field, and a 400 page showing a field error", () => {
    expect(responseFaults(post, response(200, "text/html", page("ok")))).toEqual([]);
    expect(responseFaults(post, problem({ title: "Invalid request", status: 400, errors: [{ field: "limit", message: "m" }] }))).toEqual([]);
    expect(responseFaults(post, response(400, "text/html", page('<p role="alert">Email is required</p>')))).toEqual([]);
  });

  it("flags any 5xx", () => {
    expect(responseFaults(post, response(500, "text/plain", "Unexpected Server Error"))).toEqual(["status 500"]);
    expect(responseFaults(post, response(503, "text/html", page("down")))).toContain("status 503");
  });

  it("flags a cross-site or opaque-origin post that was not refused with 403, and not a safe method", () => {
    const cross: FuzzCase = { ...post, origin: "cross" };
    expect(responseFaults(cross, response(200, "text/html", page("ok")))).toEqual(["a cross-site POST was answered 200, not refused with 403"]);
    expect(responseFaults({ ...post, origin: "null" }, response(302, "text/html", ""))).toHaveLength(1);
    expect(responseFaults(cross, response(403, "application/problem+json", JSON.stringify({ title: "Forbidden", status: 403, detail: "another site" })))).toEqual([]);
    expect(responseFaults({ ...cross, method: "GET" }, response(200, "text/html", page("ok")))).toEqual([]);
  });

  it("flags a method the app does not serve unless it is refused with 405 and Allow", () => {
    const trace: FuzzCase = { ...post, method: "TRACE" };
    const allowed = { status: 405, headers: { "content-type": "text/plain", allow: "GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE" }, body: "TRACE is not a method this site answers", ms: 1 };
    expect(responseFaults(trace, allowed)).toEqual([]);
    expect(responseFaults(trace, response(500, "text/plain", "Unexpected Server Error"))).toContain("TRACE was answered 500 without Allow, not 405 with Allow");
    expect(responseFaults({ ...post, method: "PROPFIND" }, response(405, "text/plain", "no"))).toEqual(["PROPFIND was answered 405 without Allow, not 405 with Allow"]);
  });

  it("flags a stack trace and an absolute file path", () => {
    const trace = "TypeError: boom\n    at action (/srv/app/build/index.js:12:34)\n    at run (node:internal/x:1:2)";
    const faults = responseFaults(post, response(200, "text/plain", trace));
    expect(faults.some((f) => f.includes("stack trace"))).toBe(true);
    expect(faults.some((f) => f.includes('"build/index.js"'))).toBe(true);
    expect(responseFaults(post, response(200, "text/html", page(`Error: ENOENT ${process.cwd()}/data/x.db`))).length).toBeGreaterThan(0);
  });

  it("does not flag a page that echoes a path the request itself sent", () => {
    const echoing: FuzzCase = { ...post, body: "message=%2Fhome%2Fme%2Fnode_modules" };
    expect(responseFaults(echoing, response(400, "text/html", page('<p role="alert">/home/me/node_modules is not valid</p>')))).toEqual([]);
  });

  it("flags problems without a title, with the wrong status, or a 400 naming no field", () => {
    expect(responseFaults(post, problem({ status: 400, detail: "limit: bad" }))).toEqual(["the problem has no title"]);
    expect(responseFaults(post, problem({ title: "Invalid request", status: 422, detail: "limit: bad" }))[0]).toMatch(/not the response status 400/);
    expect(responseFaults(post, problem({ title: "Invalid request", status: 400 }))).toEqual(["the 400 problem names no field (no errors[].field and no detail)"]);
  });

  it("flags a 400 page without a form or field error, an error page without a heading, and bodies that say nothing", () => {
    expect(responseFaults(post, response(400, "text/html", page("<p>nothing</p>")))).toEqual(["the 400 page shows no form or field error"]);
    expect(responseFaults(post, response(404, "text/html", "<!DOCTYPE html><html><body>x</body></html>"))).toEqual(["the HTML error page has no heading"]);
    expect(responseFaults(post, response(403, "text/plain", " "))).toEqual(["the text error body is empty"]);
    expect(responseFaults(post, response(415, "", ""))).toHaveLength(1);
  });

  it("accepts a bare 400 for a path that is not valid percent-encoding (refused before the app)", () => {
    const malformed: FuzzCase = { ...post, method: "GET", path: "/insights/%E0%A4%A", body: undefined };
    const express = "<!DOCTYPE html>\n<html lang=\"en\">\n<head><title>Error</title></head>\n<body><pre>Bad Request</pre></body>\n</html>\n";
    expect(responseFaults(malformed, response(400, "text/html; charset=utf-8", express))).toEqual([]);
    expect(responseFaults(post, response(400, "text/html; charset=utf-8", express))).toEqual(["the HTML error page has no heading"]);
  });
});
