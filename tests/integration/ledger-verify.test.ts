/**
 * `npm run ledger:verify` (scripts/ledger-verify.ts): a clean ledger verifies
 * from the file and from the API; tampering with a stored byte of a copy of the
 * file (its triggers dropped first, as an attacker with file access would) is
 * detected at the right seq; a signals row edited away from the fold of its
 * events is named with its field.
 */
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { eventHash } from "~/domain/ledger";
import { getLedgerHead } from "~/models/ledger.server";
import { closeSignal, publishSignal } from "~/models/signals.server";
import { loader as ledgerLoader } from "~/routes/api.ledger._index";
import { getDb } from "~/platform/db.server";
import { main } from "../../scripts/ledger-verify";
import { createUser, DAY, insertStrategy, validSignalInput } from "../support/fixtures";
import { routeArgs } from "../support/http";

/** The folder of this file's temporary database (removed after the file's tests). */
const dir = dirname(process.env.DATABASE_PATH!);
let copies = 0;

/** A copy of the test database with the append-only triggers dropped, tampered by `tamper`. */
function tamperedCopy(tamper: (db: Database.Database) => void): string {
  copies += 1;
  const path = join(dir, `copy-${copies}.db`);
  getDb().$client.exec(`VACUUM INTO '${path}'`);
  const db = new Database(path);
  db.exec("DROP TRIGGER signal_events_no_update; DROP TRIGGER signal_events_no_delete;");
  tamper(db);
  db.close();
  return path;
}

async function verify(path: string): Promise<{ code: number; line: string }> {
  const lines: string[] = [];
  const code = await main([], { DATABASE_PATH: path }, (line) => lines.push(line));
  return { code, line: lines.join("\n") };
}

beforeAll(() => {
  const adminId = createUser({ role: "admin" }).id;
  const strategyId = insertStrategy({ slug: "alpha-swing", name: "Alpha Swing" }).id;
  const base = validSignalInput(strategyId, new Date(Date.now() + DAY));
  const first = publishSignal(base, adminId);
  publishSignal({ ...base, entryPrice: 1.086 }, adminId);
  closeSignal(first.id, { exitPrice: 1.09, reason: "TP1" });
  publishSignal({ ...base, entryMethod: "limit" }, adminId);
  publishSignal({ ...base, symbol: "USDJPY", entryPrice: 150.5, sl: 150, tp1: 151, tp2: 152 }, adminId);
  expect(getLedgerHead()?.seq).toBe(5);
});

describe("ledger:verify", () => {
  it("verifies the untouched file and the API, printing the head", async () => {
    const head = getLedgerHead()!;
    const file = await verify(process.env.DATABASE_PATH!);
    expect(file.code).toBe(0);
    expect(file.line).toContain(`head seq 5 hash ${head.hash}`);

    const lines: string[] = [];
    const fetcher = async (url: string) => ledgerLoader(routeArgs(new Request(url)));
    expect(await main(["--url", "http://localhost"], {}, (line) => lines.push(line), fetcher)).toBe(0);
    expect(lines[0]).toContain(`head seq 5 hash ${head.hash}`);
  });

  it.each([
    ["a payload byte", 2, (db: Database.Database) => db.exec("UPDATE signal_events SET payload = replace(payload, '1.086', '1.087') WHERE seq = 2")],
    ["a salt", 3, (db: Database.Database) => db.exec("UPDATE signal_events SET salt = '00000000000000000000000000000000' WHERE seq = 3")],
    ["a time", 4, (db: Database.Database) => db.exec("UPDATE signal_events SET occurred_at = occurred_at + 1 WHERE seq = 4")],
    ["the order (two rows swapped)", 2, (db: Database.Database) => db.exec(
      "UPDATE signal_events SET seq = -1 WHERE seq = 2; UPDATE signal_events SET seq = 2 WHERE seq = 3; UPDATE signal_events SET seq = 3 WHERE seq = -1;",
    )],
    ["a deleted row", 3, (db: Database.Database) => db.exec("DELETE FROM signal_events WHERE seq = 3")],
  ])("detects %s at seq %i", async (_what, seq, tamper) => {
    const result = await verify(tamperedCopy(tamper));
    expect(result.code).toBe(1);
    expect(result.line).toMatch(new RegExp(`broken at seq ${seq} \\(`));
  });

  it("detects a deleted row restored by hand with a freshly computed hash at the next seq", async () => {
    const path = tamperedCopy((db) => {
      const row = db.prepare("SELECT * FROM signal_events WHERE seq = 3").get() as Record<string, string | number>;
      db.exec("DELETE FROM signal_events WHERE seq = 3");
      const occurredAt = Number(row.occurred_at) - 60_000;
      const hash = eventHash({
        prevHash: String(row.prev_hash),
        seq: 3,
        type: String(row.type),
        signalId: Number(row.signal_id),
        occurredAt: new Date(occurredAt),
        recordedAt: new Date(Number(row.recorded_at)),
        payloadHash: String(row.payload_hash),
      });
      db.prepare(
        "INSERT INTO signal_events (seq, signal_id, type, payload, salt, payload_hash, occurred_at, recorded_at, prev_hash, hash) VALUES (3, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      ).run(row.signal_id, row.type, row.payload, row.salt, row.payload_hash, occurredAt, row.recorded_at, row.prev_hash, hash);
    });
    const result = await verify(path);
    expect(result.code).toBe(1);
    expect(result.line).toMatch(/broken at seq 4 \(prev-hash\)/);
  });

  it("folds every signal and names the signal and field whose stored row differs from its events", async () => {
    const path = tamperedCopy((db) => db.prepare("UPDATE signals SET exit_price = 1.1, result_r = 2.5 WHERE id = 1").run());
    const { code, line } = await verify(path);
    expect(code).toBe(1);
    expect(line).toContain("Signal 1: the stored row differs from its ledger events");
    expect(line).toContain("exitPrice stored 1.1, ledger 1.09");
    expect(line).toContain("resultR stored 2.5, ledger 1");
    expect(line).not.toMatch(/Signal [2-9]/);
  });
});
