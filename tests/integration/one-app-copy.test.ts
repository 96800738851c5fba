/**
 * The production server runs one copy of the app (docs/decisions/0140): it is
 * started as `npm start` starts it (`node build/server/index.js`, through the
 * harness), made to use every path on which the server itself calls the app
 * (the start-up expiry sweep, the scheduler, the inline delivery worker,
 * /readyz's probes, /metrics' gauges) and the app's own pages and sign-in,
 * and then its open files are counted: one descriptor on the database file
 * means one app connection. A server that also imported app source would
 * open a second one on the first probe or sweep.
 */
import { readdirSync, readFileSync, readlinkSync, realpathSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, prepareHarnessDatabase, send, signIn, startAppServer, type AppServer } from "../../harness/app-server";
import type { HarnessDatabase } from "../../harness/production-build";

let db: HarnessDatabase;
let server: AppServer;

/** How many of process `pid`'s open file descriptors point at `file` itself (not its -wal or -shm). */
function descriptorsOn(pid: number, file: string): number {
  const target = realpathSync(file);
  return readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`) === target;
    } catch {
      return false;
    }
  }).length;
}

beforeAll(async () => {
  db = await prepareHarnessDatabase();
  // Without the page cache, whose own connection reads PRAGMA data_version (server/page-cache.ts).
  server = await startAppServer(db.databasePath, { env: { PAGE_CACHE_MAX_AGE_MS: "0", DELIVERY_WORKER: "inline" } });
}, 90_000);

afterAll(async () => {
  await server?.stop();
  db?.remove();
});

describe.runIf(process.platform === "linux")("the production server process", () => {
  it("holds one connection to the database after the server and the app have both used it", async () => {
    const cookie = await signIn(server, DEMO_ACCOUNTS.trader);
    expect((await send(server, { path: "/dashboard", headers: { Cookie: cookie } })).status).toBe(200);
    expect((await send(server, { path: "/readyz" })).status).toBe(200);
    const metrics = await send(server, { path: "/metrics" });
    expect(metrics.status).toBe(200);
    expect(metrics.body).toContain("ledger_events");
    // The worker beats every 10 s and polls every 0.5 s; the sweep ran at start-up: give the background a moment.
    await sleep(1_500);
    expect(descriptorsOn(server.pid, db.databasePath)).toBe(1);
  });

  it("is node running the compiled server, not TypeScript", () => {
    const command = readFileSync(`/proc/${server.pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    expect(command[0]).toBe(process.execPath);
    expect(command.at(1)).toMatch(/build\/server\/index\.js$/);
  });
});

