/**
 * The calculators' pre-check in the browser (spec sections 5 and 8): each
 * form's values must parse as numbers before anything is sent. Loaded by
 * `useCalculator` on the first interaction with a calculator, not with the
 * page, because it brings zod and the calculator schemas.
 */
import { parseWithZod } from "@conform-to/zod";
import type { CalculatorIntent } from "~/schemas/calculator-intents";
import { CALCULATOR_PRECHECKS } from "~/schemas/calculators";

/**
 * @param intent the calculator whose form is checked.
 * @param formData the form's fields as posted.
 * @returns Conform's submission: `status` "success", or "error" with each bad field's message ("Entry price must be a number").
 */
export function precheckCalculator(intent: CalculatorIntent, formData: FormData) {
  return parseWithZod(formData, { schema: CALCULATOR_PRECHECKS[intent] });
}
