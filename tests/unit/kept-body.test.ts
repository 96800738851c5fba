/** Kept bodies: the coding a caller prefers, and each compressed form made once (ADR 0078). */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { keptBody, keptBodyFor, preferredCoding } from "~/services/kept-body.server";
import { weakEtag } from "~/services/http.server";

const request = (acceptEncoding?: string, ifNoneMatch?: string) =>
  new Request("http://localhost/api/strategies/all/trades.csv", {
    headers: { ...(acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding }), ...(ifNoneMatch === undefined ? {} : { "If-None-Match": ifNoneMatch }) },
  });

describe("preferredCoding", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["identity", null],
    ["gzip", "gzip"],
    ["br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["gzip;q=1, br;q=0.8", "gzip"],
    ["gzip;q=0.5, br;q=0.9", "br"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0, br;q=0", null],
    ["deflate", null],
    ["*", "br"],
  ] as const)("Accept-Encoding %j gives %j", (accept, coding) => {
    expect(preferredCoding(request(accept))).toBe(coding);
  });
});

describe("keptBodyFor", () => {
  const text = `id,symbol,netPips\r\n${Array.from({ length: 500 }, (_, i) => `${i},EURUSD,${(i % 17) - 8}.5`).join("\r\n")}\r\n`;

  it("sends the kept bytes themselves without a coding, saying the answer varies with Accept-Encoding", async () => {
    const kept = keptBody(text);
    expect(kept.etag).toBe(weakEtag(text));
    const answer = await keptBodyFor(request(), kept);
    expect(answer.bytes).toBe(kept.bytes);
    expect(answer.headers).toEqual({ "Content-Length": String(kept.bytes.byteLength), ETag: weakEtag(text), Vary: "Accept-Encoding" });
  });

  it("compresses once per coding and hands the same bytes to every later caller", async () => {
    const kept = keptBody(text);
    const [gzip, br] = [await keptBodyFor(request("gzip"), kept), await keptBodyFor(request("br"), kept)];
    expect(gzip.headers).toEqual({ "Content-Encoding": "gzip", "Content-Length": String(gzip.bytes.byteLength), ETag: kept.etag, Vary: "Accept-Encoding" });
    expect(br.headers).toEqual({ "Content-Encoding": "br", "Content-Length": String(br.bytes.byteLength), ETag: kept.etag, Vary: "Accept-Encoding" });
    expect(gunzipSync(gzip.bytes).toString()).toBe(text);
    expect(brotliDecompressSync(br.bytes).toString()).toBe(text);
    expect(gzip.bytes.byteLength).toBeLessThan(kept.bytes.byteLength / 2);
    expect((await keptBodyFor(request("gzip"), kept)).bytes).toBe(gzip.bytes);
    expect((await keptBodyFor(request("br;q=1, gzip;q=0.1"), kept)).bytes).toBe(br.bytes);
    expect([...kept.encoded.keys()].sort()).toEqual(["br", "gzip"]);
  });

  it("compresses nothing for a revalidation that already holds the body, whatever coding it accepts", async () => {
    const kept = keptBody(text);
    const answer = await keptBodyFor(request("gzip, deflate, br", `W/"older", ${kept.etag}`), kept);
    expect(answer.bytes).toBe(kept.bytes);
    expect(answer.headers).toEqual({ "Content-Length": String(kept.bytes.byteLength), ETag: kept.etag, Vary: "Accept-Encoding" });
    expect(kept.encoded.size).toBe(0);
    expect((await keptBodyFor(request("gzip, deflate, br", 'W/"older"'), kept)).headers["Content-Encoding"]).toBe("br");
    expect([...kept.encoded.keys()]).toEqual(["br"]);
  });
});
