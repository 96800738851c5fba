/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each compressible
 * file of a build's assets folder, at the highest levels (brotli quality 11,
 * gzip level 9), so the server sends fingerprinted assets as they are instead
 * of compressing each one on every request
 * (docs/decisions/0090-precompressed-assets.md).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/** The file name endings that are compressed: text formats (images and fonts are compressed already). */
export const COMPRESSIBLE = [".js", ".css", ".svg", ".json", ".txt", ".html"];

/** Files smaller than this, bytes, are left alone: the compression middleware's own threshold (`compression` 1.8, 1 KB). */
export const MIN_BYTES = 1024;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Every file under `dir`, as full paths. */
function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** `statSync(path)`, or null when there is no such file. */
function statOrNull(path) {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/** `source` as brotli at quality 11, text mode. */
function brotliMax(source) {
  return brotliAsync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
    },
  });
}

/** `source` as gzip at level 9. */
function gzipMax(source) {
  return gzipAsync(source, { level: constants.Z_BEST_COMPRESSION });
}

/**
 * Writes `<path><ending>`, `compress(source)`, unless a copy newer than the
 * file is there already (an unchanged asset of an earlier build) or the copy
 * would not be smaller than the file.
 * @returns the bytes a client that takes this coding receives.
 */
async function writeCopy(path, ending, source, modifiedMs, compress) {
  const copy = `${path}${ending}`;
  const existing = statOrNull(copy);
  if (existing && existing.mtimeMs >= modifiedMs) return existing.size;
  const bytes = await compress(source);
  if (bytes.byteLength >= source.byteLength) return source.byteLength;
  writeFileSync(copy, bytes);
  return bytes.byteLength;
}

/**
 * Compresses every file under `dir` whose name ends in one of COMPRESSIBLE
 * and that has at least MIN_BYTES, into `<file>.br` and `<file>.gz` (see
 * `writeCopy` for when a copy is not written). The compressions run on
 * libuv's thread pool.
 * @param dir the assets folder, e.g. `public/build`.
 * @returns `{files, bytes, brotliBytes}`: how many files were compressed, and their bytes before and as brotli.
 * @throws the file system's or zlib's error.
 */
export async function precompressAssets(dir) {
  const files = filesUnder(dir).filter((path) => COMPRESSIBLE.some((ending) => path.endsWith(ending)));
  const sizes = await Promise.all(
    files.map(async (path) => {
      const source = readFileSync(path);
      if (source.byteLength < MIN_BYTES) return null;
      const modifiedMs = statSync(path).mtimeMs;
      const [brotliBytes] = await Promise.all([
        writeCopy(path, ".br", source, modifiedMs, brotliMax),
        writeCopy(path, ".gz", source, modifiedMs, gzipMax),
      ]);
      return { bytes: source.byteLength, brotliBytes };
    }),
  );
  const compressed = sizes.filter((size) => size !== null);
  return {
    files: compressed.length,
    bytes: compressed.reduce((sum, size) => sum + size.bytes, 0),
    brotliBytes: compressed.reduce((sum, size) => sum + size.brotliBytes, 0),
  };
}
