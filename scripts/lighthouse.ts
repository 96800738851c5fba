/**
 * `npm run lighthouse` (a benchmark, not a test): Lighthouse on every public
 * page of the production build with the bare routes
 * (docs/decisions/0060-bare-route-benchmark.md), served on a fresh seeded
 * database, in mobile (Lighthouse's default config: a mid-range phone on a
 * slow 4G link, simulated) and desktop form factors. Chromium is CHROME_PATH,
 * default /usr/bin/chromium, headless. Each page and form factor runs `--runs`
 * times (default 3); the scores printed are the medians, with the median Total
 * Blocking Time and the host's benchmark index (Lighthouse's measure of this
 * CPU's speed, on which the simulated mobile metrics depend), and the top 3
 * opportunities and failing audits come from the run with the median
 * performance score.
 *
 * Two baselines are measured beside each page, so its mobile score can be read
 * against what this host allows at that moment
 * (docs/decisions/0094-lighthouse-baselines.md):
 * - the bare page: each mobile run of a page is followed by a mobile run of
 *   the bare page (the root layout and its JavaScript around one line of text);
 * - the page in mobile form with its scripts blocked (`/build/*.js`,
 *   Lighthouse's `blockedUrlPatterns`): the same document and stylesheet
 *   without hydration, performance only.
 *
 *   npm run lighthouse -- --only /insights --runs 1 --json lighthouse.json
 *
 * Exits 1 only when the server or a page failed (a non-2xx answer).
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, type Flags, type Result } from "lighthouse";
import { prepareHarnessDatabase, startAppServer } from "../harness/app-server";
import { median } from "../harness/stats";
import { allTargets, BARE, buildBenchBuild, loadLine, printTable, readOptions, signInBoth, statusesOf, writeJson } from "./bench/support";

const options = readOptions();
const runs = options.integer("runs", 3);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const FORM_FACTORS = ["mobile", "mobile, scripts blocked", "desktop"] as const;
type FormFactor = (typeof FORM_FACTORS)[number];
/** The client bundle's URLs: blocked in the "scripts blocked" runs (the inline theme script and hydration starter still run, and find nothing to load). */
const SCRIPTS_BLOCKED = ["*/build/*.js"];

/** What one page and form factor scored over the runs. */
interface PageResult {
  path: string;
  formFactor: FormFactor;
  /** Median score per category, 0–100 (performance only, NaN for the others, with scripts blocked). */
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** Every run's scores, in order. */
  runs: Array<Record<(typeof CATEGORIES)[number], number>>;
  /** Mobile only: the performance score (0–100) of the bare page's run after each of this page's runs, in order; empty otherwise. */
  bareRuns: number[];
  /** Top 3 of the median run: opportunities by estimated savings, then failing audits by weight. */
  top: string[];
  /** Median Total Blocking Time over the runs, ms (simulated on mobile): the metric the scores below 100 lose most on. */
  tbtMs: number;
  /**
   * Median of Lighthouse's `environment.benchmarkIndex` over the runs: the
   * speed of this machine's CPU as Lighthouse measured it at the time (higher is
   * faster). The simulated metrics scale with it, so scores of runs made at
   * different host speeds are not comparable one for one.
   */
  benchmarkIndex: number;
}

function scoresOf(lhr: Result): Record<(typeof CATEGORIES)[number], number> {
  return Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? NaN) * 100)])) as Record<(typeof CATEGORIES)[number], number>;
}

/** A median score for the table: "-" for a category that did not run. */
function shown(score: number): number | string {
  return Number.isNaN(score) ? "-" : score;
}

/** Estimated savings of an audit in ms: its opportunity savings, else the sum of its metric savings (Lighthouse 12 insights). */
function savingsMs(audit: Result["audits"][string]): number {
  const opportunity = (audit.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs ?? 0;
  const metrics = Object.values(audit.metricSavings ?? {}).reduce<number>((sum, value) => sum + (value ?? 0), 0);
  return opportunity > 0 ? opportunity : metrics;
}

/**
 * The first three of: audits scoring under 0.9 with estimated savings,
 * largest first, then the other failing audits that count in a category
 * score (weight above 0), heaviest loss first.
 */
function topFindings(lhr: Result): string[] {
  const findings: Array<{ text: string; rank: number }> = [];
  const seen = new Set<string>();
  for (const audit of Object.values(lhr.audits)) {
    const saved = savingsMs(audit);
    if (audit.score === null || audit.score >= 0.9 || saved <= 0) continue;
    const bytes = (audit.details as { overallSavingsBytes?: number } | undefined)?.overallSavingsBytes;
    findings.push({ text: `${audit.title} (~${Math.round(saved)} ms${bytes ? `, ${Math.round(bytes / 1024)} KB` : ""})`, rank: 1e9 + saved });
    seen.add(audit.id);
  }
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || seen.has(audit.id) || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
      const value = audit.displayValue ? ` (${audit.displayValue})` : "";
      findings.push({ text: `${id}: ${audit.title}${value}`, rank: ref.weight * (1 - audit.score) });
      seen.add(audit.id);
    }
  }
  return findings
    .sort((a, b) => b.rank - a.rank)
    .slice(0, 3)
    .map((finding) => finding.text);
}

/** Attempts per run: on a loaded machine Chromium sometimes loses the trace (NO_NAVSTART, NO_FCP); such a run is retried. */
const ATTEMPTS = 3;

/**
 * One Lighthouse run of `url`, retried when Lighthouse reports a runtime error.
 * @throws Error with Lighthouse's message after ATTEMPTS failures.
 */
async function audit(url: string, flags: Flags, formFactor: FormFactor): Promise<Result> {
  let message = "no result";
  const runFlags: Flags =
    formFactor === "mobile, scripts blocked" ? { ...flags, onlyCategories: ["performance"], blockedUrlPatterns: SCRIPTS_BLOCKED } : flags;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const outcome = await lighthouse(url, runFlags, formFactor === "desktop" ? desktopConfig : undefined);
    if (outcome && !outcome.lhr.runtimeError) return outcome.lhr;
    message = outcome?.lhr.runtimeError?.message ?? "no result";
    process.stderr.write(`${url} ${formFactor}: attempt ${attempt} failed: ${message}\n`);
  }
  throw new Error(`Lighthouse failed ${ATTEMPTS} times on ${url} (${formFactor}): ${message}`);
}

console.log(`lighthouse: ${loadLine()}`);
const started = performance.now();
const build = buildBenchBuild();
const db = await prepareHarnessDatabase();
const server = await startAppServer(db.databasePath, { build });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox"],
});
try {
  const cookies = await signInBoth(server);
  const pages = [BARE.page, ...(await allTargets(server)).filter((target) => target.kind === "page" && target.as === "guest" && (!options.only || target.path.includes(options.only)))];
  const statuses = await statusesOf(server, pages, cookies);
  const failed = pages.map((page, index) => ({ path: page.path, status: statuses[index]! })).filter(({ status }) => status < 200 || status >= 300);
  for (const { path, status } of failed) console.error(`NON-2XX: GET ${path} answered ${status}; not audited`);
  if (failed.some((bad) => bad.path === BARE.page.path)) throw new Error(`The bare page ${BARE.page.path} did not answer 2xx`);
  const audited = pages.filter((page) => page !== BARE.page && !failed.some((bad) => bad.path === page.path));
  console.log(`${audited.length} pages x ${FORM_FACTORS.length} form factors x ${runs} runs, each mobile run followed by one of the bare page ${BARE.page.path}, against ${server.url} (production build with the bare routes, fresh seeded database, ${chrome.process.spawnfile})`);

  const flags: Flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] };
  const results: PageResult[] = [];
  for (const page of audited) {
    for (const formFactor of FORM_FACTORS) {
      const lhrs: Result[] = [];
      const bareRuns: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        lhrs.push(await audit(`${server.url}${page.path}`, flags, formFactor));
        if (formFactor === "mobile") bareRuns.push(scoresOf(await audit(`${server.url}${BARE.page.path}`, flags, formFactor)).performance);
      }
      const all = lhrs.map(scoresOf);
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, median(all.map((run) => run[id]))])) as PageResult["scores"];
      const medianRun = lhrs[all.map((run, index) => ({ index, score: run.performance })).sort((a, b) => a.score - b.score)[Math.floor((all.length - 1) / 2)]!.index]!;
      const result: PageResult = {
        path: page.path,
        formFactor,
        scores,
        runs: all,
        bareRuns,
        top: topFindings(medianRun),
        tbtMs: median(lhrs.map((lhr) => lhr.audits["total-blocking-time"]?.numericValue ?? NaN)),
        benchmarkIndex: median(lhrs.map((lhr) => lhr.environment.benchmarkIndex)),
      };
      results.push(result);
      const beside = bareRuns.length > 0 ? `; bare page beside it ${bareRuns.join(" ")}` : "";
      process.stderr.write(`${page.path} ${formFactor}: ${CATEGORIES.map((id) => `${id} ${shown(scores[id])}`).join(", ")}${beside}\n`);
    }
  }

  console.log(`\nMedian scores of ${runs} run(s) (0-100):`);
  printTable(
    results.map((result) => ({
      page: result.path,
      "form factor": result.formFactor,
      performance: result.scores.performance,
      accessibility: shown(result.scores.accessibility),
      "best practices": shown(result.scores["best-practices"]),
      SEO: shown(result.scores.seo),
      "performance runs": result.runs.map((run) => run.performance).join(" "),
      "TBT ms": Math.round(result.tbtMs),
      "bare page beside it (runs)": result.bareRuns.length > 0 ? `${median(result.bareRuns)} (${result.bareRuns.join(" ")})` : "-",
      "host benchmark index": Math.round(result.benchmarkIndex),
    })),
  );
  console.log("\nTop opportunities and failing audits (run with the median performance score):");
  for (const result of results) {
    console.log(`\n${result.path} (${result.formFactor})`);
    for (const finding of result.top.length > 0 ? result.top : ["nothing to report"]) console.log(`  - ${finding}`);
  }
  console.log(`\nlighthouse took ${((performance.now() - started) / 1000).toFixed(0)} s; ${loadLine()}`);
  writeJson(options.json, { benchmark: "lighthouse", runs, failed, results });
  if (failed.length > 0) process.exitCode = 1;
} finally {
  chrome.kill();
  await server.stop();
  db.remove();
}
