/** OpenAPI paths of the calculators. */
import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  positionSizeReportSchema,
  positionSizeRequestSchema,
  riskOfRuinReportSchema,
  riskOfRuinRequestSchema,
} from "~/schemas/api/calculators";
import { jsonResponse, problemResponses } from "../responses";

export const calculatorPaths: ZodOpenApiPathsObject = {
  "/api/calculators/position-size": {
    post: {
      operationId: "sizePosition",
      tags: ["Calculators"],
      summary: "Size a position",
      description: "Lots for a risk; with costs, broker limits, margin and targets when given. Numbers may also be decimal strings.",
      security: [{}],
      requestBody: { required: true, content: { "application/json": { schema: positionSizeRequestSchema } } },
      responses: { "200": jsonResponse(positionSizeReportSchema, "The position size."), ...problemResponses(400, 405, 413, 415) },
    },
  },
  "/api/calculators/risk-of-ruin": {
    post: {
      operationId: "riskOfRuin",
      tags: ["Calculators"],
      summary: "Estimate the risk of ruin",
      description: "Risk of ruin and drawdown odds, fixed amount (closed form) and fixed fraction (closed form or seeded Monte Carlo).",
      security: [{}],
      requestBody: { required: true, content: { "application/json": { schema: riskOfRuinRequestSchema } } },
      responses: { "200": jsonResponse(riskOfRuinReportSchema, "The risk of ruin."), ...problemResponses(400, 405, 413, 415) },
    },
  },
};
