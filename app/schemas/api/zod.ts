/**
 * zod 3 with zod-openapi's `.openapi()` metadata method: every schema in
 * app/schemas/api imports `z` from here, so the extension is applied before
 * any of them is built (docs/decisions/0041-openapi-document-and-reference.md).
 */
import { z } from "zod";
import { extendZodWithOpenApi } from "zod-openapi";

extendZodWithOpenApi(z);

export { z };
