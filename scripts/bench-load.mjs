#!/usr/bin/env node
/**
 * `npm run bench:load` (a benchmark, not a test): a mixed load on the
 * production build with autocannon, on a fresh seeded database, traffic to
 * 127.0.0.1 only. 100 connections for 60 s by default; each connection cycles
 * through public pages, /api lists, calculator posts (JSON) and the signed-in
 * dashboards, after three unmeasured warm-up rounds of the same requests.
 * Prints req/s, p50, p99, errors and non-2xx overall and per kind of request,
 * then stops the server. Exits 1 only when an answer was not 2xx.
 *
 *   npm run bench:load -- --duration 15 --connections 50
 *
 * Runs with tsx (it imports tests/support/app-server.ts); builds first when build/ is missing.
 */
import autocannon from "autocannon";
import { DEMO_ACCOUNTS, prepareHarnessDatabase, send, signIn, startAppServer } from "../tests/support/app-server.ts";

function option(name, fallback) {
  const args = process.argv.slice(2);
  const index = args.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  if (index === -1) return fallback;
  const raw = args[index].includes("=") ? args[index].split("=")[1] : args[index + 1];
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} takes a positive integer`);
    process.exit(2);
  }
  return value;
}

const duration = option("duration", 60);
const connections = option("connections", 100);

/**
 * The request mix, one cycle per connection. `kind` groups requests in the
 * report; autocannon ignores the extra field.
 */
function requestMix(origin, cookie) {
  const json = { "Content-Type": "application/json", Origin: origin };
  const signedIn = { Cookie: cookie };
  return [
    { kind: "public pages", method: "GET", path: "/" },
    { kind: "/api lists", method: "GET", path: "/api/signals?limit=20" },
    { kind: "calculator posts", method: "POST", path: "/api/calculators/position-size", headers: json, body: JSON.stringify({ accountBalance: 10000, riskPercent: 1, entryPrice: 1.085, stopLoss: 1.08 }) },
    { kind: "signed-in dashboards", method: "GET", path: "/dashboard", headers: signedIn },
    { kind: "public pages", method: "GET", path: "/strategies/alpha-swing" },
    { kind: "/api lists", method: "GET", path: "/api/strategies" },
    { kind: "calculator posts", method: "POST", path: "/api/calculators/risk-of-ruin", headers: json, body: JSON.stringify({ winRate: 55, riskReward: 1.5, riskPerTrade: 1 }) },
    { kind: "signed-in dashboards", method: "GET", path: "/portal/dashboard", headers: signedIn },
    { kind: "public pages", method: "GET", path: "/pricing" },
    { kind: "/api lists", method: "GET", path: "/api/blog?limit=12" },
    { kind: "public pages", method: "GET", path: "/insights" },
  ];
}

/** The `p`th percentile (0–100) of sorted `values`, nearest rank. */
function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const db = await prepareHarnessDatabase();
const server = await startAppServer(db.databasePath);
try {
  const cookie = await signIn(server, DEMO_ACCOUNTS.trader);
  const requests = requestMix(server.url, cookie);
  // Warm-up, not measured: the first render of each page compiles and fills caches.
  for (let round = 0; round < 3; round += 1) {
    for (const request of requests) await send(server, { method: request.method, path: request.path, headers: request.headers, body: request.body });
  }
  const byKind = new Map();
  console.log(`bench:load: ${connections} connections for ${duration} s against ${server.url} (production build, fresh seeded database)`);

  const instance = autocannon({ url: server.url, connections, duration, requests, timeout: 10 });
  instance.on("response", (client, statusCode, _bytes, responseTime) => {
    const kind = client.requestIterator.currentRequest.kind;
    const stats = byKind.get(kind) ?? { latencies: [], non2xx: 0 };
    stats.latencies.push(responseTime);
    if (statusCode < 200 || statusCode >= 300) stats.non2xx += 1;
    byKind.set(kind, stats);
  });
  const result = await instance;

  const rows = [
    {
      kind: "all",
      "req/s": Math.round(result.requests.average),
      "p50 ms": result.latency.p50,
      "p99 ms": result.latency.p99,
      errors: result.errors,
      timeouts: result.timeouts,
      "non-2xx": result.non2xx,
      requests: result.requests.total,
    },
    ...[...byKind.entries()].map(([kind, stats]) => {
      const sorted = [...stats.latencies].sort((a, b) => a - b);
      return {
        kind,
        "req/s": Math.round(sorted.length / duration),
        "p50 ms": Math.round(percentile(sorted, 50)),
        "p99 ms": Math.round(percentile(sorted, 99)),
        errors: "",
        timeouts: "",
        "non-2xx": stats.non2xx,
        requests: sorted.length,
      };
    }),
  ];
  console.table(rows);
  // Timeouts and errors are figures of the run; a non-2xx answer means the mix itself is broken (e.g. the sign-in failed).
  if (result.non2xx > 0) process.exitCode = 1;
} finally {
  await server.stop();
  db.remove();
}
