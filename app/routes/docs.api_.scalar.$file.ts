import { createReadStream } from "node:fs";
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { etagMatches, sharedBytesBody } from "~/services/http.server";
import { keptBodyFor } from "~/services/kept-body.server";
import { REFERENCE_SOURCE_MAP_NAME, REFERENCE_SOURCE_MAP_PATH, referenceBundle } from "~/services/openapi/reference-bundle.server";

/**
 * GET /docs/api/scalar/<hash>.js: Scalar's reference bundle for /docs/api
 * only, cached for a year (the name is its content hash), in the coding the
 * request prefers, compressed once per process; 304 to a request that
 * already holds it (`If-None-Match`). GET
 * /docs/api/scalar/standalone.js.map: its source map, streamed from the
 * package and revalidated on every use (its name does not change with the
 * package). Any other name is a 404.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const { body, name } = referenceBundle();
  if (params.file === name) {
    const cacheControl = "public, max-age=31536000, immutable";
    if (etagMatches(request.headers.get("If-None-Match"), body.etag)) {
      return new Response(null, { status: 304, headers: { ETag: body.etag, "Cache-Control": cacheControl, Vary: "Accept-Encoding" } });
    }
    const { bytes, headers } = await keptBodyFor(request, body);
    return new Response(sharedBytesBody(bytes), { headers: { ...headers, "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": cacheControl } });
  }
  if (params.file === REFERENCE_SOURCE_MAP_NAME) {
    return new Response(createReadableStreamFromReadable(createReadStream(REFERENCE_SOURCE_MAP_PATH)), {
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-cache" },
    });
  }
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
