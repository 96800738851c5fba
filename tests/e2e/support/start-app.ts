/**
 * Starts the production build for the browser tests on its own temporary,
 * migrated and seeded SQLite file, served in this process by the app's own
 * server (server/index.ts), as `npm start` does. The tests stand in for one
 * trusted proxy (TRUST_PROXY=1): each names its client address in
 * X-Forwarded-For (see fixtures.ts), so tests do not share rate limits.
 * Usage: tsx tests/e2e/support/start-app.ts <port> [oauth-issuer-url]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runSetup } from "../../../db/setup";
import { startFromEnv } from "../../../server/index";

const port = process.argv[2] ?? "3100";
const issuer = process.argv[3];
const dir = mkdtempSync(join(tmpdir(), `fx-trader-e2e-${port}-`));

Object.assign(process.env, {
  NODE_ENV: "production",
  PORT: port,
  TRUST_PROXY: "1",
  DATABASE_PATH: join(dir, "e2e.db"),
  SESSION_SECRET: "e2e-session-secret-0123456789abcdef0123456789",
  APP_URL: `http://localhost:${port}`,
  ...(issuer ? { OAUTH_ISSUER: issuer, OAUTH_CLIENT_ID: "fx-trader-e2e", OAUTH_CLIENT_SECRET: "e2e-secret" } : {}),
});

// The browser tests need the demo accounts, which a production seed leaves out.
await runSetup({ ...process.env, NODE_ENV: "test" }, (line) => console.log(`[e2e:${port}] ${line}`));

const running = await startFromEnv();
console.log(`[e2e:${port}] listening on ${running.url}`);

function stop() {
  void running.close().finally(() => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
