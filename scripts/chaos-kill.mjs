#!/usr/bin/env node
/**
 * `npm run chaos:kill`: concurrent publishers POST valid signals to
 * /api/admin/signals (the admin's API key as Bearer) on the production build;
 * after a random 1–3 s the server's process group gets SIGKILL mid-stream.
 * The server is restarted on the same SQLite file, then every signal whose
 * 201 reached a publisher must be in the database and `PRAGMA integrity_check`
 * must say `ok`. Prints published, acknowledged, found and lost; exits 1 on any
 * loss, a failed integrity check, or a server that does not come back.
 *
 *   npm run chaos:kill -- --publishers 16
 *
 * Runs with tsx (it imports harness/app-server.ts); builds first when build/ is missing.
 */
import Database from "better-sqlite3";
import { appModels, DEMO_ACCOUNTS, prepareHarnessDatabase, send, signIn, startAppServer, whoAmI } from "../harness/app-server.ts";

const args = process.argv.slice(2);
const publishersArg = args.find((arg) => arg.startsWith("--publishers"));
const publishers = publishersArg ? Number(publishersArg.includes("=") ? publishersArg.split("=")[1] : args[args.indexOf(publishersArg) + 1]) : 8;
if (!Number.isInteger(publishers) || publishers < 1) {
  console.error("--publishers takes a positive integer");
  process.exit(2);
}

const DAY_MS = 24 * 60 * 60 * 1000;
const SYMBOLS = ["EURUSD", "GBPUSD", "USDJPY", "AUDUSD", "USDCHF", "XAUUSD"];

/** A valid signal body (LONG: stop below entry below TP1 below TP2), spec section 7 shape. */
function signalBody(strategyId, n) {
  return JSON.stringify({
    strategyId,
    symbol: SYMBOLS[n % SYMBOLS.length],
    side: "LONG",
    entryJson: { price: 1.085, method: "market" },
    sl: 1.08,
    tpJson: { tp1: 1.09, tp2: 1.1 },
    rationale: `chaos publisher signal ${n}`,
    expiresAt: new Date(Date.now() + DAY_MS).toISOString(),
  });
}

const db = await prepareHarnessDatabase();
let server = await startAppServer(db.databasePath);
let exitCode = 0;
try {
  const adminId = (await whoAmI(server, await signIn(server, DEMO_ACCOUNTS.admin))).id;
  const adminKey = (await appModels(server)).createApiKey(adminId);
  const strategyId = JSON.parse((await send(server, { path: "/api/strategies" })).body)[0].id;
  const headers = { "Content-Type": "application/json", Authorization: `Bearer ${adminKey}`, Origin: server.url };

  let sent = 0;
  const acknowledged = [];
  const refused = new Map();
  let killed = false;

  async function publisher() {
    while (!killed) {
      sent += 1;
      try {
        const response = await send(server, { method: "POST", path: "/api/admin/signals", headers, body: signalBody(strategyId, sent), timeoutMs: 10_000 });
        if (response.status === 201) acknowledged.push(JSON.parse(response.body).id);
        else refused.set(response.status, (refused.get(response.status) ?? 0) + 1);
      } catch {
        // The server is gone: this request was never acknowledged.
      }
    }
  }

  const killAfter = 1_000 + Math.floor(Math.random() * 2_000);
  console.log(`chaos:kill: ${publishers} publishers; SIGKILL to the server's process group after ${killAfter} ms`);
  const running = Array.from({ length: publishers }, publisher);
  await new Promise((resolve) => setTimeout(resolve, killAfter));
  killed = true;
  await server.kill();
  await Promise.all(running);

  server = await startAppServer(db.databasePath, { port: server.port });
  const health = await send(server, { path: "/api/signals?limit=1" });
  if (health.status !== 200) throw new Error(`after the restart GET /api/signals answered ${health.status}`);

  const sqlite = new Database(db.databasePath, { readonly: true, fileMustExist: true });
  const present = new Set(sqlite.prepare("SELECT id FROM signals").pluck().all());
  const integrity = sqlite.prepare("PRAGMA integrity_check").pluck().all();
  sqlite.close();
  const lost = acknowledged.filter((id) => !present.has(id));

  console.table([
    {
      published: sent,
      acknowledged: acknowledged.length,
      found: acknowledged.length - lost.length,
      lost: lost.length,
      "refused (status: count)": [...refused.entries()].map(([status, count]) => `${status}: ${count}`).join(", ") || "none",
      integrity_check: integrity.join("; "),
    },
  ]);
  if (lost.length > 0) console.error(`Lost acknowledged signals: ${lost.join(", ")}`);
  if (lost.length > 0 || integrity.length !== 1 || integrity[0] !== "ok" || acknowledged.length === 0) exitCode = 1;
} catch (error) {
  console.error(`chaos:kill failed: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  await server.stop();
  db.remove();
}
process.exit(exitCode);
