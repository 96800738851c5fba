/**
 * Server entry: streams the document with a per-request CSP nonce, one chunk
 * per turn of the event loop (docs/decisions/0080), and sets
 * the security headers on every document and data response.
 */
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "~/components/nonce";
import { getEnv } from "~/platform/env.server";
import { noteRequestError } from "~/platform/request-context.server";
import { oneChunkPerTurn } from "~/services/document-stream.server";
import { applySecurityHeaders, cspNonce } from "~/services/http.server";

/** What the HTTP server runs of the app, reached through this build (server/runtime.ts). */
export { serverRuntime } from "~/services/server-runtime.server";

// Validate configuration at start-up, so a bad variable stops the server with a clear message.
getEnv();

const ABORT_DELAY_MS = 5_000;

/**
 * Errors of loaders, actions and rendering are kept for the request's log
 * entry (server/request-log.ts: a 5xx with its stack, a 4xx one line without),
 * not printed on their own. Not kept: a client that went away, and the 4xx
 * answers Remix gives on its own (404 no route, 405 no action or loader, 400
 * bad `_data`), which are the client's mistake: their stack would let anyone
 * flood the log.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  noteRequestError(error);
};

/** The Content-Security-Policy for an HTML document rendered with `nonce`. */
export function documentCsp(nonce: string): string {
  const dev = process.env.NODE_ENV === "development";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws://localhost:3001" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const nonce = cspNonce();
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body.pipe(oneChunkPerTurn()));
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set("Content-Security-Policy", documentCsp(nonce));
          applySecurityHeaders(responseHeaders);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY_MS);
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applySecurityHeaders(response.headers);
  return response;
};

