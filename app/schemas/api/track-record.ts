/**
 * The live track record as GET /api/strategies/{slug}/performance returns it:
 * every field of `TrackRecord` (app/domain/track-record.ts) plus `slug`, typed
 * against the domain's type so the document cannot drift from the answer.
 */
import { RECORD_BASES, type RecordBasis } from "~/domain/record-basis";
import { CLOSE_REASONS } from "~/domain/signal-lifecycle";
import type { TrackRecord } from "~/domain/track-record";
import { isoDateTime } from "./common";
import { z } from "./zod";

const r = (description: string) => z.number().openapi({ description: `${description} In R (multiples of the original risk distance).` });
const nullableR = (description: string) => r(description).nullable();

const drawdownSpan = z
  .object({
    peakAt: isoDateTime.nullable(),
    troughAt: isoDateTime.nullable(),
    recoveredAt: isoDateTime.nullable().openapi({ description: "First close at or above the peak again; null while not recovered." }),
    recoveryDays: z.number().nullable(),
  })
  .strict();

const tradeEquityPoint = z
  .object({
    time: isoDateTime,
    tradeId: z.number().int().nullable().openapi({ description: "Null for the start point." }),
    equity: z.number().openapi({ description: "Equity in account currency units, starting from `startingEquity`." }),
    drawdownPct: z.number().openapi({ description: "Percent below the running equity peak (≤ 0)." }),
    cumulativeR: z.number(),
    drawdownR: z.number().openapi({ description: "R below the running peak of cumulative R (≤ 0)." }),
  })
  .strict();

const dayEquityPoint = z
  .object({
    time: z.string().openapi({ description: "UTC day, YYYY-MM-DD.", example: "2026-11-20" }),
    equity: z.number(),
    drawdownPct: z.number(),
  })
  .strict();

const monthlyRow = z
  .object({
    month: z.string().openapi({ example: "2026-10" }),
    returnPct: z.number().openapi({ description: "Compounded return of the month, percent." }),
    trades: z.number().int(),
    endEquity: z.number(),
  })
  .strict();

const symbolPips = z
  .object({
    symbol: z.string().openapi({ example: "EURUSD" }),
    trades: z.number().int().openapi({ description: "Closed trades of the symbol in the period." }),
    grossPips: z.number().openapi({ description: "Sum of the symbol's trades before costs, in its pips." }),
    costPips: z.number().openapi({ description: "Spread, commission and slippage charged on the symbol's trades, in its pips." }),
    netPips: z.number().openapi({ description: "Sum of the symbol's trades after costs, in its pips." }),
    estimatedPipValueTrades: z.number().int().openapi({
      description:
        "Of `trades`, those whose commission was converted into pips at an assumed $10 per pip per lot: a cross whose quote currency's USD rate at the exit no stored price bar gives. Otherwise the pip value is exact (quote USD), from the fill (base USD) or from the close of the quote currency's USD pair at or before the exit.",
    }),
  })
  .strict();

const trackRecordFields = {
    riskPct: z.number().openapi({ description: "Percent of equity risked per trade (the loss at −1 R).", example: 1 }),
    startingEquity: z.number().openapi({ example: 10000 }),
    from: isoDateTime.nullable(),
    to: isoDateTime.nullable(),
    trades: z.number().int(),
    wins: z.number().int(),
    losses: z.number().int(),
    breakevens: z.number().int(),
    winRate: z.number().nullable().openapi({ description: "Percent of trades won; null with no trades." }),
    avgWinR: nullableR("Mean net result of the wins."),
    avgLossR: nullableR("Mean net result of the losses (negative)."),
    expectancyR: nullableR("Mean net result per trade."),
    profitFactor: z.number().nullable().openapi({ description: "Σ net R of wins / |Σ net R of losses|; null when there is no loss." }),
    pipsBySymbol: z.array(symbolPips).openapi({
      description:
        "Pips of each symbol traded, A–Z. Pips are summed within a symbol only: a pip is 0.0001 on EURUSD and 0.01 on XAUUSD, so a total across symbols would mean nothing (there is no `totalNetPips`). R (`totalNetR`) is the unit that adds up across symbols.",
    }),
    totalGrossR: r("Sum before costs."),
    totalNetR: r("Sum after costs."),
    largestWinR: nullableR("Best win."),
    largestLossR: nullableR("Worst loss."),
    longestWinStreak: z.number().int(),
    longestLossStreak: z.number().int(),
    avgHoldingHours: z.number().nullable(),
    maxDrawdownR: r("Peak-to-trough fall of cumulative R (≤ 0)."),
    maxDrawdown: drawdownSpan,
    endingEquity: z.number(),
    totalReturnPct: z.number(),
    maxDrawdownPercent: z.number().openapi({ description: "Deepest fall of compounded equity below its peak, percent (≤ 0)." }),
    cagr: z.number().nullable().openapi({ description: "Compound annual growth rate, percent." }),
    sharpe: z.number().nullable().openapi({ description: "Of the daily returns (weekdays) from the period's first trade, annualised by √252, risk-free 0: see `ratioConvention`." }),
    sortino: z.number().nullable().openapi({ description: "As `sharpe`, over the downside deviation (target 0)." }),
    ratioConvention: z
      .object({
        returns: z.literal("daily"),
        periodsPerYear: z.literal(252),
        riskFreeRate: z.literal(0),
        from: z.string().nullable().openapi({ description: "The day (`YYYY-MM-DD`, UTC) the returns start: the period's first trade; null with no trades." }),
      })
      .strict()
      .openapi({ description: "How `sharpe` and `sortino` are computed." }),
    monthly: z.array(monthlyRow),
    equity: z.object({ byTrade: z.array(tradeEquityPoint), byDay: z.array(dayEquityPoint) }).strict(),
};

/** GET /api/strategies/{slug}/performance: the record, the slug asked for and the basis of its trades. */
export const strategyPerformanceSchema: z.ZodType<TrackRecord & { slug: string; basis: RecordBasis }> = z
  .object({
    slug: z.string().openapi({ description: "The strategy's slug, or `all`.", example: "alpha-swing" }),
    basis: z.enum(RECORD_BASES).openapi({
      description:
        "Which trades the figures count: `live` (signals an admin published, `simulated: false` in their ledger `published` event), `simulated` (the generated history, hypothetical performance), or `all`.",
      example: "live",
    }),
    ...trackRecordFields,
  })
  .strict()
  .openapi({ ref: "TrackRecord", description: `Net of costs; close reasons are ${CLOSE_REASONS.join(", ")}.` });

/** The query both track record endpoints take. */
export const trackRecordQueryParams = z.object({
  risk: z.string().optional().openapi({ description: "Percent of equity risked per trade, greater than 0 and at most 100 (default 1).", example: "1" }),
  from: z.string().optional().openapi({ description: "First UTC day of the period, YYYY-MM-DD (inclusive).", example: "2026-01-01" }),
  to: z.string().optional().openapi({ description: "Last UTC day of the period, YYYY-MM-DD (inclusive).", example: "2026-11-20" }),
  basis: z.enum(RECORD_BASES).optional().openapi({
    description:
      "Which trades to count: `live` (default; signals an admin published), `simulated` (generated history: hypothetical performance), or `all`. Any other value is a 400 naming `basis`.",
    example: "live",
  }),
});
