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
 * Because a shared machine's load moves every figure, it also times, on the
 * same inputs and in the same run, the simulation as it was before it was
 * sped up (one generator call and one barrier test per trade, `baseline`
 * below), and prints before, after and the speed-up.
 *
 * Runs with tsx (it imports the TypeScript domain modules).
 */
import { loadavg } from "node:os";
import { median } from "../harness/stats.ts";

import { sizePosition } from "../app/domain/position-size.ts";
import { mulberry32, UINT32_RANGE } from "../app/domain/prng.ts";
import { adjustmentCoefficient, analyseRiskOfRuin, MONTE_CARLO, simulateFixedFractional } from "../app/domain/risk-of-ruin.ts";

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
  return { median: median(timings), max: Math.max(...timings) };
}

/**
 * The fixed-fractional Monte Carlo before it was sped up: one mulberry32 call
 * per trade compared with p·2^32, a barrier test after every loss, the
 * Lundberg escape test after every trade. Same model and options as
 * `simulateFixedFractional`; returns the probabilities (0–1).
 */
function baseline({ winProbability: p, riskReward, riskFraction: f, drawdowns, paths, seed, horizonTrades }) {
  const upFactor = 1 + f * riskReward;
  const downFactor = 1 - f;
  const escape = Math.exp(-Math.log(MONTE_CARLO.tailBound) / adjustmentCoefficient(p, Math.log(upFactor), -Math.log(downFactor)));
  const order = drawdowns.map((_, index) => index).sort((a, b) => drawdowns[a] - drawdowns[b]);
  const levels = [...order.map((index) => (1 - drawdowns[index] / 100) * (1 + 1e-9)), -1];
  const ceilings = [...levels.slice(0, -1).map((level) => level * escape), 0];
  const reached = new Array(order.length).fill(0);
  const random = mulberry32(seed);
  const winBelow = p * UINT32_RANGE;
  for (let path = 0; path < paths; path++) {
    let equity = 1;
    let hit = 0;
    for (let trade = 0; trade < horizonTrades && equity < ceilings[hit]; trade++) {
      if (random() < winBelow) equity *= upFactor;
      else {
        equity *= downFactor;
        while (equity <= levels[hit]) hit++;
      }
    }
    for (let k = 0; k < hit; k++) reached[k]++;
  }
  return order.map((_, k) => reached[order.indexOf(k)] / paths);
}

const format = (ms) => `${ms.toFixed(1)} ms`;
console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(" ")} on this machine; ${runs} runs per case`);
for (const input of ruinCases) {
  const { median, max } = time(() => analyseRiskOfRuin(input));
  const method = analyseRiskOfRuin(input).fixedFractional.method;
  console.log(`risk of ruin ${JSON.stringify(input)} (${method}): median ${format(median)}, max ${format(max)}`);
}
console.log("Monte Carlo before and after the speed-up (same inputs, same run):");
for (const input of ruinCases) {
  const options = {
    winProbability: input.winRate / 100,
    riskReward: input.riskReward,
    riskFraction: input.riskPerTrade / 100,
    drawdowns: [10, 20, 50],
    paths: MONTE_CARLO.paths,
    seed: MONTE_CARLO.seed,
    horizonTrades: MONTE_CARLO.horizonTrades,
  };
  const before = time(() => baseline(options));
  const after = time(() => simulateFixedFractional(options));
  const odds = (values) => values.map((p) => `${(p * 100).toFixed(2)}%`).join(" / ");
  console.log(
    `  ${JSON.stringify(input)}: before ${format(before.median)}, after ${format(after.median)} (${(before.median / after.median).toFixed(1)}× faster); ` +
      `10/20/50% drawdown odds before ${odds(baseline(options))}, after ${odds(simulateFixedFractional(options).map((r) => r.probability))}`,
  );
}
const size = time(() => sizePosition(sizeCase));
console.log(`position size with costs, margin and two targets: median ${format(size.median)}, max ${format(size.max)}`);
