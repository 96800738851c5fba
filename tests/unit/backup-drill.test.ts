import { describe, expect, it } from "vitest";
import { compareRowCounts, recoveryPointSeconds } from "~/domain/backup-drill";

describe("compareRowCounts", () => {
  it("pairs tables by name, counting a missing table as 0, and lists the differing ones", () => {
    const { tables, differing } = compareRowCounts({ users: 3, signals: 10, sessions: 2 }, { users: 3, signals: 8, extra: 1 });
    expect(tables).toEqual([
      { table: "extra", live: 0, copy: 1 },
      { table: "sessions", live: 2, copy: 0 },
      { table: "signals", live: 10, copy: 8 },
      { table: "users", live: 3, copy: 3 },
    ]);
    expect(differing.map((row) => [row.table, row.missing])).toEqual([
      ["extra", -1],
      ["sessions", 2],
      ["signals", 2],
    ]);
  });
});

describe("recoveryPointSeconds", () => {
  it("is the gap between the newest writes, in seconds", () => {
    expect(recoveryPointSeconds(1_700_000_001_250, 1_700_000_000_000)).toBe(1.25);
  });

  it("is 0 when the copy is as new as the live file", () => {
    expect(recoveryPointSeconds(1_000, 1_000)).toBe(0);
    expect(recoveryPointSeconds(null, 1_000)).toBe(0);
  });

  it("is null when the copy records no write", () => {
    expect(recoveryPointSeconds(1_000, null)).toBeNull();
  });
});
