/** The e2e server's SQLite file, for the few specs that must change a stored byte no browser flow can reach. */
import { readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { E2E } from "./ports";

/** The e2e server's database file (start-app.ts makes it in a fresh temporary folder per run; the newest is this run's). */
export function e2eDatabasePath(): string {
  const prefix = `fx-trader-e2e-${E2E.appPort}-`;
  const folders = readdirSync(tmpdir())
    .filter((name) => name.startsWith(prefix))
    .map((name) => join(tmpdir(), name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (folders.length === 0) throw new Error(`No ${prefix}* folder in ${tmpdir()}`);
  return join(folders[0]!, "e2e.db");
}
