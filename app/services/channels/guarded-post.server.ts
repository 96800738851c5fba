/**
 * One outgoing POST for the channels that call addresses users give us
 * (webhook endpoints, browsers' push services): the private-address guard at
 * connect time (`guardedLookup`, unless `guard` is false), a timeout, and at
 * most EXCERPT_CHARS of the answer kept for the delivery log.
 */
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { guardedLookup } from "./webhook-address.server";

/** Characters of the answer kept for the delivery log. */
export const EXCERPT_CHARS = 500;

/** The answer: its HTTP status and the start of its body. */
export interface PostAnswer {
  statusCode: number;
  body: string;
}

/** Whether `error` is the reset of a kept-alive socket the server closed as it was reused (Node's "socket hang up", ECONNRESET). */
function isStaleSocketReset(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === "ECONNRESET";
}

/**
 * POSTs `body` to `url` with `headers` (Content-Length is set here). When the
 * request went out on a reused keep-alive socket that the receiver had
 * closed (a reset with no answer), it is sent once more on a fresh
 * connection, so a healthy receiver never sees a failed attempt from a socket
 * race (Node's documented `request.reusedSocket` retry).
 * @param options.guard refuse private, loopback and link-local addresses when resolving.
 * @param options.lookup the guarded lookup to connect with (default `guardedLookup`, the system's resolver).
 * @param options.agents keep-alive agents to reuse; the global agents when absent.
 * @throws the request's error (refused address, timeout after `timeoutMs`, connection failure).
 */
export async function guardedPost(
  url: URL,
  body: string | Buffer,
  headers: Record<string, string>,
  options: { timeoutMs: number; guard: boolean; lookup?: LookupFunction; agents?: { http: http.Agent; https: https.Agent } },
): Promise<PostAnswer> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    return await postOnce(url, body, headers, options, signal);
  } catch (error) {
    if (!(error instanceof StaleSocketError)) throw error;
    return postOnce(url, body, headers, options, signal);
  }
}

/** The reset of a reused keep-alive socket before any answer: safe to send again once. */
class StaleSocketError extends Error {
  readonly code = "ECONNRESET";
}

function postOnce(
  url: URL,
  body: string | Buffer,
  headers: Record<string, string>,
  options: { guard: boolean; lookup?: LookupFunction; agents?: { http: http.Agent; https: https.Agent } },
  signal: AbortSignal,
): Promise<PostAnswer> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === "https:";
    const request = (secure ? https : http).request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": Buffer.byteLength(body).toString() },
        agent: options.agents ? (secure ? options.agents.https : options.agents.http) : undefined,
        lookup: options.guard ? (options.lookup ?? guardedLookup) : undefined,
        signal,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (text.length < EXCERPT_CHARS) text += chunk;
        });
        response.on("end", () => resolve({ statusCode: response.statusCode ?? 0, body: text.slice(0, EXCERPT_CHARS) }));
        response.on("error", reject);
      },
    );
    request.on("error", (error) => {
      reject(request.reusedSocket && isStaleSocketReset(error) ? new StaleSocketError((error as Error).message) : error);
    });
    request.end(body);
  });
}
