#!/usr/bin/env node
/**
 * Writes the layer table and diagram of docs/architecture.md (between
 * `<!-- layers:start -->` and `<!-- layers:end -->`) from other/layers.cjs, the
 * same list .dependency-cruiser.cjs checks the imports against.
 * `--check` writes nothing and exits 1 when the doc differs from the rules.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const LAYERS = require("../other/layers.cjs");
const DOC = "docs/architecture.md";
const START = "<!-- layers:start -->";
const END = "<!-- layers:end -->";

/** The generated block: a table (layer, folder, what it holds, what it may import) and a Mermaid graph of the allowed imports. */
export function layersBlock(layers = LAYERS) {
  const folder = (layer) => layer.label ?? "`" + layer.path.replace(/^\^/, "").replace(/\\\./g, ".").replace(/\$$/, "") + "`";
  const rows = layers.map(
    (layer) =>
      `| ${layer.name} | ${folder(layer)} | ${layer.holds} | ${[...layer.imports].join(", ") || "nothing"}${layer.types.length ? `; types from ${layer.types.join(", ")}` : ""} |`,
  );
  const id = (name) => name.replace(/-/g, "_");
  const edges = layers.flatMap((layer) => [
    ...layer.imports.map((to) => `  ${id(layer.name)} --> ${id(to)}`),
    ...layer.types.map((to) => `  ${id(layer.name)} -.->|types| ${id(to)}`),
  ]);
  return [
    START,
    "<!-- Written by `npm run docs:layers` from other/layers.cjs; `npm run lint:deps` checks the code against the same rules. Do not edit by hand. -->",
    "| layer | path | holds | may import (besides itself) |",
    "|---|---|---|---|",
    ...rows,
    "",
    "```mermaid",
    "graph TD",
    ...edges,
    "```",
    END,
  ].join("\n");
}

/** The doc with its block replaced by `block`. @throws Error when the markers are missing. */
export function withLayersBlock(doc, block) {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${DOC} has no ${START} … ${END} block`);
  return doc.slice(0, start) + block + doc.slice(end + END.length);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const doc = readFileSync(DOC, "utf8");
  const next = withLayersBlock(doc, layersBlock());
  if (process.argv.includes("--check")) {
    if (next !== doc) {
      console.error(`${DOC}'s layer table differs from other/layers.cjs: run npm run docs:layers`);
      process.exit(1);
    }
  } else if (next !== doc) {
    writeFileSync(DOC, next);
    console.log(`wrote ${DOC}`);
  }
}
