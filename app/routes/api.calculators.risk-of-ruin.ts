/**
 * POST /api/calculators/risk-of-ruin (spec section 7).
 * Body (JSON): { winRate, riskReward, riskPerTrade }.
 * 200: { riskOfRuin (percent, 3 decimals), riskLevel ('Low' | 'Moderate' | 'High') }.
 * 400 problem+json with errors [{field, message}]; 405 for other methods; 413/415 from readJsonBody.
 * Model and source: ~/domain/risk-of-ruin.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { CalculatorInputError } from "~/domain/position-size";
import { calculateRiskOfRuin } from "~/domain/risk-of-ruin";
import { riskOfRuinSchema } from "~/schemas/calculators";
import { apiHandler, apiJson, methodNotAllowed, problem, readJsonBody, validationProblem } from "~/services/http.server";

export const loader = apiHandler((_args: LoaderFunctionArgs) => methodNotAllowed(["POST"]));

export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const body = await readJsonBody(request);
  const parsed = riskOfRuinSchema.safeParse(body);
  if (!parsed.success) return validationProblem(parsed.error);
  try {
    return apiJson(calculateRiskOfRuin(parsed.data));
  } catch (error) {
    if (error instanceof CalculatorInputError) {
      return problem(400, `${error.field}: ${error.message}`, { errors: [{ field: error.field, message: error.message }] });
    }
    throw error;
  }
});
