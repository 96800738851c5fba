/**
 * Continuous backup with the real Litestream binary against a file replica
 * (docs/decisions/0138-litestream-backups.md): the production server runs
 * under `litestream replicate -exec` because LITESTREAM_REPLICA_URL is set;
 * publishers write signals through it; the backup drill passes against the
 * running server's signed checkpoint; the whole process group is killed
 * with SIGKILL (a crash of the machine: Litestream dies too); then
 *  - the latest restore holds every signal acknowledged more than the
 *    documented window (RECOVERY_WINDOW_MS) before the kill, and its ledger
 *    is a prefix of the live file's (the drill again, after the crash);
 *  - a point-in-time restore returns the state at that time: every signal
 *    acknowledged before it, none published after it.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appModels, DEMO_ACCOUNTS, prepareHarnessDatabase, send, startAppServer, type AppServer } from "../../harness/app-server";
import { validSignalApiBody } from "../support/fixtures";
import type { HarnessDatabase } from "../../harness/production-build";
import { drill } from "../../scripts/backup-drill";
import { main as restoreMain } from "../../scripts/backup-restore";

/** The recovery point README "Backups" promises: Litestream's 1 s sync interval plus the time to write a segment. */
const RECOVERY_WINDOW_MS = 2_000;

interface Ack {
  id: number;
  at: number;
}

let db: HarnessDatabase;
let server: AppServer;
let replicaDir: string;
let env: NodeJS.ProcessEnv;
let headers: Record<string, string>;
let strategyId: number;
const phaseA: Ack[] = [];
const phaseB: Ack[] = [];
let pointInTime: Date;
let killedAt: number;
let liveDrill: Awaited<ReturnType<typeof drill>>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `publishers` concurrent writers POSTing signals for `ms`, each 201 noted with the instant it arrived. */
async function publish(into: Ack[], ms: number, publishers = 4): Promise<void> {
  const until = Date.now() + ms;
  const one = async () => {
    while (Date.now() < until) {
      const response = await send(server, { method: "POST", path: "/api/admin/signals", headers, body: JSON.stringify(validSignalApiBody(strategyId, new Date(Date.now() + 86_400_000))), timeoutMs: 10_000 }).catch(() => null);
      if (response?.status === 201) into.push({ id: (JSON.parse(response.body) as { id: number }).id, at: Date.now() });
    }
  };
  await Promise.all(Array.from({ length: publishers }, one));
}

function signalIds(path: string): Set<number> {
  const file = new Database(path, { readonly: true });
  try {
    return new Set(file.prepare("SELECT id FROM signals").pluck().all() as number[]);
  } finally {
    file.close();
  }
}

async function restore(args: string[]): Promise<string> {
  const lines: string[] = [];
  const code = await restoreMain(args, env, (line) => lines.push(line));
  expect(code, lines.join("\n")).toBe(0);
  return lines.join("\n");
}

beforeAll(async () => {
  db = await prepareHarnessDatabase();
  // The admin's API key is written before the server and Litestream start: this process's write would
  // otherwise wait on their start-up transactions (Litestream's first snapshot and checkpoint, the jobs run at start).
  const seeded = new Database(db.databasePath, { readonly: true });
  const adminId = seeded.prepare("SELECT id FROM users WHERE email = ?").pluck().get(DEMO_ACCOUNTS.admin.email) as number;
  seeded.close();
  const adminKey = (await appModels(db)).createApiKey(adminId);
  replicaDir = mkdtempSync(join(tmpdir(), "fx-litestream-replica-"));
  env = { ...process.env, DATABASE_PATH: db.databasePath, LITESTREAM_REPLICA_URL: `file://${replicaDir}` };
  server = await startAppServer(db.databasePath, { env: { LITESTREAM_REPLICA_URL: `file://${replicaDir}` } });
  strategyId = (JSON.parse((await send(server, { path: "/api/strategies" })).body) as { id: number }[])[0]!.id;
  headers = { "Content-Type": "application/json", Authorization: `Bearer ${adminKey}`, Origin: server.url };

  await publish(phaseA, 1_500);
  await sleep(2_500);
  liveDrill = await drill({ databasePath: db.databasePath, baseUrl: server.url }, env);
  pointInTime = new Date();
  await sleep(1_200);
  await publish(phaseB, 1_500);
  killedAt = Date.now();
  await server.kill();
}, 90_000);

afterAll(async () => {
  await server?.kill();
  rmSync(replicaDir, { recursive: true, force: true });
  db?.remove();
});

describe("Litestream replication of the running server", () => {
  it("runs the server under litestream replicate when LITESTREAM_REPLICA_URL is set", () => {
    expect(server.output()).toMatch(/replicating to.*type=file/);
    expect(existsSync(join(replicaDir, "generations"))).toBe(true);
    expect(phaseA.length).toBeGreaterThan(5);
    expect(phaseB.length).toBeGreaterThan(5);
  });

  it("passes the backup drill against the running server's signed checkpoint", () => {
    expect(liveDrill.failures).toEqual([]);
    expect(liveDrill.lines.join("\n")).toMatch(/integrity_check: ok/);
    expect(liveDrill.lines.join("\n")).toMatch(/server's signed checkpoint \(\d+ entries\) extends the copy's \d+/);
    expect(liveDrill.recoveryPointSeconds).not.toBeNull();
    expect(liveDrill.recoveryPointSeconds!).toBeLessThanOrEqual(RECOVERY_WINDOW_MS / 1000);
  });
});

describe("after a crash (SIGKILL to the server and Litestream)", () => {
  it("restores every signal acknowledged before the recovery window", async () => {
    const folder = mkdtempSync(join(tmpdir(), "fx-restore-"));
    try {
      const to = join(folder, "latest.db");
      expect(await restore(["--to", to])).toMatch(/Restored the latest state/);
      const restored = signalIds(to);
      const lost = [...phaseA, ...phaseB].filter((ack) => !restored.has(ack.id));
      const lostBeforeWindow = lost.filter((ack) => ack.at < killedAt - RECOVERY_WINDOW_MS);
      expect(lostBeforeWindow).toEqual([]);
      console.log(`crash under write load: ${phaseA.length + phaseB.length} signals acknowledged, ${lost.length} missing from the restore, all acknowledged in the last ${killedAt - Math.min(killedAt, ...lost.map((ack) => ack.at))} ms before the kill`);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("passes the drill against the live file left behind: sound, and its ledger a prefix of the live one", async () => {
    const report = await drill({ databasePath: db.databasePath }, env);
    expect(report.failures).toEqual([]);
    expect(report.lines.join("\n")).toMatch(/live file's ledger \(\d+ entries\) extends the copy's \d+/);
    expect(report.recoveryPointSeconds!).toBeLessThanOrEqual(RECOVERY_WINDOW_MS / 1000);
    console.log(`recovery point after the crash under write load: ${report.recoveryPointSeconds} s; restore ${report.restoreMs} ms`);
  });

  it("restores the state at a point in time: every signal before it, none after", async () => {
    const folder = mkdtempSync(join(tmpdir(), "fx-restore-"));
    try {
      const to = join(folder, "then.db");
      expect(await restore(["--to", to, "--timestamp", pointInTime.toISOString()])).toMatch(/Restored the state at/);
      const restored = signalIds(to);
      expect(phaseA.filter((ack) => !restored.has(ack.id))).toEqual([]);
      expect(phaseB.filter((ack) => restored.has(ack.id))).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("refuses to restore over an existing file", async () => {
    const lines: string[] = [];
    expect(await restoreMain(["--to", db.databasePath], env, (line) => lines.push(line))).toBe(2);
    expect(lines.join("\n")).toMatch(/exists: restore into a new path/);
  });
});
