/**
 * POST /api/calculators/position-size (spec section 7).
 * Body (JSON): { accountBalance, riskPercent, entryPrice, stopLoss, symbol?, conversionRate? }.
 * 200: { lotSize, riskAmount, stopPips, pipValuePerLot, units, actualRisk, symbol? }.
 * 400 problem+json with errors [{field, message}]; 405 for other methods; 413/415 from readJsonBody.
 * Formula and units: ~/domain/position-size.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { calculatePositionSize } from "~/domain/position-size";
import { positionSizeSchema } from "~/schemas/calculators";
import { calculatorAction } from "~/services/calculator-api.server";
import { apiHandler, methodNotAllowed } from "~/services/http.server";

export const loader = apiHandler((_args: LoaderFunctionArgs) => methodNotAllowed(["POST"]));

export const action = calculatorAction(positionSizeSchema, calculatePositionSize);
