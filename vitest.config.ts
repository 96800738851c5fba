import { fileURLToPath } from "node:url";
import { defineConfig, mergeConfig } from "vitest/config";

/** What every Vitest run of this repository shares (this file's suite and vitest.fuzz.config.ts). */
export const sharedConfig = defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  esbuild: { jsx: "automatic" },
  test: {
    globals: true,
    environment: "node",
    pool: "forks",
  },
});

/** Unit and integration tests, each file on its own temporary database (tests/setup/vitest.setup.ts). */
export default mergeConfig(
  sharedConfig,
  defineConfig({
    test: {
      include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
      setupFiles: ["tests/setup/vitest.setup.ts"],
      testTimeout: 20_000,
      hookTimeout: 30_000,
    },
  }),
);
