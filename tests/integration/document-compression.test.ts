/**
 * Documents through the real production server and its compression
 * middleware: what React writes in one turn leaves as one compressed block
 * (docs/decisions/0080-one-chunk-per-turn.md), not one block per 2 KB chunk.
 */
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest, startBuiltServer } from "../support/built-server";
import { insertStrategy } from "../support/fixtures";

let server: Awaited<ReturnType<typeof startBuiltServer>>;

beforeAll(async () => {
  insertStrategy({ slug: "alpha-swing", name: "Alpha Swing" });
  server = await startBuiltServer();
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** How many times a gzip stream was flushed: each Z_SYNC_FLUSH ends with an empty stored block, 00 00 FF FF. */
function syncFlushes(bytes: Buffer): number {
  let count = 0;
  for (let at = bytes.indexOf(SYNC_FLUSH_MARK); at !== -1; at = bytes.indexOf(SYNC_FLUSH_MARK, at + 1)) count += 1;
  return count;
}
const SYNC_FLUSH_MARK = Buffer.from([0x00, 0x00, 0xff, 0xff]);

describe("a compressed document", () => {
  it.each(["/about", "/strategies"])("%s is gzipped in one flushed block, and decodes to the whole document", async (path) => {
    // A cookie, so that the page is rendered and not answered from the page cache.
    const response = await rawRequest(server.port, { path, headers: { "Accept-Encoding": "gzip", Cookie: "probe=1" } });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    const html = gunzipSync(response.bytes).toString("utf8");
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html.trimEnd().endsWith("</html>")).toBe(true);
    expect(html.length).toBeGreaterThan(8 * 1024);
    expect(syncFlushes(response.bytes)).toBeLessThanOrEqual(1);
  });
});
