/**
 * Bodies serialised once and sent many times (the track record's per-trade
 * answers, docs/decisions/0065-track-record-at-scale.md), with each compressed
 * form made once, on first demand
 * (docs/decisions/0078-kept-bodies-compressed-once.md).
 */
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import Negotiator from "negotiator";
import { etagMatches, weakEtag } from "~/services/http.server";

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

/** negotiator 0.6.4's `encoding(available, preferred)`; its types (@types/negotiator 0.6.3) predate the `preferred` list. */
type EncodingWithPreference = (available: string[], preferred: string[]) => string | undefined;

/**
 * The coding a request's `Accept-Encoding` prefers among br, gzip and
 * identity, negotiated as the compression middleware does it: q-values
 * first, and br before gzip at an equal q-value.
 * @returns "br" or "gzip", or null for identity (no header, or neither accepted).
 */
export function preferredCoding(request: Request): ContentCoding | null {
  const accept = request.headers.get("Accept-Encoding");
  if (accept === null) return null;
  const negotiator = new Negotiator({ headers: { "accept-encoding": accept } });
  const coding = (negotiator.encoding as EncodingWithPreference).call(negotiator, ["br", "gzip", "identity"], ["br", "gzip"]);
  return coding === "br" || coding === "gzip" ? coding : null;
}

/**
 * What to send for `kept` to `request`: its bytes in the coding the request
 * prefers, compressed on the first demand for that coding and kept with the
 * body afterwards (a failed compression is not kept), and the headers that
 * say so. `Content-Length` lets a client show a long download's progress;
 * `Vary: Accept-Encoding` is always there, since the answer depends on that
 * header. A request whose `If-None-Match` already lists the body's ETag gets
 * the identity form: the /api conventions answer it 304 without a body, so
 * nothing is compressed for it.
 * @returns `bytes` to send as they are, and `headers` (`Content-Encoding` when compressed, `Content-Length`, `ETag`, `Vary`).
 */
export async function keptBodyFor(request: Request, kept: KeptBody): Promise<{ bytes: Uint8Array; headers: Record<string, string> }> {
  const revalidated = etagMatches(request.headers.get("If-None-Match"), kept.etag);
  const coding = revalidated ? null : preferredCoding(request);
  if (coding === null) return { bytes: kept.bytes, headers: { "Content-Length": String(kept.bytes.byteLength), ETag: kept.etag, Vary: "Accept-Encoding" } };
  let encoded = kept.encoded.get(coding);
  if (!encoded) {
    encoded = COMPRESSORS[coding](kept.bytes);
    kept.encoded.set(coding, encoded);
    encoded.catch(() => kept.encoded.delete(coding));
  }
  const bytes = await encoded;
  return { bytes, headers: { "Content-Encoding": coding, "Content-Length": String(bytes.byteLength), ETag: kept.etag, Vary: "Accept-Encoding" } };
}
