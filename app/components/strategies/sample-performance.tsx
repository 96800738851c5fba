/**
 * The hypothetical sample of a strategy's Performance tab: its equity and
 * monthly-returns charts, key statistics and the performance disclaimer,
 * each marked as a sample.
 */
import type { ReactNode } from "react";

import { PERFORMANCE_DISCLAIMER, SAMPLE_LABEL } from "~/content/strategy-performance";
import { equityCurve } from "~/domain/returns";
import type { performanceSampleFor } from "~/domain/strategy-detail";
import { DisclaimerBox } from "./disclaimer-box";

function SampleBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
      {SAMPLE_LABEL}
    </span>
  );
}

function ChartFigure({ title, children, table }: { title: string; children: ReactNode; table: ReactNode }) {
  return (
    <figure className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <figcaption className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{title}</span>
        <SampleBadge />
      </figcaption>
      <div className="mt-3">{children}</div>
      <div className="sr-only">{table}</div>
    </figure>
  );
}

/** A sample month: its label and return (percent). */
export interface SampleMonth {
  month: string;
  returnPct: number;
}

function EquityChart({ months }: { months: readonly SampleMonth[] }) {
  const points = equityCurve(months.map((m) => m.returnPct));
  const width = 320;
  const height = 160;
  const pad = 8;
  const min = Math.min(...points);
  const max = Math.max(...points);
  const span = max - min || 1;
  const coords = points.map((value, i) => {
    const x = pad + (i * (width - 2 * pad)) / (points.length - 1);
    const y = height - pad - ((value - min) / span) * (height - 2 * pad);
    return `${x.toFixed(1)},${y.toFixed(1)}`;
  });
  const area = `${pad},${height - pad} ${coords.join(" ")} ${width - pad},${height - pad}`;
  const final = points[points.length - 1];
  const change = final - points[0];
  return (
    <ChartFigure
      title="Equity Curve"
      table={
        <table>
          <caption>Equity curve, {SAMPLE_LABEL.toLowerCase()}, starting at 100</caption>
          <thead>
            <tr>
              <th scope="col">After month</th>
              <th scope="col">Equity</th>
            </tr>
          </thead>
          <tbody>
            {points.slice(1).map((value, i) => (
              <tr key={i}>
                <th scope="row">{months[i].month}</th>
                <td>{value.toFixed(2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <p className="text-2xl font-bold tabular-nums">
        {change >= 0 ? "+" : ""}
        {change.toFixed(1)}%
        <span className="ml-2 text-sm font-normal text-slate-700 dark:text-slate-300">over {months.length} months</span>
      </p>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="mt-2 h-40 w-full"
        aria-hidden="true"
        preserveAspectRatio="none"
      >
        <polygon points={area} className="fill-blue-100 dark:fill-blue-950" />
        <polyline
          points={coords.join(" ")}
          fill="none"
          strokeWidth="2.5"
          strokeLinejoin="round"
          className="stroke-blue-700 dark:stroke-blue-400"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
    </ChartFigure>
  );
}

function MonthlyReturnsChart({ months }: { months: readonly SampleMonth[] }) {
  const maxAbs = Math.max(...months.map((m) => Math.abs(m.returnPct)), 1);
  return (
    <ChartFigure
      title="Monthly Returns"
      table={
        <table>
          <caption>Monthly returns in percent, {SAMPLE_LABEL.toLowerCase()}</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Return</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{m.month}</th>
                <td>{m.returnPct.toFixed(1)}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <div aria-hidden="true" className="flex h-40 items-stretch gap-1">
        {months.map((m) => {
          const pct = (Math.abs(m.returnPct) / maxAbs) * 50;
          return (
            <div key={m.month} className="flex min-w-0 flex-1 flex-col items-center">
              <div className="relative w-full flex-1">
                <div className="absolute top-1/2 right-0 left-0 h-px bg-slate-300 dark:bg-slate-600" />
                <div
                  className={`absolute right-0.5 left-0.5 rounded-sm ${
                    m.returnPct >= 0 ? "bg-green-600 dark:bg-green-400" : "bg-red-600 dark:bg-red-400"
                  }`}
                  style={m.returnPct >= 0 ? { bottom: "50%", height: `${pct}%` } : { top: "50%", height: `${pct}%` }}
                />
              </div>
              <span className="mt-1 text-[10px] text-slate-700 dark:text-slate-300">{m.month.slice(0, 1)}</span>
            </div>
          );
        })}
      </div>
    </ChartFigure>
  );
}

/** The sample charts, statistics and disclaimer for `sample`, with `months` its monthly returns in order. */
export function SamplePerformance({ months, sample }: { months: SampleMonth[]; sample: ReturnType<typeof performanceSampleFor> }) {
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-xl font-semibold">Illustration</h2>
        <SampleBadge />
      </div>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        Illustrative figures over a {sample.period} sample period. They are not live results.
      </p>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <EquityChart months={months} />
        <MonthlyReturnsChart months={months} />
      </div>
      <section
        aria-labelledby="sample-stats"
        className="mt-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="sample-stats" className="font-semibold">
            Key Statistics
          </h3>
          <SampleBadge />
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {sample.stats.map((stat) => (
            <div key={stat.label} className="rounded-md bg-slate-50 p-3 dark:bg-slate-800">
              <dt className="text-xs font-medium text-slate-700 dark:text-slate-300">{stat.label}</dt>
              <dd className="mt-1 text-lg font-bold tabular-nums">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <DisclaimerBox id="methodology-disclaimer" title="Methodology Disclaimer" level="h3" className="mt-4 rounded-lg">
        {PERFORMANCE_DISCLAIMER}
      </DisclaimerBox>
    </div>
  );
}
