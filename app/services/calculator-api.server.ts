/**
 * The JSON calculator endpoints (POST /api/calculators/*), spec section 7:
 * one schema-validated body in, the calculator's result out. Invalid input is
 * a 400 problem listing each field; so is input the calculator itself rejects
 * (CalculatorInputError, e.g. a stop loss equal to the entry).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import type { z, ZodTypeAny } from "zod";
import { CalculatorInputError } from "~/domain/position-size";
import { apiHandler, apiJson, methodNotAllowed, problem, readJsonBody, validationProblem } from "~/services/http.server";

/** The `action` of a calculator endpoint: `schema` validates the body, `calculate` answers. */
export function calculatorAction<Schema extends ZodTypeAny>(schema: Schema, calculate: (input: z.output<Schema>) => unknown) {
  return apiHandler(async ({ request }: ActionFunctionArgs) => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const body = await readJsonBody(request);
    const parsed = schema.safeParse(body);
    if (!parsed.success) return validationProblem(parsed.error);
    try {
      return apiJson(calculate(parsed.data));
    } catch (error) {
      if (error instanceof CalculatorInputError) {
        return problem(400, `${error.field}: ${error.message}`, { errors: [{ field: error.field, message: error.message }] });
      }
      throw error;
    }
  });
}
