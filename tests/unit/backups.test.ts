/** Reading the newest restorable moment out of `litestream generations` (app/domain/backups.ts). */
import { describe, expect, it } from "vitest";
import { backupAgeSeconds, latestReplicatedAt } from "~/domain/backups";

const TWO_GENERATIONS = [
  "name  generation        lag  start                 end",
  "file  eafb2b1ff5157c00  3s   2026-11-28T06:26:28Z  2026-11-28T06:26:28Z",
  "file  0b9c2e11aa5f7d10  1m   2026-11-27T01:00:00Z  2026-11-28T06:31:05Z",
  "",
].join("\n");

describe("latestReplicatedAt", () => {
  it("takes the newest end over every generation", () => {
    expect(latestReplicatedAt(TWO_GENERATIONS)?.toISOString()).toBe("2026-11-28T06:31:05.000Z");
  });

  it("is null for a replica without generations and for text that is not the table", () => {
    expect(latestReplicatedAt("name  generation  lag  start  end\n")).toBeNull();
    expect(latestReplicatedAt("")).toBeNull();
    expect(latestReplicatedAt("2026/11/28 06:26:31 ERROR failed to run error=\"too many arguments\"")).toBeNull();
  });
});

describe("backupAgeSeconds", () => {
  it("counts whole seconds from the replicated moment, never below zero, and null for none", () => {
    const at = new Date("2026-11-28T06:31:05.000Z");
    expect(backupAgeSeconds(at, new Date("2026-11-28T06:32:05.900Z"))).toBe(60);
    expect(backupAgeSeconds(at, new Date("2026-11-28T06:31:04.000Z"))).toBe(0);
    expect(backupAgeSeconds(null, at)).toBeNull();
  });
});
