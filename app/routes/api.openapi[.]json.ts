import { openApiDocumentBody } from "~/services/openapi/document.server";
import { apiHandler, apiJsonText, readOnlyAction } from "~/services/http.server";

/** GET /api/openapi.json: the OpenAPI 3.1 document of the API, generated from app/schemas/api. Public, cacheable, CORS. */
export const loader = apiHandler(() => {
  const body = openApiDocumentBody();
  return apiJsonText(body.bytes, { headers: { ETag: body.etag } });
}, { access: "catalogue" });

export const action = readOnlyAction("catalogue");
