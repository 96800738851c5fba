/**
 * POST /api/calculators/risk-of-ruin (spec section 7).
 * Body (JSON): { winRate, riskReward, riskPerTrade, ruinDrawdown? (percent, default 100) }.
 * 200: { riskOfRuin (percent, 3 decimals), riskLevel ('Low' | 'Moderate' | 'High'), ruinDrawdown,
 * expectancyR, kellyFraction, kellyNote, drawdownProbabilities {"10", "20", "50"} (percent, from a
 * peak within drawdownHorizonTrades trades), drawdownHorizonTrades, belowStartProbabilities (percent, ever
 * below the starting balance), method ('closed-form'), fixedFractional { riskOfRuin, drawdownProbabilities,
 * belowStartProbabilities, method ('closed-form' | 'monte-carlo'), belowStartStandardErrors, paths, seed,
 * horizonTrades }, explanation (one line) }.
 * 400 problem+json with errors [{field, message}]; 405 for other methods; 413/415 from readJsonBody.
 * Model and source: ~/domain/risk-of-ruin.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { analyseRiskOfRuin } from "~/domain/risk-of-ruin";
import { riskOfRuinReportSchema } from "~/schemas/api/calculators";
import { riskOfRuinSchema } from "~/schemas/calculators";
import { calculatorAction } from "~/services/calculator-api.server";
import { apiHandler, methodNotAllowed } from "~/services/http.server";

export const loader = apiHandler((_args: LoaderFunctionArgs) => methodNotAllowed(["POST"]));

export const action = calculatorAction(riskOfRuinSchema, analyseRiskOfRuin, riskOfRuinReportSchema);
