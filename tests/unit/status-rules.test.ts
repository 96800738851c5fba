/** The status page's rules (app/domain/status-rules.ts): one test per rule and threshold. */
import { describe, expect, it } from "vitest";
import {
  channelStatus,
  databaseStatus,
  ledgerStatus,
  percentile,
  publicErrorText,
  schedulerStatus,
  STATUS_THRESHOLDS as T,
  workerStatus,
  worstStatus,
} from "~/domain/status-rules";

const now = new Date("2026-11-28T12:00:00.000Z");
const ago = (ms: number) => new Date(now.getTime() - ms);

describe("worstStatus", () => {
  it("down beats degraded beats operational; none is operational", () => {
    expect(worstStatus([])).toBe("operational");
    expect(worstStatus(["operational", "degraded"])).toBe("degraded");
    expect(worstStatus(["degraded", "down", "operational"])).toBe("down");
  });
});

describe("databaseStatus", () => {
  it("down when unreadable, degraded when read-only, operational when both work", () => {
    expect(databaseStatus({ read: false, write: false })).toBe("down");
    expect(databaseStatus({ read: true, write: false })).toBe("degraded");
    expect(databaseStatus({ read: true, write: true })).toBe("operational");
  });
});

describe("workerStatus", () => {
  it("heartbeat: operational up to 30 s, degraded past it, down past 5 minutes or when it never beat", () => {
    expect(workerStatus({ lastHeartbeatAt: ago(T.heartbeatDegradedMs), oldestDueAt: null }, now)).toBe("operational");
    expect(workerStatus({ lastHeartbeatAt: ago(T.heartbeatDegradedMs + 1), oldestDueAt: null }, now)).toBe("degraded");
    expect(workerStatus({ lastHeartbeatAt: ago(T.heartbeatDownMs + 1), oldestDueAt: null }, now)).toBe("down");
    expect(workerStatus({ lastHeartbeatAt: null, oldestDueAt: null }, now)).toBe("down");
  });

  it("queue: the oldest due job waiting past 2 minutes is degraded, past 15 minutes down", () => {
    const beat = ago(1000);
    expect(workerStatus({ lastHeartbeatAt: beat, oldestDueAt: ago(T.oldestDueDegradedMs) }, now)).toBe("operational");
    expect(workerStatus({ lastHeartbeatAt: beat, oldestDueAt: ago(T.oldestDueDegradedMs + 1) }, now)).toBe("degraded");
    expect(workerStatus({ lastHeartbeatAt: beat, oldestDueAt: ago(T.oldestDueDownMs + 1) }, now)).toBe("down");
  });
});

describe("channelStatus", () => {
  const window = (sent: number, failed: number, p99Ms: number | null = 100) => ({ sent, failed, p50Ms: p99Ms, p99Ms });

  it("too few attempts in the hour to judge: operational, even all failed", () => {
    expect(channelStatus(window(0, T.channelMinAttempts - 1))).toBe("operational");
  });

  it("failure share: degraded from 10 %, down from 50 %", () => {
    expect(channelStatus(window(91, 9))).toBe("operational");
    expect(channelStatus(window(90, 10))).toBe("degraded");
    expect(channelStatus(window(5, 5))).toBe("down");
  });

  it("p99 latency over 10 s is degraded", () => {
    expect(channelStatus(window(20, 0, T.channelP99DegradedMs))).toBe("operational");
    expect(channelStatus(window(20, 0, T.channelP99DegradedMs + 1))).toBe("degraded");
  });
});

describe("ledgerStatus", () => {
  it("degraded when the signed tree trails the chain's head", () => {
    expect(ledgerStatus({ headSeq: 10, treeSize: 10 })).toBe("operational");
    expect(ledgerStatus({ headSeq: 11, treeSize: 10 })).toBe("degraded");
  });
});

describe("schedulerStatus", () => {
  it("degraded when any job's latest run failed", () => {
    expect(schedulerStatus([])).toBe("operational");
    expect(schedulerStatus(["ok", "skipped"])).toBe("operational");
    expect(schedulerStatus(["ok", "failed"])).toBe("degraded");
  });
});

describe("percentile (nearest rank)", () => {
  it("p50 and p99 of a list; null for none", () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNull();
  });
});

describe("publicErrorText", () => {
  it("removes paths, URLs, hosts, e-mail and IP addresses, and bounds the length", () => {
    const text = publicErrorText("ENOENT: no such file, open '/srv/app/data/x.db' for ops@example.com via https://hooks.example.net/a at 10.0.0.5:443 on db-1.internal.example.org");
    for (const secret of ["/srv", "x.db", "ops@", "hooks.example", "10.0.0.5", "internal.example"]) expect(text).not.toContain(secret);
    expect(text).toContain("ENOENT: no such file");
    expect(publicErrorText("x".repeat(500)).length).toBe(160);
  });
});
