/**
 * The calculator endpoints' documented JSON bodies and answers. Requests are
 * validated by app/schemas/calculators.ts (shared with the /tools form), which
 * also accepts decimal strings; these describe the JSON a client sends. The
 * answers are typed against the domain's reports.
 */
import { ACCOUNT_CURRENCIES } from "~/domain/instruments";
import { LEVERAGE_RANGE, LOT_STEPS, type PositionSizeReport } from "~/domain/position-size";
import type { RiskOfRuinReport } from "~/domain/risk-of-ruin";
import { z } from "./zod";

const num = (description: string, example?: number) => z.number().openapi({ description, ...(example === undefined ? {} : { example }) });

/** `POST /api/calculators/position-size` body: give `riskPercent` or `riskAmount`. */
export const positionSizeRequestSchema = z
  .object({
    accountBalance: num("Account balance in account currency, > 0 (at most 1e12).", 10000),
    riskPercent: num("Percent of the balance to risk, 0 < x ≤ 100.", 1).optional(),
    riskAmount: num("Money to risk instead of riskPercent, account currency.").optional(),
    entryPrice: num("Entry price, > 0.", 1.0865),
    stopLoss: num("Stop-loss price, at least 0.1 pip from the entry.", 1.082),
    symbol: z.string().optional().openapi({ description: "A catalogue pair such as EURUSD, XAUUSD, XAGUSD, or CUSTOM.", example: "EURUSD" }),
    accountCurrency: z.enum(ACCOUNT_CURRENCIES).optional().openapi({ example: "USD" }),
    conversionRate: num("Account-currency units per quote-currency unit, 1e-6 to 1e6; needed when neither currency is the account's.").optional(),
    commissionPerLot: num("Round-turn commission per standard lot, account currency, 0 to 10,000.").optional(),
    spreadPips: num("Spread paid at entry, pips, 0 to 10,000.").optional(),
    lotStep: num(`Lot step, one of ${LOT_STEPS.join(", ")} (default 0.01).`).optional(),
    minLot: num("Smallest order the broker accepts, lots.").optional(),
    maxLot: num("Largest order the broker accepts, lots (at most 10,000).").optional(),
    leverage: num(`Leverage L of 1:L, ${LEVERAGE_RANGE.min} to ${LEVERAGE_RANGE.max}.`).optional(),
    takeProfits: z
      .array(z.object({ price: num("Target price."), share: num("Percent of the position closed there.") }).strict())
      .max(10)
      .optional()
      .openapi({ description: "Up to 10 targets whose shares sum to 100." }),
    contractSize: num("CUSTOM only: units per lot.").optional(),
    pipSize: num("CUSTOM only: price change of one pip.").optional(),
    pipValue: num("CUSTOM only: value of one pip on one lot, account currency.").optional(),
  })
  .openapi({ ref: "PositionSizeRequest" });

/** `POST /api/calculators/position-size` answer. */
export const positionSizeReportSchema: z.ZodType<PositionSizeReport> = z
  .object({
    lotSize: num("Standard lots, rounded down to the lot step.", 0.22),
    riskAmount: num("Money at risk asked for, account currency.", 100),
    stopPips: num("Stop distance in pips, to 0.1.", 45),
    pipValuePerLot: num("Value of one pip on one lot, account currency.", 10),
    units: num("Position size in base-currency units.", 22000),
    actualRisk: num("Risk at the rounded lot size, costs included.", 99),
    symbol: z.string().optional(),
    accountCurrency: z.string(),
    lotStep: z.number(),
    orders: z.number().int(),
    riskAtMinLot: z.number().nullable(),
    marginRequired: z.number().nullable(),
    maxLotByMargin: z.number().nullable(),
    targets: z.array(z.object({ price: z.number(), share: z.number(), reward: z.number(), rr: z.number() }).strict()),
    totalReward: z.number().nullable(),
    totalRr: z.number().nullable(),
    warnings: z.array(z.string()),
    explanation: z.string(),
  })
  .strict()
  .openapi({ ref: "PositionSizeReport" });

/** `POST /api/calculators/risk-of-ruin` body. */
export const riskOfRuinRequestSchema = z
  .object({
    winRate: num("Percent of trades that win, 0 to 100.", 55),
    riskReward: num("Reward-to-risk ratio R, > 0.", 1.5),
    riskPerTrade: num("Percent of the starting balance risked per trade, 0 < x ≤ 100.", 1),
    ruinDrawdown: num("Drawdown that counts as ruin, percent, 0 < D ≤ 100 (default 100).", 50).optional(),
  })
  .openapi({ ref: "RiskOfRuinRequest" });

const drawdownOdds = z.object({ "10": z.number(), "20": z.number(), "50": z.number() }).strict();

/** `POST /api/calculators/risk-of-ruin` answer (percentages with 3 decimals). */
export const riskOfRuinReportSchema: z.ZodType<RiskOfRuinReport> = z
  .object({
    riskOfRuin: num("Probability of ruin, percent.", 0.004),
    riskLevel: z.enum(["Low", "Moderate", "High"]),
    ruinDrawdown: z.number(),
    expectancyR: z.number(),
    kellyFraction: z.number(),
    kellyNote: z.string(),
    drawdownProbabilities: drawdownOdds.openapi({
      description: "Odds (percent) of equity falling 10, 20 and 50% of the starting balance below its running peak within drawdownHorizonTrades trades, risking a fixed amount.",
    }),
    drawdownHorizonTrades: z.number().int().openapi({ description: "Trades over which the peak-to-trough odds are counted (500)." }),
    belowStartProbabilities: drawdownOdds.openapi({ description: "Odds (percent) of ever falling 10, 20 and 50% below the starting balance, risking a fixed amount." }),
    method: z.literal("closed-form").openapi({ description: "How riskOfRuin and belowStartProbabilities were obtained." }),
    fixedFractional: z
      .object({
        riskOfRuin: z.number(),
        drawdownProbabilities: drawdownOdds.openapi({ description: "Odds (percent) of equity falling 10, 20 and 50% below its running peak within drawdownHorizonTrades trades." }),
        belowStartProbabilities: drawdownOdds.openapi({ description: "Odds (percent) of falling 10, 20 and 50% below the starting balance within horizonTrades trades." }),
        method: z.enum(["closed-form", "monte-carlo"]).openapi({ description: "How riskOfRuin and belowStartProbabilities were obtained." }),
        belowStartStandardErrors: drawdownOdds.extend({ ruin: z.number() }),
        paths: z.number().int().nullable(),
        seed: z.number().int().nullable(),
        horizonTrades: z.number().int().nullable(),
      })
      .strict(),
    explanation: z.string().openapi({ description: "The answer in one line, with units." }),
  })
  .strict()
  .openapi({ ref: "RiskOfRuinReport" });
