/**
 * Load shedding on the real production server (docs/decisions/0139-load-shedding.md):
 * past the in-flight bound or the event-loop lag bound a new request gets 503
 * with Retry-After at once (problem+json under /api, HTML elsewhere), the
 * probes, /metrics and static files are still served, /metrics counts what
 * was shed, and the log holds one warning per burst of refusals, not a line
 * each.
 */
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest, startBuiltServer } from "../support/built-server";

let server: Awaited<ReturnType<typeof startBuiltServer>>;
let lagServer: Awaited<ReturnType<typeof startBuiltServer>>;

beforeAll(async () => {
  server = await startBuiltServer({ shedBounds: { maxInFlight: 1, maxLagMs: 60_000 } });
  lagServer = await startBuiltServer({ shedBounds: { maxInFlight: 1_000, maxLagMs: 50 } });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await lagServer?.close();
});

/** A POST whose body is still arriving: admitted and in flight until `finish` is called. */
function heldRequest(port: number): { finish: () => Promise<number> } {
  const body = JSON.stringify({ accountBalance: 10_000, riskPercent: 1, entryPrice: 1.085, stopLoss: 1.08 });
  let status: Promise<number>;
  const req = httpRequest({ host: "127.0.0.1", port, method: "POST", path: "/api/calculators/position-size", agent: false, headers: { "Content-Type": "application/json", "Content-Length": String(body.length), Origin: `http://127.0.0.1:${port}` } });
  status = new Promise((resolve, reject) => {
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
  });
  req.write(body.slice(0, 5));
  return {
    finish: () => {
      req.end(body.slice(5));
      return status;
    },
  };
}

describe("past the in-flight bound", () => {
  it("answers new requests 503 at once, serves the probes and metrics, and counts the refusals", async () => {
    const held = heldRequest(server.port);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const started = performance.now();
    const api = await rawRequest(server.port, { path: "/api/signals" });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(api.status).toBe(503);
    expect(api.headers["retry-after"]).toBe("1");
    expect(api.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(api.body)).toMatchObject({ status: 503, title: "Service Unavailable" });

    const page = await rawRequest(server.port, { path: "/strategies" });
    expect(page.status).toBe(503);
    expect(page.headers["retry-after"]).toBe("1");
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("FX Trader is busy");
    expect(page.headers["x-frame-options"]).toBe("DENY");
    expect(page.headers["content-security-policy"]).toBeDefined();
    expect((await rawRequest(server.port, { method: "HEAD", path: "/pricing" })).status).toBe(503);
    expect((await rawRequest(server.port, { path: "/favicon.svg" })).status).toBe(200);

    expect((await rawRequest(server.port, { path: "/healthz" })).status).toBe(200);
    expect([200, 503]).toContain((await rawRequest(server.port, { path: "/readyz" })).status);
    const metrics = await rawRequest(server.port, { path: "/metrics" });
    expect(metrics.status).toBe(200);
    expect(metrics.body).toMatch(/http_requests_shed_total\{reason="in_flight"\} 3/);
    const refusals = server.logLines.map((line) => JSON.parse(line) as { level: string; msg: string; shed?: unknown }).filter((entry) => entry.msg.startsWith("load shedding") || (entry.msg.includes(" 503") && !entry.msg.includes("/readyz")));
    expect(refusals).toEqual([expect.objectContaining({ level: "warn", msg: "load shedding: refused 1 request", shed: { in_flight: 1 } })]);

    expect(await held.finish()).toBe(200);
    expect((await rawRequest(server.port, { path: "/api/signals" })).status).toBe(200);
  });
});

describe("past the event-loop lag bound", () => {
  it("answers the request that waited behind a blocked loop 503, and counts it", async () => {
    const answer = rawRequest(lagServer.port, { path: "/api/strategies" });
    // The server runs in this process: block its event loop for 300 ms.
    const until = performance.now() + 300;
    while (performance.now() < until);
    const response = await answer;
    expect(response.status).toBe(503);
    expect(response.headers["retry-after"]).toBe("1");
    const metrics = await rawRequest(lagServer.port, { path: "/metrics" });
    expect(metrics.body).toMatch(/http_requests_shed_total\{reason="event_loop_lag"\} 1/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await rawRequest(lagServer.port, { path: "/api/strategies" })).status).toBe(200);
  });
});
