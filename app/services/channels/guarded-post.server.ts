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

/**
 * POSTs `body` to `url` with `headers` (Content-Length is set here).
 * @param options.guard refuse private, loopback and link-local addresses when resolving.
 * @param options.lookup the guarded lookup to connect with (default `guardedLookup`, the system's resolver).
 * @param options.agents keep-alive agents to reuse; the global agents when absent.
 * @throws the request's error (refused address, timeout after `timeoutMs`, connection failure).
 */
export function guardedPost(
  url: URL,
  body: string | Buffer,
  headers: Record<string, string>,
  options: { timeoutMs: number; guard: boolean; lookup?: LookupFunction; agents?: { http: http.Agent; https: https.Agent } },
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
        signal: AbortSignal.timeout(options.timeoutMs),
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
    request.on("error", reject);
    request.end(body);
  });
}
