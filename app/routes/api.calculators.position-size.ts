/**
 * POST /api/calculators/position-size (spec section 7).
 * Body (JSON): { accountBalance, riskPercent, entryPrice, stopLoss, symbol?, conversionRate? }.
 * 200: { lotSize, riskAmount, stopPips, pipValuePerLot, units, actualRisk, symbol? }.
 * 400 problem+json with errors [{field, message}]; 405 for other methods; 413/415 from readJsonBody.
 * Formula and units: ~/domain/position-size.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { calculatePositionSize, CalculatorInputError } from "~/domain/position-size";
import { positionSizeSchema } from "~/schemas/calculators";
import { apiHandler, apiJson, methodNotAllowed, problem, readJsonBody, validationProblem } from "~/services/http.server";

export const loader = apiHandler((_args: LoaderFunctionArgs) => methodNotAllowed(["POST"]));

export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const body = await readJsonBody(request);
  const parsed = positionSizeSchema.safeParse(body);
  if (!parsed.success) return validationProblem(parsed.error);
  try {
    return apiJson(calculatePositionSize(parsed.data));
  } catch (error) {
    if (error instanceof CalculatorInputError) {
      return problem(400, `${error.field}: ${error.message}`, { errors: [{ field: error.field, message: error.message }] });
    }
    throw error;
  }
});
