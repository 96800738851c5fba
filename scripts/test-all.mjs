#!/usr/bin/env node
/**
 * The whole test suite: typecheck, the import layering, Vitest (unit + integration), production
 * build, the page-weight budgets of that build, the fuzz suite against it,
 * Playwright (JavaScript on and off). Ends with one line `N passed, N failed`
 * summing every suite; exits non-zero if anything failed.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

const bin = (name) => join("node_modules", ".bin", name);
const reports = join("test-results", "reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
/** The names of the failed checks, printed above the summary line so that the end of a log says what failed. */
const failures = [];

/** Counts one failed check and names it for the list above the summary. */
function fail(name) {
  failed += 1;
  failures.push(name);
}

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`=== ${label}: ${result.status === 0 ? "ok" : `failed (exit ${result.status})`} in ${seconds}s ===`);
  return result.status === 0;
}

/** The failed tests of a Vitest JSON report, as "suite: file › name". */
function vitestFailures(suite, report) {
  return (report?.testResults ?? []).flatMap((file) =>
    file.assertionResults.filter((test) => test.status === "failed").map((test) => `${suite}: ${file.name.replace(`${process.cwd()}/`, "")} › ${test.fullName}`),
  );
}

/** The tests of a Playwright JSON report that failed on every try, as "playwright: file › title [project]". */
function playwrightFailures(report) {
  const walk = (suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.filter((test) => test.status === "unexpected").map((test) => `playwright: ${spec.file} › ${spec.title} [${test.projectName}]`),
    ),
    ...(suite.suites ?? []).flatMap(walk),
  ];
  return (report?.suites ?? []).flatMap(walk);
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

// 1. Typecheck counts as one check.
if (run("typecheck", bin("tsc"), ["--noEmit"])) passed += 1;
else fail("typecheck");

// 1b. The layering (dependency-cruiser over other/layers.cjs) and docs/architecture.md's table of it count as one check.
if (run("layering", "npm", ["run", "--silent", "lint:deps"])) passed += 1;
else fail("layering: an import breaks other/layers.cjs, or docs/architecture.md is stale (npm run docs:layers)");

// 2. Vitest.
const vitestReport = join(reports, "vitest.json");
const vitestOk = run("vitest", bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile=${vitestReport}`]);
const vitest = readJson(vitestReport);
passed += vitest?.numPassedTests ?? 0;
failed += vitest?.numFailedTests ?? 0;
failures.push(...vitestFailures("vitest", vitest));
// A run that failed without a failing test (a broken file, an error outside tests) still fails.
if (!vitestOk && !vitest?.numFailedTests) fail("vitest: a file or hook failed outside any test (see its output above)");

// 3. Build (needed by the browser tests).
const buildOk = run("build", process.execPath, ["scripts/build.mjs"]);
if (buildOk) passed += 1;
else fail("build");

// 4. Page weight: each public page's initial JavaScript against its budget, one check per page (sizes of the built files, no server).
const weightReport = join(reports, "page-weight.json");
if (buildOk) {
  const weightOk = run("page weight", process.execPath, ["scripts/page-weight.mjs", `--json=${weightReport}`]);
  const pages = readJson(weightReport);
  passed += pages?.filter((page) => page.ok).length ?? 0;
  failed += pages?.filter((page) => !page.ok).length ?? 0;
  failures.push(...(pages ?? []).filter((page) => !page.ok).map((page) => `page weight: ${page.page} ${page.js.toFixed(3)} KB over ${page.budget} KB`));
  // A run that failed with every page within budget (a route missing from the build, a crash) still fails.
  if (!weightOk && !pages?.some((page) => !page.ok)) fail("page weight: the check itself failed (see its output above)");
} else {
  fail("page weight: not run (no build)");
}

// 5. Fuzz suite against the production build (fixed seed, 2,000 cases).
const fuzzReport = join(reports, "fuzz.json");
if (buildOk) {
  const fuzzOk = run("fuzz", process.execPath, ["scripts/fuzz.mjs", "--no-build", "--reporter=default", "--reporter=json", `--outputFile=${fuzzReport}`]);
  const fuzz = readJson(fuzzReport);
  passed += fuzz?.numPassedTests ?? 0;
  failed += fuzz?.numFailedTests ?? 0;
  failures.push(...vitestFailures("fuzz", fuzz));
  if (!fuzzOk && !fuzz?.numFailedTests) fail("fuzz: a file or hook failed outside any test (see its output above)");
} else {
  fail("fuzz: not run (no build)");
}

// 6. Playwright.
if (buildOk && run("chromium", process.execPath, ["scripts/ensure-chromium.mjs"])) {
  const pwReport = join(reports, "playwright.json");
  const pwOk = run("playwright", bin("playwright"), ["test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwReport });
  const pw = existsSync(pwReport) ? readJson(pwReport) : null;
  // Flaky tests passed on a retry; they count as passed (the list reporter names them).
  passed += (pw?.stats?.expected ?? 0) + (pw?.stats?.flaky ?? 0);
  failed += pw?.stats?.unexpected ?? 0;
  failures.push(...playwrightFailures(pw));
  if (!pwOk && !pw?.stats?.unexpected) fail("playwright: the run failed outside any test (see its output above)");
} else {
  fail("playwright: not run (no build or no Chromium)");
}

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((name) => `  - ${name}`).join("\n")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
