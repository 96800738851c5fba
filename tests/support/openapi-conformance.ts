/**
 * Checks an /api answer against the OpenAPI document (GET /api/openapi.json,
 * built from app/schemas/api): the path and method are documented, the status
 * is one the operation lists, the content type is one it lists for that status,
 * and the body validates against its JSON Schema (ajv, draft 2020-12, strict
 * objects: an undocumented field fails). Undocumented methods must answer 405
 * (OPTIONS 204 with Allow); undocumented paths 404 problem+json.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { expect } from "vitest";
import { openApiDocument } from "~/services/openapi/document.server";

type Operation = { responses: Record<string, { content?: Record<string, unknown> }> };
type PathItem = Record<string, Operation>;

const DOCUMENT_ID = "https://fx-trader.invalid/openapi.json";

let ajv: Ajv2020 | undefined;
function validator(): Ajv2020 {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
    addFormats(ajv);
    ajv.addSchema({ ...openApiDocument(), $id: DOCUMENT_ID } as object);
  }
  return ajv;
}

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

/**
 * The documented path template matching `path` (`/api/signals/7/events` →
 * `/api/signals/{id}/events`), literal segments preferred; undefined when none.
 */
export function documentedTemplate(path: string): string | undefined {
  const templates = Object.keys(openApiDocument().paths ?? {});
  const params = (t: string) => (t.match(/\{/g) ?? []).length;
  return templates
    .sort((a, b) => params(a) - params(b))
    .find((template) => new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`).test(path));
}

/**
 * Fails the test unless `response` to `method path` is what the document says.
 * @param body the response's text (read it from a clone).
 */
export function expectConformsToDocument(method: string, path: string, response: Response, body: string): void {
  const where = `${method} ${path} → ${response.status}`;
  const template = documentedTemplate(path);
  if (!template) {
    expect(response.status, `${where}: undocumented path must be 404`).toBe(404);
    expect(response.headers.get("Content-Type"), where).toMatch(/^application\/problem\+json/);
    return;
  }
  const item = openApiDocument().paths![template] as unknown as PathItem;
  const verb = method === "HEAD" ? "get" : method.toLowerCase();
  const operation = item[verb];
  if (!operation) {
    if (method === "OPTIONS") {
      expect(response.status, where).toBe(204);
      expect(response.headers.get("Allow"), where).toBeTruthy();
      return;
    }
    expect(response.status, `${where}: undocumented method must be 405`).toBe(405);
    expect(response.headers.get("Allow"), where).toBeTruthy();
    expect(response.headers.get("Content-Type"), where).toMatch(/^application\/problem\+json/);
    return;
  }
  const documented = operation.responses[String(response.status)];
  expect(documented, `${where}: status not documented (documented: ${Object.keys(operation.responses).join(", ")})`).toBeDefined();
  const content = documented.content;
  if (!content || method === "HEAD") {
    if (!content) expect(body, `${where}: no body documented`).toBe("");
    return;
  }
  const mediaType = (response.headers.get("Content-Type") ?? "").split(";")[0].trim();
  expect(Object.keys(content), `${where}: content type`).toContain(mediaType);
  // Text bodies (CSV, an event stream) are checked for their type only.
  if (!mediaType.endsWith("json")) return;
  const ref = `${DOCUMENT_ID}#/${pointer("paths", template, verb, "responses", String(response.status), "content", mediaType, "schema")}`;
  const validate = validator().getSchema(ref) ?? validator().compile({ $ref: ref });
  const valid = validate(JSON.parse(body));
  expect(valid, `${where}: body does not match the document: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
}

/** Server-Sent Events: an open stream, its status and type checked but never read here. */
const EVENT_STREAM = "text/event-stream";

/** Decoders of the content codings an /api answer may carry (docs/decisions/0078-kept-bodies-compressed-once.md). */
const DECODERS: Record<string, (bytes: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync };

/**
 * expectConformsToDocument for a Request and its Response, reading the body
 * from a clone (not a stream's), decoded from its Content-Encoding.
 */
export async function expectApiConformance(request: Request, response: Response): Promise<void> {
  const streaming = (response.headers.get("Content-Type") ?? "").startsWith(EVENT_STREAM);
  const coding = response.headers.get("Content-Encoding");
  const bytes = streaming ? Buffer.alloc(0) : Buffer.from(await response.clone().arrayBuffer());
  const decode = coding === null ? (raw: Buffer) => raw : DECODERS[coding];
  expect(decode, `unknown Content-Encoding ${coding}`).toBeDefined();
  const body = decode!(bytes).toString("utf8");
  expectConformsToDocument(request.method, new URL(request.url).pathname, response, body);
}
