/**
 * The ledger's hashing: RFC 8785 payloads, salted commitments, the event hash
 * byte layout (the worked example of docs/ledger.md, computed independently),
 * and chain verification catching tampering at the right seq.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canonicalPayload,
  eventHash,
  eventPreimage,
  GENESIS_HASH,
  ledgerTime,
  payloadHash,
  revealEvent,
  sealEvent,
  verifyChain,
  type LedgerRow,
} from "~/domain/ledger";
import { close, publish, type SignalEvent } from "~/domain/signal-lifecycle";
import { eurusdLongInput } from "../support/signal-lifecycle";

const SALT_1 = "000102030405060708090a0b0c0d0e0f";
const SALT_2 = "f0e0d0c0b0a090807060504030201000";

/** The worked example of docs/ledger.md: signal 1 published at market, then closed at TP1. */
function workedExample(): LedgerRow[] {
  const now = new Date("2026-11-23T12:00:00.000Z");
  const published = publish(
    eurusdLongInput(new Date("2026-11-24T08:00:00.000Z"), { rationale: "Breakout above the Asian range" }),
    new Date("2026-11-23T08:00:00.000Z"),
    now,
  );
  if (!published.ok) throw new Error(published.error.message);
  const closed = close(published.state, { exitPrice: 1.11, reason: "TP1" }, new Date("2026-11-23T11:30:00.000Z"), now);
  if (!closed.ok) throw new Error(closed.error.message);
  const row1 = sealEvent(null, { signalId: 1, ...published.event, recordedAt: new Date("2026-11-23T08:00:00.250Z") }, SALT_1);
  const row2 = sealEvent(row1, { signalId: 1, ...closed.event, recordedAt: new Date("2026-11-23T11:30:01.000Z") }, SALT_2);
  return [row1, row2];
}

describe("canonicalPayload (RFC 8785)", () => {
  it("sorts keys, drops whitespace and writes numbers in shortest form", () => {
    expect(canonicalPayload({ b: 1, a: [true, null, "x"], c: { z: 1.5, y: 1e21, x: 0.000001, w: 1e-7, v: -0 } })).toBe(
      '{"a":[true,null,"x"],"b":1,"c":{"v":0,"w":1e-7,"x":0.000001,"y":1e+21,"z":1.5}}',
    );
  });

  it("sorts keys by UTF-16 code units and keeps non-ASCII text as is", () => {
    expect(canonicalPayload({ "é": 1, z: 2, "€": 3, note: "Café ☕" })).toBe('{"note":"Café ☕","z":2,"é":1,"€":3}');
  });

  it("drops undefined members and refuses what JSON cannot carry", () => {
    expect(canonicalPayload({ a: undefined, b: 2 })).toBe('{"b":2}');
    expect(() => canonicalPayload(Number.NaN)).toThrow();
    expect(() => canonicalPayload({ x: Number.POSITIVE_INFINITY })).toThrow();
    expect(() => canonicalPayload(undefined)).toThrow("JSON value");
  });
});

describe("hashes", () => {
  it("matches the worked example in docs/ledger.md", () => {
    const [row1, row2] = workedExample();
    expect(row1.payload).toBe(
      '{"entryMethod":"market","entryPrice":1.1,"expiresAt":"2026-11-24T08:00:00.000Z","pipSize":0.0001,' +
        '"rationale":"Breakout above the Asian range","side":"LONG","simulated":false,"sl":1.095,"strategyId":1,"symbol":"EURUSD","tp1":1.11,"tp2":null}',
    );
    expect(row1.payloadHash).toBe("fac5263b05d9f4f7057f3c678c04e9c9561d20bf67c670b6243195cf9de0b9ac");
    expect(row1.prevHash).toBe(GENESIS_HASH);
    expect(row1.hash).toBe("ce4b5e3f518b1d6bc8d53db28930db1edd2ff66567f1d2c6f3fb3defec8a162a");
    expect(row2.payload).toBe('{"exitPrice":1.11,"reason":"TP1"}');
    expect(row2.payloadHash).toBe("df3b53471747e7a2cedbdef489ef228b5f1655fee9db00ca494c15321b5529a4");
    expect(row2.prevHash).toBe(row1.hash);
    expect(row2.hash).toBe("60220aa303c1e40eea90607d61b94db80e35d1059082da6910bee9df8331c2ad");
    expect(eventPreimage(row2)).toBe(
      [
        "ce4b5e3f518b1d6bc8d53db28930db1edd2ff66567f1d2c6f3fb3defec8a162a",
        "2",
        "closed",
        "1",
        "2026-11-23T11:30:00.000Z",
        "2026-11-23T11:30:01.000Z",
        "df3b53471747e7a2cedbdef489ef228b5f1655fee9db00ca494c15321b5529a4",
      ].join("\n"),
    );
    expect(verifyChain([row1, row2])).toEqual({ ok: true, head: { seq: 2, hash: row2.hash } });
  });

  it("hashes the salt as 16 raw bytes before the payload", () => {
    // SHA-256 of 16 zero bytes followed by "{}".
    expect(payloadHash("0".repeat(32), "{}")).toBe("333b13ff02f57ae18049b82ca66f37592c5a3d8fd54e44e23ae5c7085c24fd2a");
    expect(payloadHash("0".repeat(32), "{}")).not.toBe(payloadHash("0".repeat(31) + "1", "{}"));
    expect(() => payloadHash("ABCDEF", "{}")).toThrow("32 lowercase hex");
    expect(() => payloadHash("0".repeat(31) + "G", "{}")).toThrow();
  });

  it("refuses malformed hash fields", () => {
    const [row] = workedExample();
    expect(() => eventHash({ ...row, prevHash: "abc" })).toThrow("prevHash");
    expect(() => eventHash({ ...row, payloadHash: row.payloadHash.toUpperCase() })).toThrow("payloadHash");
    expect(() => eventHash({ ...row, seq: 0 })).toThrow("seq");
    expect(() => eventHash({ ...row, signalId: 1.5 })).toThrow("signalId");
    expect(() => eventHash({ ...row, type: "Closed\n" })).toThrow("type");
    expect(() => eventHash({ ...row, occurredAt: new Date(Number.NaN) })).toThrow("valid date");
  });

  it("writes times as ISO 8601 UTC with milliseconds, years 0000 to 9999 only", () => {
    expect(ledgerTime(new Date(Date.UTC(2026, 10, 23, 8)))).toBe("2026-11-23T08:00:00.000Z");
    expect(() => ledgerTime(new Date(Date.UTC(10000, 0, 1)))).toThrow("0000 to 9999");
  });
});

/** A chain of six events over two signals, with fixed salts. */
function chain(): LedgerRow[] {
  const now = new Date("2026-11-23T12:00:00.000Z");
  const t = (h: number) => new Date(Date.UTC(2026, 10, 23, h));
  const input = {
    strategyId: 2,
    symbol: "USDJPY",
    side: "SHORT" as const,
    entryMethod: "limit" as const,
    entryPrice: 150.5,
    sl: 151,
    tp1: 149.5,
    expiresAt: t(20),
    pipSize: 0.01,
  };
  const a = publish(input, t(1), now);
  const b = publish({ ...input, entryPrice: 150.6, sl: 151.1 }, t(2), now);
  if (!a.ok || !b.ok) throw new Error("publish failed");
  const events: Array<[number, SignalEvent]> = [
    [10, a.event],
    [11, b.event],
    [10, { type: "triggered", occurredAt: t(3), payload: { fillPrice: 150.5 } }],
    [11, { type: "cancelled", occurredAt: t(4), payload: { note: "Rate decision moved" } }],
    [10, { type: "modified", occurredAt: t(5), payload: { sl: 150.5 } }],
    [10, { type: "closed", occurredAt: t(6), payload: { exitPrice: 150.5, reason: "BREAKEVEN" } }],
  ];
  const rows: LedgerRow[] = [];
  events.forEach(([signalId, event], i) => {
    const salt = (i + 1).toString(16).padStart(2, "0").repeat(16);
    rows.push(sealEvent(rows[i - 1] ?? null, { signalId, ...event, recordedAt: new Date(event.occurredAt.getTime() + 1000) }, salt));
  });
  return rows;
}

function tampered(change: (rows: LedgerRow[]) => LedgerRow[]) {
  return verifyChain(change(chain()));
}

/** Row `index` with `fields` replaced. */
function edit(rows: LedgerRow[], index: number, fields: Partial<LedgerRow>): LedgerRow[] {
  return rows.map((row, i) => (i === index ? { ...row, ...fields } : row));
}

describe("verifyChain", () => {
  it("accepts an untouched chain and an empty one", () => {
    const rows = chain();
    expect(verifyChain(rows)).toEqual({ ok: true, head: { seq: 6, hash: rows[5].hash } });
    expect(verifyChain([])).toEqual({ ok: true, head: null });
  });

  it("verifies a public copy with hidden payloads", () => {
    const rows = chain().map((row, i) => revealEvent(row, i % 2 === 0));
    expect(rows[1].payload).toBeNull();
    expect(rows[1].salt).toBeNull();
    expect(verifyChain(rows).ok).toBe(true);
  });

  it("detects a changed payload byte at its seq", () => {
    const result = tampered((rows) => edit(rows, 2, { payload: rows[2].payload!.replace("150.5", "150.4") }));
    expect(result).toMatchObject({ ok: false, seq: 3, reason: "payload-hash" });
  });

  it("detects a payload rewritten in another (non-canonical) form", () => {
    const result = tampered((rows) => edit(rows, 3, { payload: rows[3].payload!.replace(":", ": ") }));
    expect(result).toMatchObject({ ok: false, seq: 4, reason: "payload-not-canonical" });
  });

  it("detects a changed salt, and a payload hash changed to match a new payload", () => {
    expect(tampered((rows) => edit(rows, 1, { salt: "ff".repeat(16) }))).toMatchObject({ seq: 2, reason: "payload-hash" });
    const forged = tampered((rows) => {
      const payload = '{"exitPrice":149.5,"reason":"TP1"}';
      return edit(rows, 5, { payload, payloadHash: payloadHash(rows[5].salt!, payload) });
    });
    expect(forged).toMatchObject({ ok: false, seq: 6, reason: "hash" });
  });

  it("detects a hidden payload whose commitment was changed", () => {
    const result = tampered((rows) => edit(rows.map((row) => revealEvent(row, false)), 4, { payloadHash: "ab".repeat(32) }));
    expect(result).toMatchObject({ ok: false, seq: 5, reason: "hash" });
  });

  it("detects a changed time at its seq", () => {
    expect(tampered((rows) => edit(rows, 3, { occurredAt: new Date(rows[3].occurredAt.getTime() - 1) }))).toMatchObject({
      seq: 4,
      reason: "hash",
    });
    expect(tampered((rows) => edit(rows, 0, { recordedAt: new Date(rows[0].recordedAt.getTime() + 1) }))).toMatchObject({
      seq: 1,
      reason: "hash",
    });
  });

  it("detects a changed type, signal id, prevHash or hash at its seq", () => {
    expect(tampered((rows) => edit(rows, 5, { type: "cancelled" }))).toMatchObject({ seq: 6, reason: "hash" });
    expect(tampered((rows) => edit(rows, 2, { signalId: 11 }))).toMatchObject({ seq: 3, reason: "hash" });
    expect(tampered((rows) => edit(rows, 4, { prevHash: rows[2].hash }))).toMatchObject({ seq: 5, reason: "prev-hash" });
    expect(tampered((rows) => edit(rows, 1, { hash: "0".repeat(64) }))).toMatchObject({ seq: 2, reason: "hash" });
  });

  it("detects rows out of order", () => {
    const result = tampered((rows) => [rows[0], rows[1], rows[3], rows[2], rows[4], rows[5]]);
    expect(result).toMatchObject({ ok: false, seq: 3, reason: "seq", message: "Expected seq 3, found 4" });
  });

  it("detects a deleted row, and a deleted row renumbered away", () => {
    expect(tampered((rows) => rows.filter((_, i) => i !== 2))).toMatchObject({ seq: 3, reason: "seq" });
    const renumbered = tampered((rows) => rows.filter((_, i) => i !== 2).map((row, i) => ({ ...row, seq: i + 1 })));
    expect(renumbered).toMatchObject({ seq: 3, reason: "prev-hash" });
  });

  it("detects a deleted row restored by hand", () => {
    // Restored with its old hash but a new recording time: its own hash no longer matches.
    expect(tampered((rows) => edit(rows, 2, { recordedAt: new Date("2026-11-23T12:00:00.000Z") }))).toMatchObject({
      seq: 3,
      reason: "hash",
    });
    // Restored with a freshly computed hash: the next row no longer links to it.
    const relinked = tampered((rows) => {
      const restored = sealEvent(rows[1], { ...rows[2], payload: JSON.parse(rows[2].payload!), recordedAt: new Date("2026-11-23T12:00:00.000Z") }, rows[2].salt!);
      return edit(rows, 2, restored);
    });
    expect(relinked).toMatchObject({ seq: 4, reason: "prev-hash" });
  });

  it("refuses half-hidden rows and malformed fields", () => {
    expect(tampered((rows) => edit(rows, 0, { salt: null }))).toMatchObject({ seq: 1, reason: "malformed" });
    expect(tampered((rows) => edit(rows, 0, { salt: "AB".repeat(16) }))).toMatchObject({ seq: 1, reason: "malformed" });
    expect(tampered((rows) => edit(rows, 3, { type: "Cancelled" }))).toMatchObject({ seq: 4, reason: "malformed" });
  });

  it("detects any one-character change to any field at that row's seq", () => {
    const fields = ["payload", "salt", "payloadHash", "prevHash", "hash", "type", "seq", "signalId", "occurredAt", "recordedAt"] as const;
    fc.assert(
      fc.property(fc.nat(5), fc.constantFrom(...fields), fc.nat(), fc.integer({ min: 1, max: 15 }), (index, field, position, delta) => {
        const rows = chain();
        const row = { ...rows[index] };
        const value = row[field];
        if (typeof value === "string") {
          const at = position % value.length;
          const code = value.charCodeAt(at);
          const replacement = String.fromCharCode(code === 0x7e ? 0x21 : code + 1);
          Object.assign(row, { [field]: value.slice(0, at) + replacement + value.slice(at + 1) });
        } else if (value instanceof Date) {
          Object.assign(row, { [field]: new Date(value.getTime() + delta) });
        } else {
          Object.assign(row, { [field]: (value as number) + delta });
        }
        rows[index] = row;
        const result = verifyChain(rows);
        expect(result.ok).toBe(false);
        expect(!result.ok && result.seq).toBe(index + 1);
      }),
      { numRuns: 500 },
    );
  });
});

describe("revealEvent", () => {
  it("hides payload and salt from a locked viewer, keeping the commitment", () => {
    const [row] = workedExample();
    expect(revealEvent(row, true)).toBe(row);
    expect(revealEvent(row, false)).toEqual({ ...row, payload: null, salt: null });
    expect(revealEvent(row, false).payloadHash).toBe(row.payloadHash);
  });
});
