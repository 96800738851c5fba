#!/usr/bin/env node
/**
 * `npm run fuzz`: builds the app, then runs the fuzz suite (tests/fuzz with
 * vitest.fuzz.config.ts) against the production build.
 *
 *   npm run fuzz                               2,000 cases, seed 20261123 (what `npm test` runs)
 *   npm run fuzz -- --runs 20000               a long run
 *   npm run fuzz -- --runs 20000 --seed random a long run on a new seed (printed first)
 *   --no-build                                 use build/ as it is
 *
 * Any other argument goes to Vitest (e.g. --reporter=json --outputFile=...).
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const bin = (name) => join("node_modules", ".bin", name);
const args = process.argv.slice(2);
const env = { ...process.env };
const passThrough = [];
let build = true;

for (let i = 0; i < args.length; i += 1) {
  const arg = args[i];
  const [flag, inline] = arg.split("=", 2);
  const value = () => inline ?? args[++i];
  if (flag === "--runs") {
    const runs = Number(value());
    if (!Number.isInteger(runs) || runs < 1) {
      console.error("--runs takes a positive integer, e.g. --runs 20000");
      process.exit(2);
    }
    env.FUZZ_RUNS = String(runs);
  } else if (flag === "--seed") {
    const seed = value();
    if (seed !== "random" && !/^\d+$/.test(seed ?? "")) {
      console.error("--seed takes a non-negative integer or 'random'");
      process.exit(2);
    }
    env.FUZZ_SEED = seed;
  } else if (arg === "--no-build") {
    build = false;
  } else {
    passThrough.push(arg);
  }
}

if (build) {
  const result = spawnSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const result = spawnSync(bin("vitest"), ["run", "--config", "vitest.fuzz.config.ts", ...passThrough], { stdio: "inherit", env });
process.exit(result.status ?? 1);
