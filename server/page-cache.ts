/**
 * The HTML documents and public /api answers that callers without a cookie or
 * credentials get, kept in memory for a few seconds and only while what such
 * pages show is unchanged (docs/decisions/0074-anonymous-page-cache.md,
 * docs/decisions/0075-public-api-answers-in-the-page-cache.md,
 * docs/decisions/0153-page-cache-watches-content.md).
 *
 * - Who: a GET with neither a Cookie nor an Authorization header, and no
 *   If-None-Match (a revalidation goes to the app, which answers 304). Such a
 *   request has no session, theme, flash toast or API key, so every one of
 *   them sees the same answer for the same URL (protocol, host, path and query).
 * - What: a 200 answer without Set-Cookie, without Content-Encoding (a body
 *   the route compressed for one caller's Accept-Encoding) and without
 *   `Cache-Control: no-store` or `private`, up to `maxBodyBytes`, that is either `text/html`
 *   or `application/json` its route marked `Cache-Control: public` (the /api
 *   conventions do so for a public route's answer to such a caller).
 * - How long: until `maxAgeMs` has passed since it was rendered, or until a
 *   write to a table such pages show (the `content_version` row moves; usage
 *   counters, sessions and deliveries do not move it), whichever comes first.
 *   The version is read before rendering, so a write during the render also
 *   ends the entry.
 * - One render per miss: while a request renders a URL, the others for the
 *   same URL wait for it (single flight) or, when an expired copy younger
 *   than `maxAgeMs + staleMs` exists, get that copy at once
 *   (`X-Page-Cache: stale`, stale-while-revalidate).
 * - The CSP nonce: each answer from the cache gets a fresh one, in the
 *   Content-Security-Policy header and in every `nonce="…"` attribute, so no
 *   two responses share a nonce.
 */
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { ServerRuntime } from "./runtime";

export interface PageCacheOptions {
  /** How long an entry may be served after it was rendered, ms (PAGE_CACHE_MAX_AGE_MS). */
  maxAgeMs: number;
  /** A number that changes whenever any connection writes what anonymous pages show (`openContentVersion`, app/platform/db.server.ts). */
  contentVersion: () => number;
  /** How long past `maxAgeMs` an expired answer may still be given while the same URL is being rendered again, ms (default `maxAgeMs`). */
  staleMs?: number;
  /** The app's nonce and shared-body helpers (`serverRuntime.http`). */
  http: Pick<ServerRuntime["http"], "cspNonce" | "sharedBytesBody">;
  /** Most answers kept; the oldest stored is dropped first (default 200). */
  maxEntries?: number;
  /** Largest body kept, bytes (default 1 MiB). */
  maxBodyBytes?: number;
  /** The clock, ms since the epoch (default Date.now). */
  now?: () => number;
}

/** One rendered answer, split at its nonce (a document's) so that a fresh one can be put in. */
interface Entry {
  version: number;
  storedAt: number;
  status: number;
  /** Response headers but a CSP with a nonce and the length (Express sets it for the body it sends), in order. */
  headers: Array<[string, string]>;
  /** The CSP header around its nonce, `[before, after]`; null when it names no nonce (then it is one of `headers`). */
  csp: [string, string] | null;
  /** The body's bytes between the `nonce="…"` attributes. */
  parts: Buffer[];
}

/** What `PageCache.ticket` gives for a request the cache may answer. */
export interface PageCacheTicket {
  key: string;
  /** The database's version before rendering: what an answer rendered now is stored under. */
  version: number;
}

const NONCE_SOURCE = /'nonce-([A-Za-z0-9+/=]+)'/;

/** The cache itself: `ticket` a request, then `respond` to it from the cache or by rendering it once. */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  /** The renders in progress, by key: settled when the answer is stored (or turned out not storable). */
  private readonly rendering = new Map<string, Promise<void>>();
  private readonly maxEntries: number;
  private readonly staleMs: number;
  private readonly maxBodyBytes: number;
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.maxEntries = options.maxEntries ?? 200;
    this.maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
    this.now = options.now ?? Date.now;
    this.staleMs = options.staleMs ?? options.maxAgeMs;
  }

  /**
   * The ticket of a request the cache may answer, or null (not a GET, or it
   * carries a Cookie, Authorization or If-None-Match header).
   * @param url the request's absolute URL as the app sees it.
   */
  ticket(req: ExpressRequest, url: string): PageCacheTicket | null {
    const { cookie, authorization, "if-none-match": ifNoneMatch } = req.headers;
    if (req.method !== "GET" || cookie !== undefined || authorization !== undefined || ifNoneMatch !== undefined) return null;
    return { key: url, version: this.options.contentVersion() };
  }

  /**
   * Answers a ticketed request: from the cache when it can (see `answer`);
   * else, when the same key is being rendered, after that render (single
   * flight); else by `render`, whose answer is offered to `store`.
   * @param render renders the request (the Remix handler).
   * @returns null when `res` was answered from the cache, else the Response to send.
   * @throws what `render` throws.
   */
  async respond(ticket: PageCacheTicket, res: ExpressResponse, render: () => Promise<Response>): Promise<Response | null> {
    if (this.answer(ticket, res)) return null;
    const inProgress = this.rendering.get(ticket.key);
    if (inProgress) {
      await inProgress;
      if (this.answer(ticket, res)) return null;
    }
    const rendered = this.startRender(ticket.key);
    try {
      return await this.store(ticket, await render());
    } finally {
      rendered();
    }
  }

  /**
   * Answers `res` from the cache when it holds a fresh answer for the ticket
   * (`X-Page-Cache: hit`), or an expired one younger than `maxAgeMs + staleMs`
   * while the same key is being rendered (`X-Page-Cache: stale`).
   * @returns true when it answered, false otherwise.
   */
  private answer(ticket: PageCacheTicket, res: ExpressResponse): boolean {
    const entry = this.entries.get(ticket.key);
    if (!entry) return false;
    const age = this.now() - entry.storedAt;
    const fresh = entry.version === ticket.version && age < this.options.maxAgeMs;
    if (fresh) this.send(entry, res, "hit");
    else if (this.rendering.has(ticket.key) && age < this.options.maxAgeMs + this.staleMs) this.send(entry, res, "stale");
    else return false;
    return true;
  }

  /** Marks `key` as being rendered until the returned function is called; a key already being rendered keeps its first render. */
  private startRender(key: string): () => void {
    if (this.rendering.has(key)) return () => undefined;
    let settle!: () => void;
    this.rendering.set(key, new Promise<void>((resolve) => (settle = resolve)));
    return () => {
      this.rendering.delete(key);
      settle();
    };
  }

  private send(entry: Entry, res: ExpressResponse, result: "hit" | "stale"): void {
    const nonce = this.options.http.cspNonce();
    res.status(entry.status);
    for (const [name, value] of entry.headers) res.append(name, value);
    if (entry.csp) res.setHeader("Content-Security-Policy", `${entry.csp[0]}${nonce}${entry.csp[1]}`);
    res.setHeader("X-Page-Cache", result);
    const attribute = Buffer.from(`nonce="${nonce}"`);
    const body: Buffer[] = [];
    entry.parts.forEach((part, index) => {
      if (index > 0) body.push(attribute);
      body.push(part);
    });
    res.end(Buffer.concat(body));
  }

  /**
   * The app's answer to a ticketed request, stored when it may be shared
   * (see the file's comment). Such an answer is read up to `maxBodyBytes`: a
   * body that fits is kept; a larger one is passed on as it streams, the part
   * already read first, without being copied or kept. The returned Response
   * has the same status, headers and body, plus `X-Page-Cache: miss`. Any
   * other answer is returned untouched.
   */
  async store(ticket: PageCacheTicket, response: Response): Promise<Response> {
    if (!this.mayStore(response)) return response;
    const headers = new Headers(response.headers);
    headers.set("X-Page-Cache", "miss");
    const init = { status: response.status, statusText: response.statusText, headers };
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks.push(read.value);
      size += read.value.byteLength;
      if (size > this.maxBodyBytes) return new Response(resumed(chunks, reader), init);
    }
    const body = Buffer.concat(chunks, size);
    this.remember(ticket, response, body);
    return new Response(this.options.http.sharedBytesBody(body), init);
  }

  private mayStore(response: Response): boolean {
    const cacheControl = response.headers.get("Cache-Control") ?? "";
    const type = response.headers.get("Content-Type") ?? "";
    const shared = type.startsWith("text/html") || (type.startsWith("application/json") && /\bpublic\b/i.test(cacheControl));
    return (
      response.status === 200 &&
      response.body !== null &&
      shared &&
      !response.headers.has("Set-Cookie") &&
      !response.headers.has("Content-Encoding") &&
      !/\b(no-store|private)\b/i.test(cacheControl)
    );
  }

  private remember(ticket: PageCacheTicket, response: Response, body: Buffer): void {
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    const nonce = NONCE_SOURCE.exec(csp)?.[1];
    const headers: Array<[string, string]> = [];
    for (const [name, value] of response.headers.entries()) {
      if (name !== "content-length" && !(nonce && name === "content-security-policy")) headers.push([name, value]);
    }
    let parts = [body];
    let cspParts: [string, string] | null = null;
    if (nonce) {
      const at = csp.indexOf(`'nonce-${nonce}'`) + "'nonce-".length;
      cspParts = [csp.slice(0, at), csp.slice(at + nonce.length)];
      parts = splitBuffer(body, Buffer.from(`nonce="${nonce}"`));
    }
    this.entries.delete(ticket.key);
    this.entries.set(ticket.key, { version: ticket.version, storedAt: this.now(), status: response.status, headers, csp: cspParts, parts });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** A stream of the `chunks` already read from `reader`, then of the rest of it. */
function resumed(chunks: Uint8Array[], reader: ReadableStreamDefaultReader<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
    },
    async pull(controller) {
      const read = await reader.read();
      if (read.done) controller.close();
      else controller.enqueue(read.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** `bytes` cut at every occurrence of `separator` (which is dropped). */
function splitBuffer(bytes: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = bytes.indexOf(separator); at !== -1; at = bytes.indexOf(separator, from)) {
    parts.push(bytes.subarray(from, at));
    from = at + separator.length;
  }
  parts.push(bytes.subarray(from));
  return parts;
}
