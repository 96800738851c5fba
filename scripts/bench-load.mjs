#!/usr/bin/env node
/**
 * `npm run bench:load` (a benchmark, not a test): a mixed load on the
 * production build with autocannon, on a fresh seeded database, traffic to
 * 127.0.0.1 only. 100 connections for 60 s by default; each connection cycles
 * through public pages, /api lists, calculator posts (JSON) and the signed-in
 * dashboards, after three unmeasured warm-up rounds of the same requests.
 * Prints req/s, p50, p99, errors, non-2xx and 503s (load shedding) overall and per kind of request,
 * then stops the server. Exits 1 only when an answer was neither 2xx nor 503.
 *
 *   npm run bench:load -- --duration 15 --connections 50
 *
 * With `--overload` it measures load shedding instead (docs/decisions/0139-load-shedding.md):
 * the unloaded p99 (one connection), the sustainable rate (the throughput of
 * `--connections` closed-loop clients, 8 by default here), then an open run at
 * 4× that rate (autocannon's overallRate over 400 connections), and prints the
 * share of 503 answers, how fast they came, the admitted (2xx) p99 and its
 * ratio to the unloaded p99 (target: within 2×). `--max-in-flight N` and
 * `--max-lag-ms N` set the server's SHED_MAX_IN_FLIGHT and SHED_MAX_LAG_MS.
 *
 * Runs with tsx (it imports harness/app-server.ts); builds first when build/ is missing.
 */
import autocannon from "autocannon";
import { DEMO_ACCOUNTS, prepareHarnessDatabase, send, signIn, startAppServer } from "../harness/app-server.ts";
import { percentile } from "../harness/stats.ts";

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

const overload = process.argv.includes("--overload");
const duration = option("duration", overload ? 10 : 60);
const connections = option("connections", overload ? 8 : 100);
const maxInFlight = option("max-in-flight", 0);
const maxLagMs = option("max-lag-ms", 0);

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

/** Runs autocannon and returns its result with the latencies of 2xx and of 503 answers kept apart. */
async function run(url, requests, settings) {
  const admitted = [];
  const refused = [];
  const instance = autocannon({ url, requests, timeout: 10, ...settings });
  instance.on("response", (_client, statusCode, _bytes, responseTime) => {
    if (statusCode === 503) refused.push(responseTime);
    else if (statusCode >= 200 && statusCode < 300) admitted.push(responseTime);
  });
  const result = await instance;
  return { result, admitted: admitted.sort((a, b) => a - b), refused: refused.sort((a, b) => a - b) };
}

/** The `--overload` measurement (see the file comment). */
async function measureOverload(server, requests) {
  const unloaded = await run(server.url, requests, { connections: 1, duration });
  const unloadedP99 = percentile(unloaded.admitted, 99);
  const sustained = await run(server.url, requests, { connections, duration });
  const sustainable = Math.round(sustained.result.requests.total / duration);
  const offered = 4 * sustainable;
  const over = await run(server.url, requests, { connections: 400, duration, overallRate: offered });
  const total = over.result.requests.total;
  const admittedP99 = percentile(over.admitted, 99);
  console.table([
    { run: "unloaded (1 connection)", "req/s": Math.round(unloaded.result.requests.total / duration), "2xx p50 ms": percentile(unloaded.admitted, 50), "2xx p99 ms": unloadedP99, "503": unloaded.refused.length, timeouts: unloaded.result.timeouts, errors: unloaded.result.errors },
    { run: `sustainable (${connections} connections)`, "req/s": sustainable, "2xx p50 ms": percentile(sustained.admitted, 50), "2xx p99 ms": percentile(sustained.admitted, 99), "503": sustained.refused.length, timeouts: sustained.result.timeouts, errors: sustained.result.errors },
    { run: `4x: ${offered} req/s offered (400 connections)`, "req/s": Math.round(total / duration), "2xx p50 ms": percentile(over.admitted, 50), "2xx p99 ms": admittedP99, "503": over.refused.length, timeouts: over.result.timeouts, errors: over.result.errors },
  ]);
  console.log(`4x run: ${((100 * over.refused.length) / Math.max(1, total)).toFixed(1)} % answered 503 (p50 ${percentile(over.refused, 50)} ms, p99 ${percentile(over.refused, 99)} ms); admitted p99 ${admittedP99} ms = ${(admittedP99 / unloadedP99).toFixed(2)}x the unloaded p99 (${unloadedP99} ms); ${over.result.timeouts} timeouts`);
}

const db = await prepareHarnessDatabase();
// The harness turns load shedding off; "" restores the production defaults.
const shedEnv = { SHED_MAX_IN_FLIGHT: maxInFlight ? String(maxInFlight) : "", SHED_MAX_LAG_MS: maxLagMs ? String(maxLagMs) : "" };
const server = await startAppServer(db.databasePath, { env: { LOG_LEVEL: "warn", ...shedEnv } });
try {
  const cookie = await signIn(server, DEMO_ACCOUNTS.trader);
  const requests = requestMix(server.url, cookie);
  // Warm-up, not measured: the first render of each page compiles and fills caches.
  for (let round = 0; round < 3; round += 1) {
    for (const request of requests) await send(server, { method: request.method, path: request.path, headers: request.headers, body: request.body });
  }
  if (overload) await measureOverload(server, requests);
  else await measureMix(server, requests);
} finally {
  await server.stop();
  db.remove();
}

/** The default run: the mix at `connections` for `duration`, overall and per kind. */
async function measureMix(server, requests) {
  const byKind = new Map();
  console.log(`bench:load: ${connections} connections for ${duration} s against ${server.url} (production build, fresh seeded database)`);

  const instance = autocannon({ url: server.url, connections, duration, requests, timeout: 10 });
  instance.on("response", (client, statusCode, _bytes, responseTime) => {
    const kind = client.requestIterator.currentRequest.kind;
    const stats = byKind.get(kind) ?? { latencies: [], non2xx: 0, shed: 0 };
    stats.latencies.push(responseTime);
    if (statusCode === 503) stats.shed += 1;
    else if (statusCode < 200 || statusCode >= 300) stats.non2xx += 1;
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
      "503 (shed)": [...byKind.values()].reduce((sum, stats) => sum + stats.shed, 0),
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
        "non-2xx": stats.non2xx + stats.shed,
        "503 (shed)": stats.shed,
        requests: sorted.length,
      };
    }),
  ];
  console.table(rows);
  // Timeouts, errors and 503s (load shedding) are figures of the run; another non-2xx answer means the mix itself is broken (e.g. the sign-in failed).
  if ([...byKind.values()].some((stats) => stats.non2xx > 0)) process.exitCode = 1;
}
