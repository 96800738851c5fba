/**
 * The build's precompressed assets (scripts/precompress-assets.mjs): a brotli
 * and a gzip copy beside each compressible file large enough to gain, equal
 * to the file once decompressed, and not rewritten for an unchanged file.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MIN_BYTES, precompressAssets } from "../../scripts/precompress-assets.mjs";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "precompress-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** JavaScript-like text of about `bytes` bytes, which compresses well. */
function script(bytes: number, seed: string): string {
  let text = "";
  for (let line = 0; text.length < bytes; line += 1) text += `export function ${seed}${line}(a, b) { return a * ${line} + b; }\n`;
  return text;
}

describe("precompressAssets", () => {
  it("writes .br and .gz copies that decompress to the file, in nested folders too", async () => {
    mkdirSync(join(dir, "_shared"));
    mkdirSync(join(dir, "_assets"));
    const files = { "root-ABC.js": script(20_000, "root"), "_shared/chunk-DEF.js": script(5_000, "chunk"), "_assets/x.css": ".a{color:red}\n".repeat(200) };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);

    const result = await precompressAssets(dir);

    expect(result.files).toBe(3);
    expect(result.bytes).toBe(Object.values(files).reduce((sum, text) => sum + Buffer.byteLength(text), 0));
    for (const [name, text] of Object.entries(files)) {
      const br = readFileSync(join(dir, `${name}.br`));
      const gz = readFileSync(join(dir, `${name}.gz`));
      expect(brotliDecompressSync(br).toString()).toBe(text);
      expect(gunzipSync(gz).toString()).toBe(text);
      expect(br.byteLength).toBeLessThan(Buffer.byteLength(text) / 4);
    }
    expect(result.brotliBytes).toBe(Object.keys(files).reduce((sum, name) => sum + statSync(join(dir, `${name}.br`)).size, 0));
  });

  it("leaves alone files under MIN_BYTES, formats that are compressed already, and copies that would not be smaller", async () => {
    writeFileSync(join(dir, "small.js"), "x".repeat(MIN_BYTES - 1));
    writeFileSync(join(dir, "logo.png"), script(5_000, "png"));
    writeFileSync(join(dir, "noise.js"), randomBytes(4_000));

    const result = await precompressAssets(dir);

    for (const name of ["small.js", "logo.png", "noise.js"]) {
      expect(existsSync(join(dir, `${name}.br`)), `${name}.br`).toBe(false);
      expect(existsSync(join(dir, `${name}.gz`)), `${name}.gz`).toBe(false);
    }
    expect(result.files).toBe(1);
    expect(result.brotliBytes).toBe(4_000);
  });

  it("keeps the copies of an unchanged file and makes new ones for a file written after them", async () => {
    const path = join(dir, "entry.js");
    writeFileSync(path, script(8_000, "first"));
    await precompressAssets(dir);
    const past = new Date(Date.now() - 60_000);
    utimesSync(path, past, past);
    const kept = statSync(`${path}.br`).mtimeMs;

    await precompressAssets(dir);
    expect(statSync(`${path}.br`).mtimeMs).toBe(kept);

    writeFileSync(path, script(8_000, "second"));
    await precompressAssets(dir);
    expect(brotliDecompressSync(readFileSync(`${path}.br`)).toString()).toBe(script(8_000, "second"));
    expect(gunzipSync(readFileSync(`${path}.gz`)).toString()).toBe(script(8_000, "second"));
  });
});
