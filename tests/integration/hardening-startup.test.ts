/**
 * A DATABASE_PATH that cannot hold the database (a directory, a path below a
 * file, a file that is not a database, a read-only file or folder) stops
 * start-up with a message naming DATABASE_PATH and the problem in words:
 * openDatabase in this process, and `npm start`'s two steps (`tsx db/setup.ts`,
 * `node build/server/index.js`) as child processes that must exit with status 1.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabasePathError, openDatabase } from "../../db/connection";
import { ensureBuild, SERVER_PATH } from "../../harness/production-build";

// Each child process starts tsx (about a second or two on a busy machine).
const CHILD_MS = 60_000;

const root = mkdtempSync(join(tmpdir(), "fx-trader-db-path-"));
chmodSync(root, 0o755);
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeAll(() => ensureBuild(), 300_000);

let counter = 0;
/** A fresh folder under the test's temporary root. */
function folder(): string {
  counter += 1;
  const dir = join(root, `case-${counter}`);
  mkdirSync(dir, { mode: 0o755 });
  return dir;
}

function directoryPath(): string {
  const path = join(folder(), "fx-trader.db");
  mkdirSync(path);
  return path;
}

function belowAFile(): string {
  const file = join(folder(), "not-a-folder");
  writeFileSync(file, "x");
  return join(file, "fx-trader.db");
}

function notADatabase(): string {
  const path = join(folder(), "notes.db");
  writeFileSync(path, "These are some notes, not a SQLite database. ".repeat(20));
  return path;
}

/** The message openDatabase throws for `path`. */
function openError(path: string): string {
  try {
    openDatabase(path).$client.close();
  } catch (error) {
    expect(error).toBeInstanceOf(DatabasePathError);
    return (error as Error).message;
  }
  throw new Error(`expected openDatabase(${path}) to throw`);
}

describe("openDatabase names DATABASE_PATH and the problem", () => {
  it("a directory", () => {
    const path = directoryPath();
    expect(openError(path)).toBe(`DATABASE_PATH (${path}) is a directory; it must name a database file, such as data/fx-trader.db.`);
  });

  it("a path whose folder would have to be inside a file", () => {
    const message = openError(belowAFile());
    expect(message).toMatch(/^DATABASE_PATH \(.*\) cannot be used: its folder .* cannot be created because part of that path is a file, not a folder\.$/);
  });

  it("a file that is not a SQLite database", () => {
    const path = notADatabase();
    expect(openError(path)).toMatch(new RegExp(`^DATABASE_PATH \\(${path}\\) is not a SQLite database: the file exists but holds something else`));
  });

  it("a new file in a writable folder is fine", () => {
    const db = openDatabase(join(folder(), "sub", "fresh.db"));
    db.$client.close();
  });
});

/** Runs `script` (TypeScript with tsx, JavaScript with node) and the given DATABASE_PATH; as the unprivileged `nobody` when `asNobody` and this process is root. */
function run(script: string, databasePath: string, asNobody = false) {
  const identity = asNobody && process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  const [command, args] = script.endsWith(".js") ? [process.execPath, [script]] : [join("node_modules", ".bin", "tsx"), [script]];
  return spawnSync(command, args, {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      DATABASE_PATH: databasePath,
      SESSION_SECRET: "startup-test-secret-0123456789abcdef0123",
      // never listened on: start-up stops before
      PORT: "3209",
    },
    encoding: "utf8",
    timeout: CHILD_MS,
    ...identity,
  });
}

describe("npm start stops with exit status 1 and the message", () => {
  it(
    "db/setup.ts (the first step) for a directory",
    () => {
      const path = directoryPath();
      const result = run("db/setup.ts", path);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`Setup failed: DATABASE_PATH (${path}) is a directory`);
    },
    CHILD_MS,
  );

  it(
    "the compiled server (the second step) for a file that is not a database",
    () => {
      const path = notADatabase();
      const result = run(SERVER_PATH, path);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`FX Trader could not start: DATABASE_PATH (${path}) is not a SQLite database`);
    },
    CHILD_MS,
  );

  it(
    "a database file the server may not write (read-only)",
    () => {
      const path = join(folder(), "readonly.db");
      openDatabase(path).$client.close();
      chmodSync(path, 0o444);
      const result = run("db/setup.ts", path, true);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`DATABASE_PATH (${path}) is read-only`);
    },
    CHILD_MS,
  );

  it(
    "a folder the server may not write (read-only)",
    () => {
      const dir = folder();
      chmodSync(dir, 0o555);
      const path = join(dir, "fx-trader.db");
      const result = run("db/setup.ts", path, true);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`DATABASE_PATH (${path}) is in a folder the server cannot write to`);
    },
    CHILD_MS,
  );
});
