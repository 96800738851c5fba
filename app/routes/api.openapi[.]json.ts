import type { LoaderFunctionArgs } from "@remix-run/node";
import { openApiDocumentBody } from "~/services/openapi/document.server";
import { apiHandler, apiJsonText, readOnlyAction } from "~/services/http.server";
import { keptBodyFor } from "~/services/kept-body.server";

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of the API, generated from
 * app/schemas/api. Public, cacheable, CORS. Serialised once and compressed
 * once per coding (docs/decisions/0078-kept-bodies-compressed-once.md).
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { bytes, headers } = await keptBodyFor(request, openApiDocumentBody());
  return apiJsonText(bytes, { headers });
}, { access: "catalogue" });

export const action = readOnlyAction("catalogue");
