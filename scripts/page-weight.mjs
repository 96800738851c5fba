#!/usr/bin/env node
/**
 * Prints the gzipped JavaScript and CSS each public page loads on first view,
 * from the production build's manifest (run `npm run build` first), and checks
 * each page's initial JavaScript against its budget. Chunks a page imports
 * lazily (the performance charts, the toast, the signed-in home dashboard) are
 * listed in their own column and do not count. Sizes come from the built
 * files only, so the check is deterministic.
 *
 * Usage: node scripts/page-weight.mjs [--json=<file>]
 * `--json` also writes `[{page, js, lazy, css, budget, target, ok}]` (KB) to <file>.
 * Exits non-zero when a page exceeds its budget or a route is missing from the build.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { readAssetsManifest } from "./assets-manifest.mjs";

/** The targets for initial JavaScript, gzipped, in KB: the landing page 95, every other public page 110. */
const LANDING_TARGET_KB = 95;
const PAGE_TARGET_KB = 110;

/**
 * Public pages: route id and budget in KB. The budget is the target, except
 * for pages still above it, whose budget is their measured size rounded up
 * (README "Page weight"): it keeps them from growing until they are cut down.
 */
const PAGES = {
  "/": { route: "routes/_index", budget: 95.4, target: LANDING_TARGET_KB },
  "/strategies": { route: "routes/strategies._index", budget: PAGE_TARGET_KB },
  "/strategies/alpha-swing": { route: "routes/strategies.$slug", budget: 110.7 },
  "/services": { route: "routes/services", budget: PAGE_TARGET_KB },
  "/pricing": { route: "routes/pricing", budget: PAGE_TARGET_KB },
  "/performance": { route: "routes/performance", budget: PAGE_TARGET_KB },
  "/academy": { route: "routes/academy", budget: PAGE_TARGET_KB },
  "/tools": { route: "routes/tools", budget: 110.7 },
  "/insights": { route: "routes/insights._index", budget: PAGE_TARGET_KB },
  "/insights/:slug": { route: "routes/insights.$slug", budget: PAGE_TARGET_KB },
  "/about": { route: "routes/about", budget: PAGE_TARGET_KB },
  "/contact": { route: "routes/contact", budget: PAGE_TARGET_KB },
  "/login": { route: "routes/login", budget: PAGE_TARGET_KB },
  "/signup": { route: "routes/signup", budget: PAGE_TARGET_KB },
};

const jsonArg = process.argv.find((arg) => arg.startsWith("--json="));

const buildDir = join("public", "build");
let manifest;
try {
  manifest = readAssetsManifest(buildDir);
} catch (error) {
  console.error(`No build manifest: ${error.message}`);
  process.exit(1);
}
const metafile = JSON.parse(readFileSync(join("build", "metafile.js.json"), "utf8"));

const gzipCache = new Map();
function gzipKb(publicPath) {
  if (!gzipCache.has(publicPath)) {
    const bytes = readFileSync(join("public", publicPath.replace(/^\//, "")));
    gzipCache.set(publicPath, gzipSync(bytes, { level: 9 }).length / 1024);
  }
  return gzipCache.get(publicPath);
}

/** Every output chunk reachable from `file` through dynamic imports only (lazy code). */
function lazyChunks(modules) {
  const lazy = new Set();
  const seen = new Set();
  const visit = (file, viaDynamic) => {
    const key = `${file}:${viaDynamic}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (viaDynamic) lazy.add(`/${file.replace(/^public\//, "")}`);
    for (const imp of metafile.outputs[file]?.imports ?? []) {
      if (imp.external) continue;
      visit(imp.path, viaDynamic || imp.kind === "dynamic-import");
    }
  };
  for (const module of modules) visit(`public${module}`, false);
  return lazy;
}

const cssFiles = readdirSync(join(buildDir, "_assets"))
  .filter((f) => f.endsWith(".css"))
  .map((f) => `/build/_assets/${f}`);

const rows = [];
const missing = [];
for (const [page, { route: routeId, budget, target = PAGE_TARGET_KB }] of Object.entries(PAGES)) {
  const route = manifest.routes[routeId];
  if (!route) {
    missing.push(`${page} (${routeId})`);
    continue;
  }
  const initial = new Set([
    manifest.entry.module,
    ...manifest.entry.imports,
    manifest.routes.root.module,
    ...(manifest.routes.root.imports ?? []),
    route.module,
    ...(route.imports ?? []),
  ]);
  const lazy = [...lazyChunks([route.module])].filter((f) => !initial.has(f));
  const js = [...initial].reduce((sum, f) => sum + gzipKb(f), 0);
  const lazyKb = lazy.reduce((sum, f) => sum + gzipKb(f), 0);
  const css = cssFiles.reduce((sum, f) => sum + gzipKb(f), 0);
  rows.push({ page, js, lazy: lazyKb, css, budget, target, ok: js <= budget });
}
const overBudget = rows.some((row) => !row.ok);

const fmt = (n) => (Number.isFinite(n) ? n.toFixed(1).padStart(8) : "   (n/a)");
console.log(
  `${"page".padEnd(26)}${"JS gz KB".padStart(10)}${"budget".padStart(8)}${"target".padStart(8)}${"lazy JS".padStart(10)}${"CSS gz KB".padStart(11)}`,
);
for (const row of rows) {
  const mark = row.ok ? "" : "  OVER BUDGET";
  console.log(
    `${row.page.padEnd(26)}${fmt(row.js).padStart(10)}${String(row.budget).padStart(8)}${String(row.target).padStart(8)}${fmt(row.lazy).padStart(10)}${fmt(row.css).padStart(11)}${mark}`,
  );
}
const aboveTarget = rows.filter((row) => row.js > row.target).map((row) => row.page);
console.log(`\nBudgets (gzipped initial JavaScript per page): ${overBudget ? "EXCEEDED" : "met"}.`);
if (aboveTarget.length) console.log(`Still above the target: ${aboveTarget.join(", ")}.`);
if (jsonArg) writeFileSync(jsonArg.slice("--json=".length), JSON.stringify(rows, null, 2));
if (missing.length) console.error(`Routes missing from the build: ${missing.join(", ")}`);
process.exit(overBudget || missing.length ? 1 : 0);
