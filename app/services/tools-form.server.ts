/**
 * The /tools action's work: the post parsed with `toolsSchema` through
 * `handleIntent`, then the calculator the hidden `intent` names, run like
 * the JSON API runs it (`runCalculator`). Kept in a `.server` module so the
 * /tools page's first load reaches neither zod nor the calculator schemas;
 * the browser loads its number pre-check on demand (calculator-precheck.ts).
 */
import type { ToolsResult } from "~/schemas/calculator-intents";
import { sizePosition } from "~/domain/position-size";
import { analyseRiskOfRuin } from "~/domain/risk-of-ruin";
import { formFieldName, toolsSchema } from "~/schemas/calculators";
import { runCalculator } from "~/services/calculator-api.server";
import { handleIntent } from "~/services/form-intent.server";

/**
 * Answers a /tools post.
 * @returns `handleIntent`'s reply: `{intent, submission, data}` with `data`
 *   a `ToolsResult` on success; invalid input or input the calculator
 *   rejects as Conform field errors (400).
 * @throws Response 415/400 for a body that is not a readable form (see `readFormData`).
 */
export function calculateToolsForm(request: Request) {
  return handleIntent<typeof toolsSchema, ToolsResult>(request, toolsSchema, (value) => {
    const run =
      value.intent === "position-size" ? runCalculator(sizePosition, value) : runCalculator(analyseRiskOfRuin, value);
    if (!run.ok) return { fieldErrors: { [formFieldName(run.field)]: [run.message] } };
    return { data: { intent: value.intent, result: run.result } as ToolsResult };
  });
}
