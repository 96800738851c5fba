#!/usr/bin/env node
/**
 * `npm run bench:calculators` (a benchmark, not a test): times
 * `analyseRiskOfRuin` — whose fixed-fractional odds run the seeded Monte
 * Carlo of 100,000 paths — and `sizePosition` on typical inputs. Each case
 * runs once to warm up, then `--runs` times (default 5); prints the median
 * and the slowest run in milliseconds, and the machine's load average, since
 * other processes on a shared machine slow every figure down.
 *
 *   npm run bench:calculators -- --runs 9
 *
 * Runs with tsx (it imports the TypeScript domain modules).
 */
import { loadavg } from "node:os";

import { sizePosition } from "../app/domain/position-size.ts";
import { analyseRiskOfRuin } from "../app/domain/risk-of-ruin.ts";

const runsArg = process.argv.indexOf("--runs");
const runs = runsArg === -1 ? 5 : Number(process.argv[runsArg + 1]);
if (!Number.isInteger(runs) || runs < 1) {
  console.error("--runs takes a positive integer");
  process.exit(2);
}

const ruinCases = [
  { winRate: 55, riskReward: 1.5, riskPerTrade: 2 },
  { winRate: 50, riskReward: 2, riskPerTrade: 20 },
  { winRate: 60, riskReward: 1, riskPerTrade: 10 },
  { winRate: 45, riskReward: 2, riskPerTrade: 1, ruinDrawdown: 30 },
  { winRate: 50, riskReward: 1.1, riskPerTrade: 5 },
];
const sizeCase = {
  accountBalance: 10_000,
  riskPercent: 1,
  entryPrice: 1.1,
  stopLoss: 1.098,
  spreadPips: 1,
  commissionPerLot: 7,
  leverage: 30,
  takeProfits: [{ price: 1.104, share: 50 }, { price: 1.108, share: 50 }],
};

/** Median and maximum of `runs` timings of `fn`, in ms, after one warm-up call. */
function time(fn) {
  fn();
  const timings = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    timings.push(performance.now() - start);
  }
  timings.sort((a, b) => a - b);
  return { median: timings[Math.floor(timings.length / 2)], max: timings[timings.length - 1] };
}

const format = (ms) => `${ms.toFixed(1)} ms`;
console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(" ")} on this machine; ${runs} runs per case`);
for (const input of ruinCases) {
  const { median, max } = time(() => analyseRiskOfRuin(input));
  const method = analyseRiskOfRuin(input).fixedFractional.method;
  console.log(`risk of ruin ${JSON.stringify(input)} (${method}): median ${format(median)}, max ${format(max)}`);
}
const size = time(() => sizePosition(sizeCase));
console.log(`position size with costs, margin and two targets: median ${format(size.median)}, max ${format(size.max)}`);
