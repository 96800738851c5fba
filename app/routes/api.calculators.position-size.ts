/**
 * POST /api/calculators/position-size (spec section 7).
 * Body (JSON): the spec's { accountBalance, riskPercent, entryPrice, stopLoss }, with optional
 * symbol (a catalogue pair, XAUUSD, XAGUSD or CUSTOM), accountCurrency, conversionRate,
 * riskAmount (instead of riskPercent), commissionPerLot, spreadPips, lotStep, minLot, maxLot,
 * leverage, takeProfits [{price, share}], and contractSize, pipSize, pipValue for CUSTOM.
 * 200: { lotSize, riskAmount, stopPips, pipValuePerLot, units, actualRisk, symbol?,
 * accountCurrency, lotStep, orders, riskAtMinLot, marginRequired, maxLotByMargin,
 * targets [{price, share, reward, rr}], totalReward, totalRr, warnings [string], explanation }.
 * 400 problem+json with errors [{field, message}]; 405 for other methods; 413/415 from readJsonBody.
 * Formula and units: ~/domain/position-size.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { sizePosition } from "~/domain/position-size";
import { positionSizeReportSchema } from "~/schemas/api/calculators";
import { positionSizeSchema } from "~/schemas/calculators";
import { calculatorAction } from "~/services/calculator-api.server";
import { apiHandler, methodNotAllowed } from "~/services/http.server";

export const loader = apiHandler((_args: LoaderFunctionArgs) => methodNotAllowed(["POST"]));

export const action = calculatorAction(positionSizeSchema, sizePosition, positionSizeReportSchema);
