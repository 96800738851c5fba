/**
 * GET /docs/api/scalar/<file>: Scalar's bundle under its content-hash name,
 * its source map under the name the bundle's last line points to, and a 404
 * for any other name.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import * as scalarFile from "~/routes/docs.api_.scalar.$file";
import { REFERENCE_SOURCE_MAP_NAME, referenceBundle, referenceBundleUrl } from "~/services/openapi/reference-bundle.server";
import { callRoute } from "../support/http";

const ORIGIN = "http://localhost:3000";

function get(file: string, headers: Record<string, string> = {}): Promise<Response> {
  return callRoute(scalarFile.loader, new Request(`${ORIGIN}/docs/api/scalar/${file}`, { headers }), { file });
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

  it("sends the bundle compressed in the coding the request prefers, the same bytes each time, and 304 to a holder of its ETag", async () => {
    const { name } = referenceBundle();
    const plain = Buffer.from(await (await get(name)).arrayBuffer());
    const br = await get(name, { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(br.headers.get("Vary")).toBe("Accept-Encoding");
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get("Content-Length"))).toBe(brBytes.byteLength);
    expect(brBytes.byteLength).toBeLessThan(plain.byteLength / 3);
    expect(brotliDecompressSync(brBytes).equals(plain)).toBe(true);
    const again = Buffer.from(await (await get(name, { "Accept-Encoding": "br" })).arrayBuffer());
    expect(again.equals(brBytes)).toBe(true);

    const gzip = await get(name, { "Accept-Encoding": "gzip, br;q=0" });
    expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).equals(plain)).toBe(true);

    const etag = br.headers.get("ETag")!;
    const revalidated = await get(name, { "If-None-Match": etag, "Accept-Encoding": "br" });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("ETag")).toBe(etag);
    expect(await revalidated.text()).toBe("");
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
