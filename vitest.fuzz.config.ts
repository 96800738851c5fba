import { defineConfig, mergeConfig } from "vitest/config";
import { sharedConfig } from "./vitest.config";

/**
 * The fuzz suite (tests/fuzz): real HTTP against the production build, one
 * file at a time. FUZZ_RUNS and FUZZ_SEED set the number of random cases and
 * their seed; `npm run fuzz` (scripts/fuzz.mjs) sets them from --runs/--seed.
 */
export default mergeConfig(
  sharedConfig,
  defineConfig({
    test: {
      include: ["tests/fuzz/**/*.test.ts"],
      fileParallelism: false,
      testTimeout: 120_000,
      hookTimeout: 120_000,
    },
  }),
);
