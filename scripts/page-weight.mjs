#!/usr/bin/env node
/**
 * Prints the gzipped JavaScript and CSS each public page loads on first view,
 * from the production build's manifest (run `npm run build` first). Chunks a
 * page imports lazily (the performance charts) are listed in their own column.
 * Exits non-zero when a page's initial JavaScript exceeds the budget.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** Budget for a page's initial JavaScript, gzipped, in KB (issue: under 150 KB). */
const JS_BUDGET_KB = 150;

const PAGES = {
  "/": "routes/_index",
  "/strategies": "routes/strategies._index",
  "/strategies/alpha-swing": "routes/strategies.$slug",
  "/services": "routes/services",
  "/pricing": "routes/pricing",
  "/performance": "routes/performance",
  "/academy": "routes/academy",
  "/tools": "routes/tools",
  "/insights": "routes/insights._index",
  "/insights/:slug": "routes/insights.$slug",
  "/about": "routes/about",
  "/contact": "routes/contact",
  "/login": "routes/login",
  "/signup": "routes/signup",
};

const buildDir = join("public", "build");
const manifestFile = readdirSync(buildDir).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) {
  console.error("No build manifest found: run `npm run build` first.");
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(join(buildDir, manifestFile), "utf8").replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, ""));
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
let overBudget = false;
const missing = [];
for (const [page, routeId] of Object.entries(PAGES)) {
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
  if (js > JS_BUDGET_KB) overBudget = true;
  rows.push({ page, js, lazy: lazyKb, css });
}

const fmt = (n) => (Number.isFinite(n) ? n.toFixed(1).padStart(8) : "   (n/a)");
console.log(`${"page".padEnd(26)}${"JS gz KB".padStart(10)}${"lazy JS".padStart(10)}${"CSS gz KB".padStart(11)}`);
for (const row of rows) {
  console.log(`${row.page.padEnd(26)}${fmt(row.js).padStart(10)}${fmt(row.lazy).padStart(10)}${fmt(row.css).padStart(11)}`);
}
console.log(`\nBudget: ${JS_BUDGET_KB} KB of gzipped initial JavaScript per page: ${overBudget ? "EXCEEDED" : "met"}.`);
if (missing.length) console.error(`Routes missing from the build: ${missing.join(", ")}`);
process.exit(overBudget || missing.length ? 1 : 0);
