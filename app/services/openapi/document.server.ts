/**
 * The OpenAPI 3.1 document of the /api routes, generated from the zod schemas
 * in app/schemas/api through the path registry (./registry.ts) by zod-openapi.
 * Decisions: docs/decisions/0041-openapi-document-and-reference.md.
 */
import { createDocument } from "zod-openapi";
import { keptBody, type KeptBody } from "~/services/kept-body.server";
import { HEADER_COMPONENTS, SECURITY_SCHEMES, TAGS } from "./responses";
import { PATHS, SCHEMA_COMPONENTS, WEBHOOKS } from "./registry";

const DESCRIPTION = [
  "The FX Trader API: strategies, signals, the verifiable signal ledger, your account, the MT5 queue and the calculators.",
  "",
  "Authentication: `Authorization: Bearer <api key>` (create keys under Portal → Account → API keys) or the session cookie of a signed-in browser.",
  "",
  "Rate limits: each API key may make 10,000 requests a calendar month (UTC); keyed answers carry the IETF `RateLimit-Policy` and `RateLimit` headers, and past the limit the API answers 429 with `Retry-After`.",
  "",
  "Errors are RFC 9457 problem details (`application/problem+json`). GET answers carry an `ETag`; send it as `If-None-Match` to get 304. Every answer carries `X-Request-Id`.",
].join("\n");

/** The document as a plain JSON-serialisable object. */
export type OpenApiDocument = ReturnType<typeof createDocument>;

let cached: OpenApiDocument | undefined;

/**
 * Builds (once) and returns the OpenAPI 3.1 document.
 * @returns the document object; the same object on every call.
 */
export function openApiDocument(): OpenApiDocument {
  cached ??= createDocument({
    openapi: "3.1.0",
    info: { title: "FX Trader API", version: "1.0.0", description: DESCRIPTION },
    servers: [{ url: "/", description: "This server" }],
    tags: [...TAGS, { name: "Sign-in", description: "Browser sign-in redirects." }],
    paths: PATHS,
    webhooks: WEBHOOKS,
    components: { securitySchemes: SECURITY_SCHEMES, headers: HEADER_COMPONENTS, schemas: SCHEMA_COMPONENTS },
  });
  return cached;
}

let cachedBody: KeptBody | undefined;

/**
 * The OpenAPI document as the body of `GET /api/openapi.json`, serialised
 * once with its weak ETag, and compressed once per coding asked for
 * (`keptBodyFor`, docs/decisions/0078-kept-bodies-compressed-once.md): a
 * request neither encodes and hashes the same text again nor recompresses
 * its 128 KB.
 */
export function openApiDocumentBody(): KeptBody {
  cachedBody ??= keptBody(JSON.stringify(openApiDocument()));
  return cachedBody;
}
