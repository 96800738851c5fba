/**
 * GET /docs/api/scalar/<file>: Scalar's bundle under its content-hash name,
 * its source map under the name the bundle's last line points to, and a 404
 * for any other name.
 */
import { describe, expect, it } from "vitest";
import * as scalarFile from "~/routes/docs.api_.scalar.$file";
import { REFERENCE_SOURCE_MAP_NAME, referenceBundle, referenceBundleUrl } from "~/services/openapi/reference-bundle.server";
import { callRoute } from "../support/http";

const ORIGIN = "http://localhost:3000";

function get(file: string): Promise<Response> {
  return callRoute(scalarFile.loader, new Request(`${ORIGIN}/docs/api/scalar/${file}`), { file });
}

/** The first bytes of a streamed body, as text. */
async function head(response: Response): Promise<string> {
  const reader = response.body!.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(value).slice(0, 64);
}

describe("/docs/api/scalar/<file>", () => {
  it("serves the bundle under its hash name, its last line naming the source map beside it", async () => {
    const { name } = referenceBundle();
    expect(name).toMatch(/^[0-9a-f]{16}\.js$/);
    expect(referenceBundleUrl()).toBe(`/docs/api/scalar/${name}`);
    const response = await get(name);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const body = await response.text();
    expect(body).toContain("createApiReference");
    expect(body.trimEnd().split("\n").at(-1)).toBe(`//# sourceMappingURL=${REFERENCE_SOURCE_MAP_NAME}`);
  });

  it("serves the source map, revalidated on every use", async () => {
    const response = await get(REFERENCE_SOURCE_MAP_NAME);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
    expect(await head(response)).toMatch(/^\{"version":3,"file":"standalone\.js"/);
  });

  it("answers 404 to any other name", async () => {
    for (const file of ["unknown", "standalone.js", "0123456789abcdef.js", `${referenceBundle().name}.map`]) {
      const response = await get(file);
      expect(response.status).toBe(404);
    }
  });
});
