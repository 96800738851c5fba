/**
 * `npm run build`, and every other place that makes a production build (the
 * test command, the harness servers, the fuzz suite, the benchmarks):
 * `remix build` with the caller's environment, then the server compiled to
 * build/server/ (scripts/build-server.mjs), then the framework chunks
 * marked for eager compilation (scripts/compile-hints.mjs),
 * then the assets precompressed (scripts/precompress-assets.mjs). The assets
 * folder is the one remix.config.js names for this environment (the
 * benchmark build has its own).
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import config from "../remix.config.js";
import { buildServer } from "./build-server.mjs";
import { hintFrameworkChunks } from "./compile-hints.mjs";
import { precompressAssets } from "./precompress-assets.mjs";

const remix = join("node_modules", ".bin", process.platform === "win32" ? "remix.cmd" : "remix");
const built = spawnSync(remix, ["build"], { stdio: "inherit" });
if (built.status !== 0) process.exit(built.status ?? 1);
console.log(`compiled the server: ${(await buildServer()).join(", ")}`);

const assets = config.assetsBuildDirectory ?? "public/build";
const hinted = hintFrameworkChunks(assets, config.publicPath ?? "/build/");
console.log(`compile hint on ${hinted.length} framework chunks`);
const started = performance.now();
const { files, bytes, brotliBytes } = await precompressAssets(assets);
console.log(
  `precompressed ${files} assets in ${assets}: ${(bytes / 1024).toFixed(0)} KB, ${(brotliBytes / 1024).toFixed(0)} KB as brotli (${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
