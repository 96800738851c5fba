/**
 * Starts the production build for the browser tests on its own temporary,
 * migrated and seeded SQLite file, served by the compiled server as a child
 * process (`node build/server/index.js`), as `npm start` does; the stand-ins
 * (SMTP, Telegram Bot API, the mailbox) run in this process. The tests stand in for one
 * trusted proxy (TRUST_PROXY=1): each names its client address in
 * X-Forwarded-For (see fixtures.ts), so tests do not share rate limits.
 * Usage: tsx tests/e2e/support/start-app.ts <port> [oauth-issuer-url]
 */
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { prepareDatabase, SERVER_PATH } from "../../../harness/production-build";
import { startSmtpSink } from "../../support/smtp-sink";
import { STAND_IN_BOT, startTelegramBotApi } from "../../support/telegram-bot-api";
import { addInstitutionalAccount } from "./institutional-account";

const port = process.argv[2] ?? "3100";
const issuer = process.argv[3];
// The Telegram bot talks to a Bot API stand-in on 127.0.0.1 (tests/support/telegram-bot-api.ts).
const botApi = await startTelegramBotApi();
// Mail goes to a real SMTP server on 127.0.0.1; the tests read it from a mailbox on port + 50 (support/mailbox.ts).
const smtp = await startSmtpSink();
const mailbox = createServer((_request, response) => {
  response.setHeader("Content-Type", "application/json");
  response.end(JSON.stringify(smtp.messages.map((m) => ({ to: m.to, subject: m.header("Subject") ?? "", decoded: m.decoded }))));
});
await new Promise<void>((resolve) => mailbox.listen(Number(port) + 50, "127.0.0.1", resolve));

Object.assign(process.env, {
  PORT: port,
  TRUST_PROXY: "1",
  SESSION_SECRET: "e2e-session-secret-0123456789abcdef0123456789",
  APP_URL: `http://localhost:${port}`,
  TELEGRAM_BOT_TOKEN: STAND_IN_BOT.token,
  TELEGRAM_API_ROOT: botApi.url,
  TELEGRAM_WEBHOOK_SECRET: STAND_IN_BOT.webhookSecret,
  SMTP_URL: smtp.url,
  // The browsers share the machine's two cores with this server: no load shedding, as in every other harness.
  SHED_MAX_IN_FLIGHT: "10000",
  SHED_MAX_LAG_MS: "10000",
  ...(issuer ? { OAUTH_ISSUER: issuer, OAUTH_CLIENT_ID: "fx-trader-e2e", OAUTH_CLIENT_SECRET: "e2e-secret" } : {}),
});

// Seeded with the demo accounts the browser tests sign in with.
const database = await prepareDatabase({
  prefix: `fx-trader-e2e-${port}-`,
  fileName: "e2e.db",
  env: process.env,
  log: (line) => console.log(`[e2e:${port}] ${line}`),
});
addInstitutionalAccount(database.databasePath, "trader@example.com");
Object.assign(process.env, { NODE_ENV: "production", DATABASE_PATH: database.databasePath });

let stopping = false;
const server = spawn(process.execPath, [SERVER_PATH], { env: process.env, stdio: "inherit" });
const serverExited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
void serverExited.then(() => {
  if (!stopping) {
    console.error(`[e2e:${port}] the server exited`);
    process.exit(1);
  }
});

function stop() {
  if (stopping) return;
  stopping = true;
  mailbox.close();
  server.kill("SIGTERM");
  void Promise.all([serverExited, botApi.close(), smtp.close()]).finally(() => {
    database.remove();
    process.exit(0);
  });
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
