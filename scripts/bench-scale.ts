/**
 * `npm run bench:scale` (a benchmark, not a test): the routes of
 * `npm run bench:pages` on databases holding 1k, 100k and 1M signals
 * (docs/decisions/0061-scale-benchmark-data.md), and the query plan of every
 * statement they run.
 *
 * For each size: a fresh seeded database filled up to that many signals by
 * the fast path of scripts/bench/scale-data.ts (before the server opens it),
 * the benchmark build served on it, one plain request to every route (a
 * non-2xx answer is reported and the route left out). Every size's server
 * stays up, and the sizes are measured side by side, route by route: in
 * each of `--rounds` rounds (default 3, back to back), autocannon
 * (`--connections`, default 10, for `--duration` s) runs the route on each
 * size in turn, the order of the sizes reversed every other round; the
 * figures are the medians over the rounds, and the ratios the median of each
 * round's ratio (docs/decisions/0081-scale-sizes-side-by-side.md,
 * docs/decisions/0083-paired-ratios-in-bench-scale.md).
 * On the largest size the server first runs once with BENCH_SQL_LOG set: each
 * route is requested once and the statements it ran are collected; every
 * distinct statement gets `EXPLAIN QUERY PLAN` on that database, and a SCAN
 * of any table but the fixed ones (strategies) is flagged unless a LIMIT
 * bounds it while it walks an index or the rowid in order (SCAN_LEGEND,
 * docs/decisions/0072-bounded-scans-in-bench-scale.md).
 *
 * Prints p50 and req/s per route and size, the ratios largest/smallest, the
 * plans, the flagged SCANs, the bounded ones and the rule that tells them apart. Exits 1 when an answer was not 2xx.
 * `--accept-encoding <value>` makes every measured request send that
 * Accept-Encoding (none by default), as `npm run bench:pages` does.
 *
 *   npm run bench:scale -- --sizes 1000,100000,1000000 --duration 2 --rounds 3 --connections 10 --only /api --json scale.json
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { prepareHarnessDatabase, send, startAppServer, type AppServer } from "../harness/app-server";
import { median } from "../harness/stats";
import { fillSignals } from "./bench/scale-data";
import {
  allTargets,
  buildBenchBuild,
  headersOf,
  loadLine,
  measure,
  printTable,
  readOptions,
  signInBoth,
  statusesOf,
  writeJson,
  type Cookies,
  type RunFigures,
  type Target,
} from "./bench/support";

const options = readOptions();
const sizes = options.integers("sizes", [1_000, 100_000, 1_000_000]);
const rounds = options.integer("rounds", 3);
const duration = options.integer("duration", 2);
/** Fewer than bench:pages' 50: on a big database a slow route's in-flight answers would take minutes to drain. */
const connections = options.integer("connections", 10);
/** A route whose p50 grows, or whose req/s falls, by more than this from the smallest size to the largest is marked. */
const LIMIT = 1.25;
/** Tables that do not grow with use: a SCAN of these is fine. */
const FIXED_TABLES = new Set(["strategies", "seed_runs", "__drizzle_migrations"]);
/** The first request of a route on a big database may build caches (the track record): give it time. */
const FIRST_REQUEST_MS = 300_000;

const label = (size: number) => (size >= 1_000_000 ? `${size / 1_000_000}M` : size >= 1_000 ? `${size / 1_000}k` : String(size));
const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "-");

/** One statement as run, with the routes that ran it. */
interface Statement {
  sql: string;
  routes: Set<string>;
}

/** The statement with its literals replaced by `?`: statements that differ only in values are one. */
function shapeOf(sql: string): string {
  return sql.replace(/'(?:[^']|'')*'/g, "?").replace(/\b\d+(?:\.\d+)?\b/g, "?");
}

/**
 * The servers of this benchmark render every request: it measures what a
 * route's queries cost at each size, which the page cache of visitors without
 * a cookie (docs/decisions/0074-anonymous-page-cache.md) would hide.
 */
const RENDER_EVERY_REQUEST = { PAGE_CACHE_MAX_AGE_MS: "0" };

const CONTROL = /^\s*(PRAGMA|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|END)\b/i;

/**
 * Serves `databasePath` with BENCH_SQL_LOG set and the delivery worker off
 * (so that only the routes' statements are logged), requests each target
 * once and returns the distinct statements with the routes that ran them.
 */
async function captureStatements(databasePath: string, dir: string, targets: Target[], build: ReturnType<typeof buildBenchBuild>): Promise<Map<string, Statement>> {
  const log = join(dir, "statements.sql");
  const server = await startAppServer(databasePath, { build, env: { ...RENDER_EVERY_REQUEST, BENCH_SQL_LOG: log, DELIVERY_WORKER: "off" }, timeoutMs: FIRST_REQUEST_MS });
  const statements = new Map<string, Statement>();
  try {
    const cookies = await signInBoth(server);
    const size = () => {
      try {
        return statSync(log).size;
      } catch {
        return 0;
      }
    };
    for (const target of targets) {
      const before = size();
      await send(server, { path: target.path, headers: headersOf(target, cookies), timeoutMs: FIRST_REQUEST_MS }).catch(() => undefined);
      const lines = readFileSync(log).subarray(before).toString("utf8").split("\n").filter((line) => line.trim() !== "" && !CONTROL.test(line));
      for (const sql of lines) {
        const shape = shapeOf(sql);
        const statement = statements.get(shape) ?? { sql, routes: new Set<string>() };
        statement.routes.add(target.path);
        statements.set(shape, statement);
      }
    }
  } finally {
    await server.stop();
  }
  return statements;
}

/** A line of a query plan that scans a growing table. */
interface PlanScan {
  table: string;
  detail: string;
  sql: string;
  routes: string[];
  /** Whether the scan is bounded by its LIMIT (see `boundedByLimit`): listed, not flagged. */
  bounded: boolean;
}

/**
 * What the script prints under the flagged SCANs: the rule that decides
 * which SCANs of growing tables are flagged.
 */
const SCAN_LEGEND = [
  "A SCAN of a growing table is flagged unless it is bounded by a LIMIT walking an index in order, that is when all of:",
  "  - the statement ends with a LIMIT (it stops after that many rows),",
  "  - the plan has no sort step (no TEMP B-TREE: the rows come in the order the scan walks them),",
  "  - the scan walks an index or the table's rowid in order (SCAN t USING [COVERING] INDEX i, or SCAN t under an ORDER BY),",
  "  - nothing makes it read past the rows it returns: no WHERE (a filter the index does not answer skips rows, and with",
  "    few matches walks the whole index), no GROUP BY, DISTINCT or aggregate (they read every row before the LIMIT applies).",
  "Such a scan reads at most LIMIT rows at any size (e.g. the ledger head, ORDER BY seq DESC LIMIT 1); it is listed below, not flagged.",
  "Before this rule (docs/decisions/0061) every SCAN of a growing table was flagged, ordered walks under a LIMIT included:",
  "flag counts of runs before and after the rule are not comparable; the plans printed above are.",
];

/**
 * Whether the SCAN line `detail` of `sql`'s plan `plan` is bounded by a LIMIT
 * walking an index (or the rowid) in order, per SCAN_LEGEND. Read from the
 * statement's text: a LIMIT at its end (as logged, a bound value may read
 * `1.0`), no WHERE, GROUP BY, DISTINCT or aggregate anywhere in it, and no
 * TEMP B-TREE in the plan.
 */
function boundedByLimit(sql: string, plan: string[], detail: string): boolean {
  const count = String.raw`(?:\?|\d+(?:\.0+)?)`;
  const limited = new RegExp(String.raw`\blimit\s+${count}(?:\s+offset\s+${count})?\s*;?\s*$`, "i").test(sql);
  const sorted = plan.some((line) => line.includes("TEMP B-TREE"));
  const walksInOrder = / USING (?:COVERING )?INDEX /.test(detail) || (/^SCAN \S+$/.test(detail.trim()) && /\border\s+by\b/i.test(sql));
  const readsPast = /\b(?:where|group\s+by|distinct)\b|\b(?:count|sum|avg|min|max|total|group_concat)\s*\(/i.test(sql);
  return limited && !sorted && walksInOrder && !readsPast;
}

/** `EXPLAIN QUERY PLAN` of each statement on `databasePath`; SCANs of growing tables flagged, or listed as bounded (SCAN_LEGEND). */
function explain(databasePath: string, statements: Map<string, Statement>) {
  const sqlite = new Database(databasePath, { readonly: true });
  try {
    const tables = new Set((sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map((row) => row.name));
    const plans: Array<{ sql: string; routes: string[]; plan: string[] }> = [];
    const scans: PlanScan[] = [];
    for (const { sql, routes } of statements.values()) {
      let plan: string[];
      try {
        plan = (sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((row) => row.detail);
      } catch (error) {
        plan = [`(no plan: ${(error as Error).message})`];
      }
      plans.push({ sql, routes: [...routes], plan });
      for (const detail of plan) {
        const scanned = /^SCAN (\S+)/.exec(detail)?.[1];
        if (!scanned) continue;
        const alias = new RegExp(`"?(\\w+)"?\\s+(?:AS\\s+)?"?${scanned}"?(?![\\w.])`, "i").exec(sql)?.[1];
        const table = tables.has(scanned) ? scanned : alias && tables.has(alias) ? alias : undefined;
        if (table === undefined || FIXED_TABLES.has(table)) continue;
        scans.push({ table, detail, sql, routes: [...routes], bounded: boundedByLimit(sql, plan, detail) });
      }
    }
    return { plans, flagged: scans.filter((scan) => !scan.bounded), bounded: scans.filter((scan) => scan.bounded) };
  } finally {
    sqlite.close();
  }
}

interface SizeResult {
  size: number;
  fill: { signals: number; events: number; ms: number };
  figures: Map<string, RunFigures>;
  failed: Array<{ path: string; status: number }>;
}

/** One size served for the measured rounds: its database, its server and the routes it answers. */
interface ServedSize {
  result: SizeResult;
  server: AppServer;
  cookies: Cookies;
  measured: Target[];
  remove(): void;
}

/**
 * A fresh seeded database filled to `size` signals, its statements explained
 * when it is the `largest`, then served (the benchmark build, every request
 * rendered) with both demo accounts signed in and every route requested once,
 * so that first-request work (the track record) is done before measuring.
 * A route that does not answer 2xx is reported and left out for this size.
 */
async function serveSize(size: number, largest: boolean, build: ReturnType<typeof buildBenchBuild>) {
  const db = await prepareHarnessDatabase();
  try {
    const fill = fillSignals(db.databasePath, size, new Date());
    console.log(`${label(size)}: ${fill.signals} signals and ${fill.events} ledger events added in ${(fill.ms / 1000).toFixed(1)} s; ${loadLine()}`);
    let server: AppServer = await startAppServer(db.databasePath, { build, env: RENDER_EVERY_REQUEST, timeoutMs: FIRST_REQUEST_MS });
    let targets: Target[];
    try {
      targets = (await allTargets(server)).filter((target) => !options.only || target.path.includes(options.only));
    } finally {
      await server.stop();
    }
    const explained = largest ? explain(db.databasePath, await captureStatements(db.databasePath, db.dir, targets, build)) : null;
    server = await startAppServer(db.databasePath, { build, env: RENDER_EVERY_REQUEST, timeoutMs: FIRST_REQUEST_MS });
    try {
      const cookies = await signInBoth(server);
      const statuses = await statusesOf(server, targets, cookies, FIRST_REQUEST_MS);
      const failed = targets.map((target, index) => ({ path: target.path, status: statuses[index]! })).filter(({ status }) => status < 200 || status >= 300);
      for (const { path, status } of failed) console.error(`NON-2XX at ${label(size)}: GET ${path} answered ${status}; not measured`);
      const measured = targets.filter((target) => !failed.some((bad) => bad.path === target.path));
      await statusesOf(server, measured, cookies, FIRST_REQUEST_MS);
      const served: ServedSize = { result: { size, fill, figures: new Map(), failed }, server, cookies, measured, remove: () => db.remove() };
      return { served, targets, explained };
    } catch (error) {
      await server.stop();
      throw error;
    }
  } catch (error) {
    db.remove();
    throw error;
  }
}

/** Each route's ratios largest/smallest, one per round (runs of the same round are seconds apart). */
type PairedRatios = Map<string, { p50: number[]; rps: number[] }>;

/**
 * Measures every route on every size side by side (docs/decisions/0081-scale-sizes-side-by-side.md):
 * route by route, `rounds` rounds back to back, each running the route on
 * every size in turn, the order of the sizes reversed every other round
 * (A B, B A, A B…), so that what the machine does during those seconds
 * weighs on every size alike. Fills each size's figures with the medians
 * over the rounds.
 * @returns each route's ratios of the largest size to the smallest, one per
 * round (docs/decisions/0083-paired-ratios-in-bench-scale.md).
 */
async function measureSideBySide(served: ServedSize[]): Promise<PairedRatios> {
  const pairedRatios: PairedRatios = new Map();
  const runs = new Map<ServedSize, Map<string, RunFigures[]>>(served.map((size) => [size, new Map()]));
  const paths = [...new Set(served.flatMap((size) => size.measured.map((target) => target.path)))];
  const smallest = served[0]!;
  const largest = served[served.length - 1]!;
  for (const path of paths) {
    for (let round = 1; round <= rounds; round += 1) {
      const order = round % 2 === 1 ? served : [...served].reverse();
      const ofRound = new Map<ServedSize, RunFigures>();
      for (const size of order) {
        const target = size.measured.find((candidate) => candidate.path === path);
        if (!target) continue;
        const figures = await measure(size.server, target, size.cookies, duration, connections, options.acceptEncoding);
        ofRound.set(size, figures);
        const list = runs.get(size)!;
        list.set(path, [...(list.get(path) ?? []), figures]);
        process.stderr.write(`${label(size.result.size)} round ${round}/${rounds} ${path}: p50 ${figures.p50} ms, ${Math.round(figures.rps)} req/s\n`);
      }
      const low = ofRound.get(smallest);
      const high = ofRound.get(largest);
      if (low && high) {
        const ratios = pairedRatios.get(path) ?? { p50: [], rps: [] };
        ratios.p50.push(high.p50 / low.p50);
        ratios.rps.push(high.rps / low.rps);
        pairedRatios.set(path, ratios);
      }
    }
  }
  for (const [size, byPath] of runs) {
    for (const [path, list] of byPath) {
      size.result.figures.set(path, {
        p50: median(list.map((run) => run.p50)),
        p99: median(list.map((run) => run.p99)),
        rps: median(list.map((run) => run.rps)),
        requests: list.reduce((sum, run) => sum + run.requests, 0),
        non2xx: list.reduce((sum, run) => sum + run.non2xx, 0),
        errors: list.reduce((sum, run) => sum + run.errors + run.timeouts, 0),
        timeouts: list.reduce((sum, run) => sum + run.timeouts, 0),
      });
    }
  }
  return pairedRatios;
}

console.log(`bench:scale: ${loadLine()}${options.acceptEncoding === undefined ? "" : `; every request sends Accept-Encoding: ${options.acceptEncoding}`}`);
const started = performance.now();
const build = buildBenchBuild();
const ordered = [...new Set(sizes)].sort((a, b) => a - b);
const served: ServedSize[] = [];
let targets: Target[] = [];
let explained: ReturnType<typeof explain> | null = null;
let pairedRatios: PairedRatios = new Map();
try {
  for (const size of ordered) {
    const outcome = await serveSize(size, size === ordered[ordered.length - 1], build);
    served.push(outcome.served);
    if (targets.length === 0) targets = outcome.targets;
    explained = outcome.explained ?? explained;
  }
  console.log(`every size served side by side; measuring; ${loadLine()}`);
  pairedRatios = await measureSideBySide(served);
} finally {
  for (const size of served) {
    await size.server.stop();
    size.remove();
  }
}
const results = served.map((size) => size.result);

const first = results[0]!;
const last = results[results.length - 1]!;
const ratioName = `${label(last.size)}/${label(first.size)}`;
console.log(
  `\np50 (ms) and req/s by number of signals, median of ${rounds} round(s) of ${duration} s at ${connections} connections; ratios ${ratioName}: the median of each round's ratio (p50 up, req/s down is worse).`,
);
const rows = targets.map((target) => {
  const row: Record<string, string | number> = { route: target.path + (target.as === "guest" ? "" : ` (${target.as})`) };
  for (const result of results) row[`p50 ${label(result.size)}`] = fmt(result.figures.get(target.path)?.p50 ?? NaN);
  for (const result of results) row[`req/s ${label(result.size)}`] = fmt(result.figures.get(target.path)?.rps ?? NaN, 0);
  const p50Ratio = median(pairedRatios.get(target.path)?.p50 ?? []);
  const rpsRatio = median(pairedRatios.get(target.path)?.rps ?? []);
  row[`p50 ${ratioName}`] = fmt(p50Ratio, 2);
  row[`req/s ${ratioName}`] = fmt(rpsRatio, 2);
  row["non-2xx"] = results.reduce((sum, result) => sum + (result.figures.get(target.path)?.non2xx ?? 0), 0);
  row["errors+timeouts"] = results.reduce((sum, result) => sum + (result.figures.get(target.path)?.errors ?? 0), 0);
  row.flag = p50Ratio > LIMIT || rpsRatio < 1 / LIMIT ? ">1.25×" : "";
  return row;
});
printTable(rows);

if (explained) {
  console.log(`\nEXPLAIN QUERY PLAN on the ${label(last.size)} database of the ${explained.plans.length} distinct statements the routes ran:`);
  for (const { sql, routes, plan } of explained.plans) {
    console.log(`\n- ${sql}\n  routes: ${routes.join(", ")}`);
    for (const detail of plan) console.log(`    ${detail}`);
  }
  console.log(`\nFLAGGED: ${explained.flagged.length} SCAN(s) of growing tables${explained.flagged.length === 0 ? "." : ":"}`);
  for (const scan of explained.flagged) {
    const kind = / USING (?:COVERING )?INDEX /.test(scan.detail) ? "walks an index" : "reads the table";
    console.log(`  SCAN ${scan.table}: ${scan.detail} — ${kind}, not bounded by a LIMIT\n    routes: ${scan.routes.join(", ")}\n    ${scan.sql}`);
  }
  console.log(`\nNot flagged: ${explained.bounded.length} SCAN(s) bounded by a LIMIT walking an index or the rowid in order${explained.bounded.length === 0 ? "." : ":"}`);
  for (const scan of explained.bounded) {
    console.log(`  SCAN ${scan.table}: ${scan.detail}\n    routes: ${scan.routes.join(", ")}\n    ${scan.sql}`);
  }
  console.log(`\n${SCAN_LEGEND.join("\n")}`);
}
const non2xx = results.reduce((sum, result) => sum + result.failed.length + [...result.figures.values()].reduce((total, run) => total + run.non2xx, 0), 0);
if (non2xx > 0) console.error(`NON-2XX: ${non2xx} answers were not 2xx (see above and the non-2xx column).`);
console.log(`\nbench:scale took ${((performance.now() - started) / 1000).toFixed(0)} s; ${loadLine()}`);
writeJson(options.json, {
  benchmark: "bench:scale",
  sizes: ordered,
  rounds,
  duration,
  connections,
  acceptEncoding: options.acceptEncoding ?? null,
  results: results.map((result) => ({ ...result, figures: Object.fromEntries(result.figures) })),
  pairedRatios: Object.fromEntries(pairedRatios),
  plans: explained?.plans ?? [],
  flagged: explained?.flagged ?? [],
  bounded: explained?.bounded ?? [],
});
if (non2xx > 0) process.exitCode = 1;
