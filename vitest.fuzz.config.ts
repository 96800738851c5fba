import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The fuzz suite (tests/fuzz): real HTTP against the production build, one
 * file at a time. FUZZ_RUNS and FUZZ_SEED set the number of random cases and
 * their seed; `npm run fuzz` (scripts/fuzz.mjs) sets them from --runs/--seed.
 */
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  esbuild: { jsx: "automatic" },
  test: {
    globals: true,
    environment: "node",
    include: ["tests/fuzz/**/*.test.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
