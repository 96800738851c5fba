/**
 * What `npm run bench:pages`, `npm run bench:scale` and `npm run lighthouse`
 * share: their command-line options, the benchmark build with the bare routes
 * (docs/decisions/0060-bare-route-benchmark.md), the list of routes measured,
 * one autocannon run and the printed table (medians and percentiles: harness/stats.ts). Benchmarks print figures;
 * nothing here passes or fails on a time.
 */
import { execFileSync } from "node:child_process";
import { cpSync, readdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import autocannon from "autocannon";
import { BENCH_BARE_JSON, BENCH_BARE_PAGE, BENCH_BUILD_DIR } from "../../remix.config.js";
import { DEMO_ACCOUNTS, send, signIn, type AppServer, type BuildLocation } from "../../harness/app-server";

/** Command-line options shared by the three benchmarks. */
export interface BenchOptions {
  /** Only the targets whose path contains this text. */
  only: string | undefined;
  /** Write the results as JSON to this file. */
  json: string | undefined;
  /** `--accept-encoding <value>`: the Accept-Encoding header every measured request sends (none by default). */
  acceptEncoding: string | undefined;
  /** `--name <n>` as a positive integer, or `fallback`. */
  integer(name: string, fallback: number): number;
  /** `--name <a,b,c>` as positive integers, or `fallback`. */
  integers(name: string, fallback: number[]): number[];
}

/**
 * Reads `--only <text>`, `--json <file>`, `--accept-encoding <value>` and integer options (`--name 3` or
 * `--name=3`) from `process.argv`; exits 2 with a message on a bad value.
 */
export function readOptions(): BenchOptions {
  const args = process.argv.slice(2);
  const raw = (name: string): string | undefined => {
    const index = args.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
    if (index === -1) return undefined;
    const value = args[index]!.includes("=") ? args[index]!.slice(args[index]!.indexOf("=") + 1) : args[index + 1];
    if (value === undefined || value === "") {
      console.error(`--${name} takes a value`);
      process.exit(2);
    }
    return value;
  };
  const positive = (name: string, text: string): number => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) {
      console.error(`--${name} takes positive integers`);
      process.exit(2);
    }
    return value;
  };
  return {
    only: raw("only"),
    json: raw("json"),
    acceptEncoding: raw("accept-encoding"),
    integer(name, fallback) {
      const text = raw(name);
      return text === undefined ? fallback : positive(name, text);
    },
    integers(name, fallback) {
      const text = raw(name);
      return text === undefined ? fallback : text.split(",").map((part) => positive(name, part.trim()));
    },
  };
}

/** The benchmark build's location (.cache/bench-build), for `startAppServer`. */
export const BENCH_BUILD: BuildLocation = {
  serverBuildPath: resolve(BENCH_BUILD_DIR, "index.js"),
  publicDir: resolve(BENCH_BUILD_DIR, "public"),
};

/**
 * Runs the build (scripts/build.mjs) with BENCH_BARE_ROUTES=1 (and NODE_ENV=production): the
 * production build plus the two bare routes, written to .cache/bench-build, and copies the
 * static files of public/ (the favicon, the push service worker) beside its assets, so a
 * browser finds them there too. build/ and public/build are not touched.
 * @throws Error when the build fails.
 */
export function buildBenchBuild(): BuildLocation {
  const started = performance.now();
  execFileSync(process.execPath, ["scripts/build.mjs"], {
    stdio: "pipe",
    env: { ...process.env, NODE_ENV: "production", BENCH_BARE_ROUTES: "1" },
  });
  for (const entry of readdirSync("public")) {
    if (entry !== "build") cpSync(resolve("public", entry), resolve(BENCH_BUILD.publicDir, entry), { recursive: true });
  }
  console.log(`benchmark build with the bare routes in ${BENCH_BUILD_DIR} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return BENCH_BUILD;
}

/** One measured route. */
export interface Target {
  /** The path and query requested, e.g. `/api/signals?limit=20`. */
  path: string;
  /** `page` is compared with the bare page, `api` with the bare JSON route. */
  kind: "page" | "api";
  /** Who asks: nobody, the demo subscriber or the demo admin. */
  as: "guest" | "subscriber" | "admin";
}

/** The bare page and the bare JSON route of the benchmark build. */
export const BARE: Record<Target["kind"], Target> = {
  page: { path: BENCH_BARE_PAGE, kind: "page", as: "guest" },
  api: { path: BENCH_BARE_JSON, kind: "api", as: "guest" },
};

/** Seeded ids and slugs the target paths need, read from the running server's /api. */
interface SeededKeys {
  blogSlug: string;
  signalId: number;
  strategyId: number;
}

async function getJson(server: AppServer, path: string, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await send(server, { path, headers });
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${response.body.slice(0, 200)}`);
  return JSON.parse(response.body);
}

/** The first element of the array `body` holds (the body itself, or its `data`/`posts`/... array). */
function firstItem(body: unknown): Record<string, unknown> {
  const list = Array.isArray(body) ? body : Object.values(body as Record<string, unknown>).find(Array.isArray);
  const item = (list as unknown[] | undefined)?.[0];
  if (typeof item !== "object" || item === null) throw new Error(`No list in ${JSON.stringify(body).slice(0, 200)}`);
  return item as Record<string, unknown>;
}

async function seededKeys(server: AppServer, strategySlug: string): Promise<SeededKeys> {
  const post = firstItem(await getJson(server, "/api/blog?limit=1"));
  const signal = firstItem(await getJson(server, "/api/signals?limit=1"));
  const strategy = (await getJson(server, `/api/strategies/${strategySlug}`)) as Record<string, unknown>;
  const strategyId = Number(strategy.id ?? (strategy.strategy as Record<string, unknown> | undefined)?.id);
  if (typeof post.slug !== "string" || !Number.isInteger(Number(signal.id)) || !Number.isInteger(strategyId)) {
    throw new Error("Could not read a blog slug, a signal id and a strategy id from /api");
  }
  return { blogSlug: post.slug, signalId: Number(signal.id), strategyId };
}

/** The strategy whose pages and /api routes are measured. */
export const STRATEGY_SLUG = "alpha-swing";

/**
 * Every route measured: the public pages (app/routes), the strategy page's
 * tabs, both dashboards signed in as the subscriber, the admin signal desk,
 * and every /api GET route except the Server-Sent Events stream and the
 * sign-in redirects, with realistic query strings.
 */
export async function allTargets(server: AppServer): Promise<Target[]> {
  const keys = await seededKeys(server, STRATEGY_SLUG);
  const page = (path: string, as: Target["as"] = "guest"): Target => ({ path, kind: "page", as });
  const api = (path: string, as: Target["as"] = "guest"): Target => ({ path, kind: "api", as });
  const strategy = `/strategies/${STRATEGY_SLUG}`;
  return [
    page("/"),
    page("/strategies"),
    page(strategy),
    page(`${strategy}?tab=playbook`),
    page(`${strategy}?tab=performance`),
    page(`${strategy}?tab=signals`),
    page("/services"),
    page("/pricing"),
    page("/performance"),
    page("/academy"),
    page("/tools"),
    page("/insights"),
    page(`/insights/${keys.blogSlug}`),
    page("/about"),
    page("/contact"),
    page("/login"),
    page("/signup"),
    page("/docs/api"),
    page(`/signals/${keys.signalId}`),
    page("/dashboard", "subscriber"),
    page("/portal/dashboard", "subscriber"),
    page("/admin/signals", "admin"),
    api("/api/strategies"),
    api(`/api/strategies/${STRATEGY_SLUG}`),
    api(`/api/strategies/${STRATEGY_SLUG}/performance`),
    api(`/api/strategies/${STRATEGY_SLUG}/trades.csv`),
    api("/api/signals?limit=20"),
    api(`/api/signals/strategy/${keys.strategyId}?limit=20`),
    api(`/api/signals/${keys.signalId}/events`),
    api("/api/blog?limit=12"),
    api(`/api/blog/${keys.blogSlug}`),
    api("/api/ledger?limit=100"),
    api("/api/ledger/head"),
    api("/api/openapi.json"),
    api("/api/me", "subscriber"),
    api("/api/auth/user", "subscriber"),
    api("/api/user/subscription", "subscriber"),
    api("/api/user/strategy-access", "subscriber"),
    api("/api/webhooks", "subscriber"),
    api("/api/mt5/queue?limit=20", "subscriber"),
  ];
}

/** The session cookies of the demo subscriber and admin on `server`. */
export type Cookies = Record<Exclude<Target["as"], "guest">, string>;

/** Signs the demo subscriber (trader) and admin in. */
export async function signInBoth(server: AppServer): Promise<Cookies> {
  return { subscriber: await signIn(server, DEMO_ACCOUNTS.trader), admin: await signIn(server, DEMO_ACCOUNTS.admin) };
}

/** The request headers of `target` (its session cookie when signed in). */
export function headersOf(target: Target, cookies: Cookies): Record<string, string> {
  return target.as === "guest" ? {} : { Cookie: cookies[target.as] };
}

/** The status of one plain request to each target, in order (each given `timeoutMs`, default 15 s); 0 when no answer came. */
export async function statusesOf(server: AppServer, targets: Target[], cookies: Cookies, timeoutMs?: number): Promise<number[]> {
  const statuses: number[] = [];
  for (const target of targets) {
    statuses.push(await send(server, { path: target.path, headers: headersOf(target, cookies), timeoutMs }).then((response) => response.status, () => 0));
  }
  return statuses;
}

/** The figures of one autocannon run. */
export interface RunFigures {
  /** Latency percentiles, ms. */
  p50: number;
  p99: number;
  /** Mean requests per second over the run. */
  rps: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/**
 * One autocannon run of `target` on `server`: `connections` connections for
 * `duration` seconds, 10 s timeout; then one more request, which waits (up to
 * 10 minutes) for the answers still in flight. Latencies are NaN when no
 * answer came in time. With `acceptEncoding`, every request sends that
 * Accept-Encoding (as browsers do), so compression is part of the cost.
 */
export async function measure(
  server: AppServer,
  target: Target,
  cookies: Cookies,
  duration: number,
  connections = 50,
  acceptEncoding?: string,
): Promise<RunFigures> {
  const headers = { ...headersOf(target, cookies), ...(acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding }) };
  const result = await autocannon({ url: `${server.url}${target.path}`, headers, connections, duration, timeout: 10 });
  // Answers still in flight when the run stops would slow the next run down: wait for one more, queued behind them.
  const drained = await send(server, { path: target.path, headers, timeoutMs: 600_000 }).then(
    () => true,
    () => false,
  );
  if (!drained) process.stderr.write(`${target.path}: the server was still busy 10 minutes after the run\n`);
  const none = result.requests.total === 0;
  return {
    p50: none ? NaN : result.latency.p50,
    p99: none ? NaN : result.latency.p99,
    rps: result.requests.average,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** Prints rows as a plain text table, columns padded, numbers right-aligned. */
export function printTable(rows: Array<Record<string, string | number>>): void {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const cells = rows.map((row) => columns.map((column) => String(row[column] ?? "")));
  const widths = columns.map((column, index) => Math.max(column.length, ...cells.map((line) => line[index]!.length)));
  const numeric = columns.map((column) => rows.every((row) => typeof row[column] === "number" || /^[\d.×x-]*$/.test(String(row[column] ?? ""))));
  const line = (values: string[]) => values.map((value, index) => (numeric[index] ? value.padStart(widths[index]!) : value.padEnd(widths[index]!))).join(" | ");
  console.log(line(columns));
  console.log(widths.map((width) => "-".repeat(width)).join("-|-"));
  for (const values of cells) console.log(line(values));
}

/** Writes `data` as indented JSON to `file` when given, and says so. */
export function writeJson(file: string | undefined, data: unknown): void {
  if (!file) return;
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  console.log(`results written to ${file}`);
}

/** The machine's load averages (1, 5, 15 min) and core count, for the record: the figures depend on what else runs. */
export function loadLine(): string {
  const [one, five, fifteen] = loadavg().map((value) => value.toFixed(2));
  return `${new Date().toISOString()} load average ${one}, ${five}, ${fifteen} on ${cpus().length} cores`;
}
