/**
 * The benchmarks' database helpers: the SQL log of db/connection.ts
 * (BENCH_SQL_LOG) and the fast path that fills a seeded database with signals
 * for `npm run bench:scale` (docs/decisions/0061-scale-benchmark-data.md).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/connection";
import { verifyChain, type LedgerRow } from "../../app/domain/ledger";
import { fillSignals, OPEN_ACTIVE, OPEN_PENDING } from "../../scripts/bench/scale-data";
import { prepareDatabase, type HarnessDatabase } from "../../harness/production-build";

const cleanups: Array<() => void> = [];
afterAll(() => cleanups.forEach((cleanup) => cleanup()));

describe("openDatabase with sqlLog", () => {
  it("appends every statement it runs, with its values, one a line", () => {
    const dir = mkdtempSync(join(tmpdir(), "fx-trader-sql-log-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const log = join(dir, "statements.sql");
    const db = openDatabase(join(dir, "log.db"), { sqlLog: log });
    db.$client.prepare("CREATE TABLE t (a TEXT)").run();
    db.$client.prepare("SELECT a\n  FROM t WHERE a = ?").all("seven");
    db.$client.close();
    const lines = readFileSync(log, "utf8").trim().split("\n");
    expect(lines).toContain("CREATE TABLE t (a TEXT)");
    expect(lines).toContain("SELECT a FROM t WHERE a = 'seven'");
  });
});

describe("fillSignals", () => {
  let harness: HarnessDatabase;

  it("fills a seeded database up to the total, with a fixed number of open signals and a whole ledger", async () => {
    harness = await prepareDatabase({ prefix: "fx-trader-scale-" });
    cleanups.push(() => harness.remove());
    // After the seed, which dates its signals from the clock: none of them ends after `now`.
    const now = new Date();
    const result = fillSignals(harness.databasePath, 3_000, now);
    const sqlite = new Database(harness.databasePath, { readonly: true });
    try {
      expect((sqlite.prepare("SELECT count(*) AS n FROM signals").get() as { n: number }).n).toBe(3_000);
      const generated = sqlite.prepare("SELECT status, count(*) AS n FROM signals WHERE rationale = 'Generated for the scale benchmark.' GROUP BY status").all() as Array<{ status: string; n: number }>;
      const byStatus = Object.fromEntries(generated.map((row) => [row.status, row.n]));
      expect(byStatus.ACTIVE).toBe(OPEN_ACTIVE);
      expect(byStatus.PENDING).toBe(OPEN_PENDING);
      expect(byStatus.CLOSED).toBeGreaterThan(0.8 * result.signals);
      expect(byStatus.CANCELLED).toBeGreaterThan(0);
      expect(byStatus.EXPIRED).toBeGreaterThan(0);
      const open = sqlite.prepare("SELECT count(*) AS n FROM signals WHERE status IN ('ACTIVE', 'PENDING') AND expires_at <= ?").get(now.getTime()) as { n: number };
      expect(open.n).toBe(0);
      const endedLater = sqlite.prepare("SELECT count(*) AS n FROM signals WHERE closed_at > ?").get(now.getTime()) as { n: number };
      expect(endedLater.n).toBe(0);
      const rows = sqlite
        .prepare("SELECT seq, signal_id AS signalId, type, payload, salt, payload_hash AS payloadHash, occurred_at AS occurredAt, recorded_at AS recordedAt, prev_hash AS prevHash, hash FROM signal_events ORDER BY seq")
        .all() as Array<Omit<LedgerRow, "occurredAt" | "recordedAt"> & { occurredAt: number; recordedAt: number }>;
      expect(verifyChain(rows.map((row) => ({ ...row, occurredAt: new Date(row.occurredAt), recordedAt: new Date(row.recordedAt) })))).toMatchObject({ ok: true });
      const events = sqlite.prepare("SELECT count(*) AS n FROM signal_events WHERE signal_id IN (SELECT id FROM signals WHERE rationale = 'Generated for the scale benchmark.')").get() as { n: number };
      expect(events.n).toBe(result.events);
      expect(result.events).toBe(2 * result.signals - OPEN_ACTIVE - OPEN_PENDING);
    } finally {
      sqlite.close();
    }
    expect(fillSignals(harness.databasePath, 3_000, now).signals).toBe(0);
  });
});
