/**
 * Starts the production build for the browser tests on its own temporary,
 * migrated and seeded SQLite file, then serves it with remix-serve.
 * Usage: tsx tests/e2e/support/start-app.ts <port> [oauth-issuer-url]
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runSetup } from "../../../db/setup";

const port = process.argv[2] ?? "3100";
const issuer = process.argv[3];
const dir = mkdtempSync(join(tmpdir(), `fx-trader-e2e-${port}-`));

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  PORT: port,
  DATABASE_PATH: join(dir, "e2e.db"),
  SESSION_SECRET: "e2e-session-secret-0123456789abcdef0123456789",
  APP_URL: `http://localhost:${port}`,
  ...(issuer ? { OAUTH_ISSUER: issuer, OAUTH_CLIENT_ID: "fx-trader-e2e", OAUTH_CLIENT_SECRET: "e2e-secret" } : {}),
};

// The browser tests need the demo accounts, which a production seed leaves out.
await runSetup({ ...env, NODE_ENV: "test" }, (line) => console.log(`[e2e:${port}] ${line}`));

const server = spawn(join("node_modules", ".bin", "remix-serve"), ["./build/index.js"], { env, stdio: "inherit" });

function stop() {
  server.kill("SIGTERM");
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => {
  rmSync(dir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
