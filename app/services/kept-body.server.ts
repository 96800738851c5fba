/**
 * Bodies serialised once and sent many times (the track record's per-trade
 * answers, docs/decisions/0065-track-record-at-scale.md), with each compressed
 * form made once, on first demand
 * (docs/decisions/0078-kept-bodies-compressed-once.md).
 */
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import Negotiator from "negotiator";
import { weakEtag } from "~/services/http.server";

/** The content codings a kept body is sent in besides identity. */
export type ContentCoding = "br" | "gzip";

/** A serialised body kept across requests. Its bytes must not change. */
export interface KeptBody {
  /** The body as UTF-8. */
  bytes: Uint8Array;
  /** `weakEtag` of the text: the same for every coding (a weak validator). */
  etag: string;
  /** The compressed forms made so far, by coding. */
  encoded: Map<ContentCoding, Promise<Uint8Array>>;
}

/** `text` as a kept body, with no compressed form yet. */
export function keptBody(text: string): KeptBody {
  return { bytes: Buffer.from(text), etag: weakEtag(text), encoded: new Map() };
}

const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compressors at the levels the server's compression middleware uses for
 * every other answer (`compression` 1.8: brotli quality 4, gzip level 6), so
 * a kept body is the size any answer would be. They run on libuv's thread
 * pool, off the event loop.
 */
const COMPRESSORS: Record<ContentCoding, (bytes: Uint8Array) => Promise<Uint8Array>> = {
  br: (bytes) =>
    brotliCompressAsync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
    }),
  gzip: (bytes) => gzipAsync(bytes, { level: 6 }),
};

/**
 * The coding a request's `Accept-Encoding` prefers among br, gzip and
 * identity (q-values honoured; equal q-values in the header's order), as the
 * compression middleware negotiates it.
 * @returns "br" or "gzip", or null for identity (no header, or neither accepted).
 */
export function preferredCoding(request: Request): ContentCoding | null {
  const accept = request.headers.get("Accept-Encoding");
  if (accept === null) return null;
  const coding = new Negotiator({ headers: { "accept-encoding": accept } }).encoding(["br", "gzip", "identity"]);
  return coding === "br" || coding === "gzip" ? coding : null;
}

/**
 * What to send for `kept` to `request`: its bytes in the coding the request
 * prefers, compressed on the first demand for that coding and kept with the
 * body afterwards (a failed compression is not kept), and the headers that say so. `Vary: Accept-Encoding` is
 * always among them, since the answer depends on that header.
 * @returns `bytes` to send as they are, and `headers` (`Content-Encoding` when compressed, `Vary`).
 */
export async function keptBodyFor(request: Request, kept: KeptBody): Promise<{ bytes: Uint8Array; headers: Record<string, string> }> {
  const coding = preferredCoding(request);
  if (coding === null) return { bytes: kept.bytes, headers: { Vary: "Accept-Encoding" } };
  let encoded = kept.encoded.get(coding);
  if (!encoded) {
    encoded = COMPRESSORS[coding](kept.bytes);
    kept.encoded.set(coding, encoded);
    encoded.catch(() => kept.encoded.delete(coding));
  }
  return { bytes: await encoded, headers: { "Content-Encoding": coding, Vary: "Accept-Encoding" } };
}
