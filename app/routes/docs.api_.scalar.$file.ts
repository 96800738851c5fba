import { createReadStream } from "node:fs";
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { REFERENCE_SOURCE_MAP_PATH, referenceBundle } from "~/services/openapi/reference-bundle.server";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * GET /docs/api/scalar/<hash>.js: Scalar's reference bundle for /docs/api
 * only, and GET /docs/api/scalar/<hash>.js.map its source map (streamed from
 * the package), both cached for a year (the name is the content hash); any
 * other name is a 404.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const { body, name, mapName } = referenceBundle();
  if (params.file === name) return new Response(body, { headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": IMMUTABLE } });
  if (params.file === mapName) {
    return new Response(createReadableStreamFromReadable(createReadStream(REFERENCE_SOURCE_MAP_PATH)), {
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": IMMUTABLE },
    });
  }
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
