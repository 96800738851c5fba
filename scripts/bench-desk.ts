/**
 * `npm run bench:desk` (a benchmark, not a test): the admin desk's server CPU
 * per request as the number of open signals grows
 * (docs/decisions/0173-desk-pages-open-signals.md). On the production build
 * (test harness, temporary seeded database, delivery worker off) it opens
 * limit signals through the admin API until `--open` counts are reached
 * (default 8,40), and at each count requests `/admin/signals` signed in as
 * the admin 60 times in a row for 5 rounds, reading the server process's
 * CPU time (`utime + stime`, /proc) around each round. Prints the median CPU
 * per request at each count and its ratio to the first (target ≤ 1.25).
 * CPU time, unlike latency, moves little with the machine's load.
 */
import { readFileSync } from "node:fs";
import { DEMO_ACCOUNTS, prepareHarnessDatabase, send, signIn, startAppServer, type AppServer } from "../harness/app-server";
import { validSignalApiBody } from "../harness/signals";
import { median } from "../harness/stats";
import { loadLine, readOptions } from "./bench/support";

const REQUESTS_PER_ROUND = 60;
const ROUNDS = 5;

/** CPU time the process has used, ms (utime + stime of /proc/<pid>/stat, 10 ms clock ticks). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function openCount(server: AppServer, cookie: string): Promise<number> {
  const response = await send(server, { path: "/api/signals?status=PENDING,ACTIVE&limit=100", headers: { Cookie: cookie } });
  return (JSON.parse(response.body) as unknown[]).length;
}

async function publishLimitSignal(server: AppServer, cookie: string, strategyId: number): Promise<void> {
  const body = validSignalApiBody(strategyId, new Date(Date.now() + 86_400_000), { entryJson: { price: 1.085, method: "limit" } });
  const response = await send(server, { method: "POST", path: "/api/admin/signals", headers: { Cookie: cookie, "Content-Type": "application/json", Origin: server.url }, body: JSON.stringify(body) });
  if (response.status !== 201) throw new Error(`Publishing answered ${response.status}: ${response.body.slice(0, 200)}`);
}

/** Median CPU ms per desk request over ROUNDS rounds, after a warm-up. */
async function deskCpu(server: AppServer, cookie: string): Promise<number> {
  const desk = () => send(server, { path: "/admin/signals", headers: { Cookie: cookie } });
  for (let i = 0; i < 20; i += 1) await desk();
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const before = cpuMs(server.pid);
    for (let i = 0; i < REQUESTS_PER_ROUND; i += 1) await desk();
    rounds.push((cpuMs(server.pid) - before) / REQUESTS_PER_ROUND);
  }
  return median(rounds);
}

const counts = readOptions().integers("open", [8, 40]);
console.log(`bench:desk: ${loadLine()}`);
const db = await prepareHarnessDatabase();
const server = await startAppServer(db.databasePath, { env: { DELIVERY_WORKER: "off" } });
try {
  const cookie = await signIn(server, DEMO_ACCOUNTS.admin);
  const strategyId = (JSON.parse((await send(server, { path: "/api/strategies" })).body) as { id: number }[])[0]!.id;
  const rows: Array<{ open: number; cpu: number }> = [];
  for (const target of counts) {
    for (let open = await openCount(server, cookie); open < target; open += 1) await publishLimitSignal(server, cookie, strategyId);
    const open = await openCount(server, cookie);
    rows.push({ open, cpu: await deskCpu(server, cookie) });
  }
  for (const row of rows) console.log(`${row.open} open: ${row.cpu.toFixed(2)} ms CPU per /admin/signals request (${(row.cpu / rows[0]!.cpu).toFixed(2)}× the first)`);
  console.log(`bench:desk: ${loadLine()}`);
} finally {
  await server.stop();
  db.remove();
}
