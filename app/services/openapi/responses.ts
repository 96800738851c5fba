/**
 * Building blocks of the OpenAPI operations: JSON answers with their headers,
 * problem+json answers per status, the security requirements and tags.
 */
import type { ZodOpenApiResponseObject, ZodOpenApiResponsesObject } from "zod-openapi";
import type { ZodTypeAny } from "zod";
import { problemSchema } from "~/schemas/api/common";
import { z } from "~/schemas/api/zod";

/** Response headers every /api answer carries (components.headers). */
export const HEADER_COMPONENTS = {
  RequestId: {
    description: "The request's id: the client's `X-Request-Id` when it matched `[A-Za-z0-9._:-]{1,128}`, else a generated UUID. Also in the server's log line.",
    schema: { type: "string" },
  },
  ETag: { description: "Weak validator of the body; send it back as `If-None-Match` to get 304 while unchanged.", schema: { type: "string" } },
  CacheControl: {
    description: "`public, max-age=60` for the catalogue; `public, max-age=10` for public data that depends on the caller when sent anonymously; `private, no-store` for anything user-specific.",
    schema: { type: "string" },
  },
  RateLimitPolicy: {
    description: "IETF RateLimit-Policy, on requests sent with an API key: `\"monthly\";q=10000;w=<seconds in this month>`.",
    schema: { type: "string" },
  },
  RateLimit: {
    description: "IETF RateLimit, on requests sent with an API key: `\"monthly\";r=<requests left>;t=<seconds until the month resets>`.",
    schema: { type: "string" },
  },
  RetryAfter: { description: "Seconds to wait before trying again.", schema: { type: "integer" } },
  Allow: { description: "The methods this path answers.", schema: { type: "string" } },
  Link: { description: "RFC 8288 link to the next page: `</api/…?after=<nextCursor>&…>; rel=\"next\"`.", schema: { type: "string" } },
} as const;

const ref = (name: keyof typeof HEADER_COMPONENTS) => ({ $ref: `#/components/headers/${name}` });

const COMMON_HEADERS = { "X-Request-Id": ref("RequestId") };
const KEYED_HEADERS = { RateLimit: ref("RateLimit"), "RateLimit-Policy": ref("RateLimitPolicy") };

/** A JSON answer with `schema` as its body; GET answers also carry ETag and Cache-Control. */
export function jsonResponse(schema: ZodTypeAny, description: string, options: { get?: boolean; paged?: boolean } = {}): ZodOpenApiResponseObject {
  return {
    description,
    headers: {
      ...COMMON_HEADERS,
      ...KEYED_HEADERS,
      ...(options.get ? { ETag: ref("ETag"), "Cache-Control": ref("CacheControl") } : {}),
      ...(options.paged ? { Link: ref("Link") } : {}),
    },
    content: { "application/json": { schema } },
  };
}

const PROBLEM_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid request: `errors` names each invalid field or parameter.",
  401: "Authentication required, or the API key is malformed, unknown or revoked.",
  403: "Signed in, but not allowed: administrators only, or (webhooks, the MT5 queue) a feature your plan does not include, named in `detail` with the plan that has it.",
  404: "Not found.",
  405: "Method not allowed; `Allow` lists the methods of this path.",
  409: "The signal's state does not allow this transition.",
  413: "The request body is larger than 64 KB.",
  415: "The request body must be `application/json`.",
  429: "The API key's monthly request limit is used up (your plan's quota: 10,000 a month, 100,000 on Institutional); `Retry-After` says when it resets.",
  500: "Something went wrong on the server.",
};

/** Problem+json answers for `statuses` (plus 500, which any operation may answer). */
export function problemResponses(...statuses: number[]): ZodOpenApiResponsesObject {
  const responses: ZodOpenApiResponsesObject = {};
  for (const status of [...statuses, 500]) {
    responses[String(status) as "400"] = {
      description: PROBLEM_DESCRIPTIONS[status] ?? "Problem.",
      headers: {
        ...COMMON_HEADERS,
        ...(status === 429 ? { "Retry-After": ref("RetryAfter") } : {}),
        ...(status === 405 ? { Allow: ref("Allow") } : {}),
      },
      content: { "application/problem+json": { schema: problemSchema } },
    };
  }
  return responses;
}

/** The `Idempotency-Key` request header of the POSTs that write (docs/decisions/0125-idempotency-keys.md). */
export const idempotencyKeyHeader = z.object({
  "Idempotency-Key": z
    .string()
    .min(1)
    .max(255)
    .optional()
    .openapi({
      description:
        "Any unique string (a UUID): a retry with the same key and body within 24 hours gets the first answer again, with `Idempotent-Replayed: true`, and writes nothing.",
      example: "6f1c2d3e-0a4b-4c5d-9e8f-7a6b5c4d3e2f",
    }),
});

const KEY_CONFLICT = "The `Idempotency-Key` was used for another request, or its first request has no answer yet.";

/**
 * Problem answers of a POST that takes an `Idempotency-Key`: `problemResponses(...statuses)`
 * with a 409 that names the key conflict, after the operation's own conflict when it has one.
 */
export function idempotentProblemResponses(ownConflict: string | null, ...statuses: number[]): ZodOpenApiResponsesObject {
  const responses = problemResponses(...new Set([...statuses, 409]));
  const conflict = responses["409"] as ZodOpenApiResponseObject;
  responses["409"] = { ...conflict, description: ownConflict ? `${ownConflict} Or: ${KEY_CONFLICT}` : KEY_CONFLICT };
  return responses;
}

/** The 304 answer of a GET sent with a matching `If-None-Match`. */
export const notModifiedResponse: ZodOpenApiResponseObject = {
  description: "Not modified: the `If-None-Match` ETag still matches; no body.",
  headers: { ...COMMON_HEADERS, ETag: ref("ETag") },
};

/** Security requirements: anyone (an API key is checked and counted when sent), a signed-in caller, by key or session. */
export const SECURITY: Record<"optional" | "required", Array<Record<string, string[]>>> = {
  optional: [{}, { apiKey: [] }, { sessionCookie: [] }],
  required: [{ apiKey: [] }, { sessionCookie: [] }],
};

/** Security schemes (components.securitySchemes). */
export const SECURITY_SCHEMES = {
  apiKey: {
    type: "http",
    scheme: "bearer",
    description: "`Authorization: Bearer <api key>`. Create keys under Portal → Account → API keys; each request counts toward 10,000 a month.",
  },
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: "__session",
    description: "The session cookie of a signed-in browser (same-site requests only; cross-site unsafe requests are refused).",
  },
} as const;

/** Tags, one per area, in the order the reference shows them. */
export const TAGS = [
  { name: "Strategies", description: "The strategy catalogue (public, cacheable, CORS)." },
  { name: "Signals", description: "Signals of every strategy; open signals of strategies you are not entitled to come `locked`." },
  { name: "Ledger", description: "The hash-chained signal ledger (docs/ledger.md): public, verifiable." },
  { name: "Blog", description: "Insights posts (public, cacheable, CORS)." },
  { name: "Account", description: "The caller's user, subscription and entitlements." },
  { name: "MT5", description: "Signals the caller sent to MetaTrader 5, for an Expert Advisor to poll." },
  { name: "Calculators", description: "Position size and risk of ruin." },
  { name: "Webhooks", description: "Signed HTTP callbacks of signal events, and their delivery log." },
  { name: "Telegram", description: "The Telegram bot's webhook: Telegram posts the bot's updates here to link and unlink chats." },
  { name: "Billing", description: "Stripe's billing events (Stripe mode only): subscriptions, invoices and checkouts, verified by signature." },
  { name: "Admin", description: "Publishing signals and moving them through their lifecycle (administrators)." },
  { name: "Status", description: "The health of each part of the service, as the Status Page shows it." },
  { name: "Meta", description: "This document." },
] as const;
