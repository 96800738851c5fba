/**
 * The structured request log (server/request-log.ts) of the real production
 * server on this file's temporary database: one JSON entry per request with
 * request id, route id, status, duration and the user where signed in; 4xx one
 * line without a stack, 5xx with the error's stack; and no password, cookie,
 * session id, API key or query-string token anywhere in the log of a run that
 * sends all of them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateApiKey } from "~/models/api-keys.server";
import { hashPassword } from "~/models/users.server";
import { getDb } from "~/platform/db.server";
import { rawRequest, startBuiltServer } from "../support/built-server";
import { createUser, signedInSession } from "../support/fixtures";

let server: Awaited<ReturnType<typeof startBuiltServer>>;
beforeAll(async () => {
  server = await startBuiltServer({ appUrl: "http://localhost:3000" });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

type Entry = Record<string, unknown> & { err?: { stack?: string; message?: string } };

/** The entries logged while `run` ran. */
async function logged(run: () => Promise<unknown>): Promise<Entry[]> {
  const before = server.logLines.length;
  await run();
  await new Promise((resolve) => setTimeout(resolve, 20));
  return server.logLines.slice(before).map((line) => JSON.parse(line) as Entry);
}

describe("request log entries", () => {
  it("carry the request id, route id, status, duration and the signed-in user's id", async () => {
    const user = createUser();
    const { cookie } = await signedInSession(user.id);
    const [entry] = await logged(() => rawRequest(server.port, { path: "/api/me", headers: { Cookie: cookie, "X-Request-Id": "trace-7" } }));
    expect(entry).toMatchObject({ level: "info", reqId: "trace-7", method: "GET", path: "/api/me", route: "routes/api.me", status: 200, userId: user.id });
    expect(entry!.durationMs).toEqual(expect.any(Number));
    expect(typeof entry!.time).toBe("string");
  });

  it("name the user of an API key", async () => {
    const user = createUser();
    const { key } = generateApiKey(user.id);
    const [entry] = await logged(() => rawRequest(server.port, { path: "/api/me", headers: { Authorization: `Bearer ${key}` } }));
    expect(entry).toMatchObject({ status: 200, userId: user.id });
  });

  it("log a 404 and a 405 as one warn line without a stack", async () => {
    const entries = await logged(async () => {
      await rawRequest(server.port, { path: "/no-such-page" });
      await rawRequest(server.port, { method: "PUT", path: "/api/ledger/head", body: "" });
    });
    expect(entries.map((entry) => [entry.status, entry.level])).toEqual([[404, "warn"], [405, "warn"]]);
    for (const entry of entries) expect(JSON.stringify(entry)).not.toMatch(/\bat .*\(.*:\d+:\d+\)|stack/);
  });

  it("log a 5xx at error with the error's stack", async () => {
    const client = getDb().$client;
    client.exec("ALTER TABLE signal_events RENAME TO signal_events_away");
    try {
      const entries = await logged(() => rawRequest(server.port, { path: "/api/ledger/head" }));
      const entry = entries.find((candidate) => candidate.path === "/api/ledger/head")!;
      expect(entry).toMatchObject({ level: "error", status: 500, route: "routes/api.ledger.head" });
      expect(entry.err?.message).toMatch(/signal_events/);
      expect(entry.err?.stack).toMatch(/\n\s+at /);
    } finally {
      client.exec("ALTER TABLE signal_events_away RENAME TO signal_events");
    }
  });

  it("log the probes at debug with their own route label, static files as static", async () => {
    const entries = await logged(async () => {
      await rawRequest(server.port, { path: "/healthz" });
      await rawRequest(server.port, { path: "/favicon.svg" });
    });
    expect(entries.map((entry) => [entry.route, entry.level])).toEqual([["healthz", "debug"], ["static", "info"]]);
  });
});

describe("secrets", () => {
  it("no password, cookie, session id, API key or query token reaches the log", async () => {
    const password = "correct-horse-battery-staple-91";
    const user = createUser({ email: "logged@example.com", passwordHash: await hashPassword(password) });
    const { cookie, sessionId } = await signedInSession(user.id);
    const { key } = generateApiKey(user.id);
    const queryToken = "qtok-5f0c2b9e8d7a";
    const entries = await logged(async () => {
      await rawRequest(server.port, {
        method: "POST",
        path: "/login",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost:3000" },
        body: new URLSearchParams({ email: "logged@example.com", password }).toString(),
      });
      await rawRequest(server.port, { method: "POST", path: "/login", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost:3000" }, body: `email=logged%40example.com&password=wrong-${password}` });
      await rawRequest(server.port, { path: `/api/me?token=${queryToken}`, headers: { Authorization: `Bearer ${key}` } });
      await rawRequest(server.port, { path: "/portal", headers: { Cookie: cookie } });
      await rawRequest(server.port, { path: "/api/me", headers: { Authorization: "Bearer not-a-real-key-3141592653" } });
    });
    expect(entries.length).toBeGreaterThanOrEqual(5);
    const text = server.logLines.join("\n");
    for (const secret of [password, cookie, sessionId, key, queryToken, "not-a-real-key-3141592653", cookie.split("=")[1]!]) {
      expect(text, `the log holds ${secret.slice(0, 12)}…`).not.toContain(secret);
    }
    expect(text).not.toMatch(/"(cookie|authorization|password|set-cookie)"\s*:/i);
  });
});
