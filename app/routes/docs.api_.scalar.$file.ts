import type { LoaderFunctionArgs } from "@remix-run/node";
import { referenceBundle } from "~/services/openapi/reference-bundle.server";

/** GET /docs/api/scalar/<hash>.js: Scalar's reference bundle for /docs/api only, cached for a year (the name is its content hash). */
export function loader({ params }: LoaderFunctionArgs) {
  const { body, name } = referenceBundle();
  if (params.file !== name) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(body, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
