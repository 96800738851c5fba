/**
 * The edge cases of the second hardening pass, against the real production
 * server (server/app.ts serving the Remix build) on a free 127.0.0.1 port and
 * this file's temporary SQLite database: methods the app does not serve,
 * form posts whose Origin and Host disagree, bodies read only after the
 * caller is known, bounded field errors, returnTo length, slow requests.
 */
import { connect } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SERVED_METHODS } from "../../server/guards";
import { handleError } from "~/entry.server";
import { rawRequest, startBuiltServer } from "../support/built-server";

const SLOW_MS = 120_000;
const FORM = "application/x-www-form-urlencoded";

let direct: Awaited<ReturnType<typeof startBuiltServer>>;

beforeAll(async () => {
  direct = await startBuiltServer({ trustProxy: 0, appUrl: "http://localhost:3000" });
}, SLOW_MS);

afterAll(async () => {
  await direct?.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Writes `head` on a raw socket; resolves with all the server sent once it closes the connection or `ms` pass. */
function rawExchange(port: number, head: string, ms = 5_000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    const timer = setTimeout(() => socket.destroy(), ms);
    socket.on("data", (data) => {
      text += data.toString("latin1");
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(text);
    });
    socket.write(head);
  });
}

describe("methods the app does not serve are refused with 405 and Allow, without a stack trace in the log", () => {
  it.each([
    ["TRACE", "/"],
    ["TRACE", "/login"],
    ["TRACE", "/api/strategies"],
    ["TRACE", "/no-such-page"],
    ["PROPFIND", "/tools"],
    ["MKCOL", "/api/signals"],
  ])("%s %s", async (method, path) => {
    const logged = vi.spyOn(console, "error");
    const response = await rawRequest(direct.port, { method, path, headers: { Host: "127.0.0.1" } });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe(SERVED_METHODS.join(", "));
    expect(response.body).not.toMatch(/\bat .*:\d+:\d+/);
    if (path.startsWith("/api/")) expect(response.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(logged).not.toHaveBeenCalled();
  });

  it("a TRACE with a body on a kept-alive connection is answered and the connection closed", async () => {
    const text = await rawExchange(direct.port, `TRACE /tools HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello`);
    expect(text).toMatch(/^HTTP\/1\.1 405 /);
    expect(text).toMatch(/\r\nallow: GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE\r\n/i);
  });

  it("a POST to a page without an action is a 405 that logs nothing, nor does a 404", async () => {
    const logged = vi.spyOn(console, "error");
    const response = await rawRequest(direct.port, { method: "POST", path: "/about", headers: { "Content-Type": FORM }, body: "a=1" });
    expect(response.status).toBe(405);
    const missing = await rawRequest(direct.port, { path: "/no-such-page" });
    expect(missing.status).toBe(404);
    expect(logged).not.toHaveBeenCalled();
  });
});

describe("handleError (app/entry.server.tsx)", () => {
  const request = () => new Request("http://localhost/x", { method: "POST" });

  it("logs a server error but no 4xx error response of Remix's own", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    handleError({ status: 405, statusText: "Method Not Allowed", internal: true, data: null, error: new Error("no action") }, { request: request(), params: {}, context: {} });
    expect(logged).not.toHaveBeenCalled();
    const failure = new Error("database is locked");
    handleError(failure, { request: request(), params: {}, context: {} });
    expect(logged).toHaveBeenCalledWith(failure);
  });
});
