import { createReadStream } from "node:fs";
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { REFERENCE_SOURCE_MAP_NAME, REFERENCE_SOURCE_MAP_PATH, referenceBundle } from "~/services/openapi/reference-bundle.server";

/**
 * GET /docs/api/scalar/<hash>.js: Scalar's reference bundle for /docs/api
 * only, cached for a year (the name is its content hash). GET
 * /docs/api/scalar/standalone.js.map: its source map, streamed from the
 * package and revalidated on every use (its name does not change with the
 * package). Any other name is a 404.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const { body, name } = referenceBundle();
  if (params.file === name) {
    return new Response(body, { headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=31536000, immutable" } });
  }
  if (params.file === REFERENCE_SOURCE_MAP_NAME) {
    return new Response(createReadableStreamFromReadable(createReadStream(REFERENCE_SOURCE_MAP_PATH)), {
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-cache" },
    });
  }
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
