/** OpenAPI path of the document itself. */
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { notModifiedResponse, problemResponses } from "../responses";

export const metaPaths: ZodOpenApiPathsObject = {
  "/api/openapi.json": {
    get: {
      operationId: "getOpenApiDocument",
      tags: ["Meta"],
      summary: "Get this OpenAPI 3.1 document",
      security: [{}],
      responses: {
        "200": { description: "The document.", content: { "application/json": { schema: { type: "object" } } } },
        "304": notModifiedResponse,
        ...problemResponses(),
      },
    },
  },
};
