/**
 * `npm run bench:pages` (a benchmark, not a test): every public page, both
 * dashboards signed in, the admin signal desk and every /api GET route,
 * each side by side with a bare route of the same server
 * (docs/decisions/0060-bare-route-benchmark.md).
 *
 * Builds the production build with the bare routes into .cache/bench-build,
 * starts it on a fresh seeded database, signs the demo subscriber and admin
 * in, then for each round and each target runs autocannon (50 connections,
 * `--duration` s) on the target, then on the bare page (pages) or the bare
 * JSON route (/api): target, bare, target, bare... Prints per target the
 * medians over the rounds of p50, req/s and the ratios to the bare route,
 * with `>1.25×` on rows whose p50 or p99 is over 1.25× the bare route's or
 * whose req/s is under 1/1.25 of it. Exits 1 when a target or a bare route
 * answered anything but 2xx (the figures of an error page mean nothing).
 *
 * The server runs as configured: the public pages, requested without a
 * cookie, are answered by the page cache (docs/decisions/0074-anonymous-page-cache.md)
 * and the bare page never is. `PAGE_CACHE_MAX_AGE_MS=0 npm run bench:pages`
 * measures every page rendered. Requests send no Accept-Encoding unless
 * `--accept-encoding "gzip, deflate, br"` (what browsers send) is given; then
 * the compression of every answer is counted too.
 *
 * `--api-key-rps N` adds a run for the anonymous pages: each measured alone,
 * then beside N requests a second from an API-key client (which writes the
 * key's last use and monthly count), alternated for `--rounds` rounds; it
 * prints the throughput kept beside that traffic (target ≥ 0.9×,
 * docs/decisions/0153-page-cache-watches-content.md).
 *
 *   npm run bench:pages -- --only /api --rounds 3 --duration 3 --json pages.json
 *   npm run bench:pages -- --only / --api-key-rps 10
 */
import Database from "better-sqlite3";
import { appModels, DEMO_ACCOUNTS, prepareHarnessDatabase, send, startAppServer, type AppServer } from "../harness/app-server";
import { median } from "../harness/stats";
import {
  allTargets,
  BARE,
  buildBenchBuild,
  loadLine,
  measure,
  printTable,
  readOptions,
  signInBoth,
  statusesOf,
  writeJson,
  type RunFigures,
  type Target,
} from "./bench/support";

const options = readOptions();
const rounds = options.integer("rounds", 3);
const duration = options.integer("duration", 3);
const connections = 50;
const apiKeyRps = options.integer("api-key-rps", 0);
/** Over this ratio to the bare route (p50, p99), or under its inverse (req/s), a row is marked. */
const LIMIT = 1.25;

interface Pair {
  target: RunFigures;
  bare: RunFigures;
}

const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "-");

function summarise(target: Target, pairs: Pair[]) {
  const p50Ratio = median(pairs.map((pair) => pair.target.p50 / pair.bare.p50));
  const p99Ratio = median(pairs.map((pair) => pair.target.p99 / pair.bare.p99));
  const rpsRatio = median(pairs.map((pair) => pair.target.rps / pair.bare.rps));
  return {
    target: target.path + (target.as === "guest" ? "" : ` (${target.as})`),
    p50: median(pairs.map((pair) => pair.target.p50)),
    bareP50: median(pairs.map((pair) => pair.bare.p50)),
    p50Ratio,
    p99Ratio,
    rps: median(pairs.map((pair) => pair.target.rps)),
    bareRps: median(pairs.map((pair) => pair.bare.rps)),
    rpsRatio,
    non2xx: pairs.reduce((sum, pair) => sum + pair.target.non2xx, 0),
    bareNon2xx: pairs.reduce((sum, pair) => sum + pair.bare.non2xx, 0),
    errors: pairs.reduce((sum, pair) => sum + pair.target.errors + pair.target.timeouts, 0),
    over: p50Ratio > LIMIT || p99Ratio > LIMIT || rpsRatio < 1 / LIMIT,
  };
}

/**
 * Runs `run` while an API-key client sends `rps` requests a second to
 * /api/signals; returns what `run` returned and how many of those requests
 * were answered 2xx.
 */
async function besideApiKeyTraffic<T>(server: AppServer, key: string, rps: number, run: () => Promise<T>): Promise<{ result: T; answered: number }> {
  let answered = 0;
  const timer = setInterval(() => {
    void send(server, { path: "/api/signals?limit=20", headers: { Authorization: `Bearer ${key}` } }).then(
      (response) => (answered += response.status < 300 ? 1 : 0),
      () => undefined,
    );
  }, 1000 / rps);
  try {
    return { result: await run(), answered };
  } finally {
    clearInterval(timer);
  }
}

/** A new API key of the demo subscriber, written straight into the benchmark's database file. */
async function subscriberApiKey(server: AppServer): Promise<string> {
  const file = new Database(server.databasePath, { readonly: true });
  const id = file.prepare("SELECT id FROM users WHERE email = ?").pluck().get(DEMO_ACCOUNTS.trader.email) as number;
  file.close();
  return (await appModels(server)).createApiKey(id);
}

console.log(`bench:pages: ${loadLine()}${options.acceptEncoding === undefined ? "" : `; every request sends Accept-Encoding: ${options.acceptEncoding}`}`);
const started = performance.now();
const build = buildBenchBuild();
const db = await prepareHarnessDatabase();
const server = await startAppServer(db.databasePath, { build });
try {
  const cookies = await signInBoth(server);
  const targets = (await allTargets(server)).filter((target) => !options.only || target.path.includes(options.only));
  const bares = [...new Set(targets.map((target) => BARE[target.kind]))];
  // One plain request each first: a target that does not answer 2xx is reported, not measured.
  const statuses = await statusesOf(server, [...targets, ...bares], cookies);
  const failed = [...targets, ...bares].map((target, index) => ({ path: target.path, status: statuses[index]! })).filter(({ status }) => status < 200 || status >= 300);
  for (const { path, status } of failed) console.error(`NON-2XX: GET ${path} answered ${status}; not measured`);
  const measured = targets.filter((target) => !failed.some((bad) => bad.path === target.path));
  const bareBroken = bares.some((bare) => failed.some((bad) => bad.path === bare.path));
  if (bareBroken) throw new Error("A bare route does not answer 2xx: the benchmark build is broken");

  // Warm-up, not measured: the first renders compile and fill caches.
  for (let pass = 0; pass < 3; pass += 1) await statusesOf(server, [...measured, ...bares], cookies);
  console.log(
    `${measured.length} targets x ${rounds} rounds x (target + bare), ${connections} connections, ${duration} s each, against ${server.url} (production build, fresh seeded database, page cache ${process.env.PAGE_CACHE_MAX_AGE_MS === "0" ? "off" : "on"})`,
  );
  const pairs = new Map<Target, Pair[]>(measured.map((target) => [target, []]));
  for (let round = 1; round <= rounds; round += 1) {
    for (const target of measured) {
      const figures = await measure(server, target, cookies, duration, connections, options.acceptEncoding);
      const bare = await measure(server, BARE[target.kind], cookies, duration, connections, options.acceptEncoding);
      pairs.get(target)!.push({ target: figures, bare });
      process.stderr.write(`round ${round}/${rounds} ${target.path}: p50 ${figures.p50} ms vs ${bare.p50} ms, ${Math.round(figures.rps)} vs ${Math.round(bare.rps)} req/s\n`);
    }
  }
  const summaries = measured.map((target) => summarise(target, pairs.get(target)!));
  console.log(`\nMedians of ${rounds} rounds; ratios are target / bare route of the same round (${BARE.page.path} for pages, ${BARE.api.path} for /api).`);
  printTable(
    summaries.map((row) => ({
      target: row.target,
      "p50 ms": fmt(row.p50),
      "bare p50": fmt(row.bareP50),
      "p50 ratio": fmt(row.p50Ratio, 2),
      "p99 ratio": fmt(row.p99Ratio, 2),
      "req/s": fmt(row.rps, 0),
      "bare req/s": fmt(row.bareRps, 0),
      "req/s ratio": fmt(row.rpsRatio, 2),
      "non-2xx": row.non2xx + row.bareNon2xx,
      errors: row.errors,
      flag: row.over ? ">1.25×" : "",
    })),
  );
  const besideKeys: Array<{ target: string; alone: number; beside: number; ratio: number; apiKeyRequests: number }> = [];
  if (apiKeyRps > 0) {
    const key = await subscriberApiKey(server);
    for (const target of measured.filter((candidate) => candidate.kind === "page" && candidate.as === "guest")) {
      const runs: Array<{ alone: number; beside: number; answered: number }> = [];
      for (let round = 1; round <= rounds; round += 1) {
        const alone = await measure(server, target, cookies, duration, connections, options.acceptEncoding);
        const beside = await besideApiKeyTraffic(server, key, apiKeyRps, () => measure(server, target, cookies, duration, connections, options.acceptEncoding));
        runs.push({ alone: alone.rps, beside: beside.result.rps, answered: beside.answered });
      }
      besideKeys.push({
        target: target.path,
        alone: median(runs.map((run) => run.alone)),
        beside: median(runs.map((run) => run.beside)),
        ratio: median(runs.map((run) => run.beside / run.alone)),
        apiKeyRequests: runs.reduce((sum, run) => sum + run.answered, 0),
      });
    }
    console.log(`\nAnonymous pages beside ${apiKeyRps} API-key requests/s (medians of ${rounds} rounds; ratio = req/s beside / req/s alone, target ≥ 0.9):`);
    printTable(
      besideKeys.map((row) => ({
        target: row.target,
        "req/s alone": fmt(row.alone, 0),
        "req/s beside API keys": fmt(row.beside, 0),
        ratio: fmt(row.ratio, 2),
        "API-key requests answered": row.apiKeyRequests,
        flag: row.ratio < 0.9 ? "<0.9×" : "",
      })),
    );
  }
  const over = summaries.filter((row) => row.over).length;
  console.log(`\n${over} of ${summaries.length} targets over 1.25× the bare route (p50, p99 or req/s); ${failed.length} not measured (non-2xx).`);
  const non2xx = summaries.reduce((sum, row) => sum + row.non2xx + row.bareNon2xx, 0);
  if (non2xx > 0) console.error(`NON-2XX: ${non2xx} answers under load were not 2xx (see the non-2xx column).`);
  console.log(`bench:pages took ${((performance.now() - started) / 1000).toFixed(0)} s; ${loadLine()}`);
  writeJson(options.json, { benchmark: "bench:pages", rounds, duration, connections, acceptEncoding: options.acceptEncoding ?? null, failed, summaries, apiKeyRps, besideKeys, pairs: measured.map((target) => ({ target, rounds: pairs.get(target) })) });
  if (failed.length > 0 || non2xx > 0) process.exitCode = 1;
} finally {
  await server.stop();
  db.remove();
}
