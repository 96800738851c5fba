/**
 * The calculators behind /tools and the JSON endpoints (POST
 * /api/calculators/*, spec section 7): one function runs a calculator on a
 * schema-validated request and turns input the calculator itself rejects
 * (CalculatorInputError, e.g. a stop loss equal to the entry) into a field
 * error. The API answers that as a 400 problem; the page as a Conform field error.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import type { z, ZodType, ZodTypeAny, ZodTypeDef } from "zod";
import { CalculatorInputError } from "~/domain/calculator-error";
import { apiHandler, apiJsonOf, methodNotAllowed, problem, readJsonBody, validationProblem } from "~/services/http.server";

/** A calculator run: its result, or the field the calculator rejected with its message. */
type CalculatorRun<Result> = { ok: true; result: Result } | { ok: false; field: string; message: string };

/**
 * Runs `calculate` on an already validated `input`.
 * @returns `{ ok: true, result }`, or `{ ok: false, field, message }` when the calculator throws CalculatorInputError.
 * @throws whatever else `calculate` throws.
 */
export function runCalculator<Input, Result>(calculate: (input: Input) => Result, input: Input): CalculatorRun<Result> {
  try {
    return { ok: true, result: calculate(input) };
  } catch (error) {
    if (error instanceof CalculatorInputError) return { ok: false, field: error.field, message: error.message };
    throw error;
  }
}

/**
 * The `action` of a calculator endpoint: `schema` validates the JSON body,
 * `calculate` answers with 200 JSON of the documented `resultSchema`
 * (app/schemas/api/calculators.ts); invalid or rejected input is a 400
 * problem listing `[{field, message}]`; other methods 405.
 */
export function calculatorAction<Schema extends ZodTypeAny, Result>(
  schema: Schema,
  calculate: (input: z.output<Schema>) => Result,
  resultSchema: ZodType<Result, ZodTypeDef, unknown>,
) {
  return apiHandler(async ({ request }: ActionFunctionArgs) => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const body = await readJsonBody(request);
    const parsed = schema.safeParse(body);
    if (!parsed.success) return validationProblem(parsed.error);
    const run = runCalculator(calculate, parsed.data);
    if (run.ok) return apiJsonOf(resultSchema, run.result);
    return problem(400, `${run.field}: ${run.message}`, { errors: [{ field: run.field, message: run.message }] });
  }, { allow: ["POST"] });
}
