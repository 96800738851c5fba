import { defineConfig } from "@playwright/test";
import { E2E } from "./tests/e2e/support/ports";

const chromium = {
  browserName: "chromium" as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
      // Contexts share two renderer processes instead of starting one each, and no
      // GPU process rasterises in software: 57 tests took 116-126 s instead of 141-146 s.
      "--renderer-process-limit=2",
      "--disable-software-rasterizer",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? "test-results/playwright.json" }]],
  use: {
    baseURL: `http://localhost:${E2E.appPort}`,
    // Recording a trace (DOM snapshots, screencast) for every test took 14% of
    // the run; a failing test is traced on its retry instead.
    trace: "on-first-retry",
    ...chromium,
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false } },
  ],
  webServer: [
    {
      command: `node tests/e2e/support/oauth-mock.mjs ${E2E.oauthIssuerPort}`,
      url: `http://127.0.0.1:${E2E.oauthIssuerPort}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node_modules/.bin/tsx tests/e2e/support/start-app.ts ${E2E.appPort}`,
      url: `http://localhost:${E2E.appPort}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `node_modules/.bin/tsx tests/e2e/support/start-app.ts ${E2E.oauthAppPort} http://127.0.0.1:${E2E.oauthIssuerPort}`,
      url: `http://localhost:${E2E.oauthAppPort}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
