/**
 * The OpenAPI document flattened for the server-rendered list on /docs/api
 * (the page without JavaScript): one entry per operation with its
 * parameters, responses and a curl example.
 */
import type { OpenApiDocument } from "./document.server";

export interface OperationSummary {
  id: string;
  method: string;
  path: string;
  tag: string;
  summary: string;
  description: string;
  /** e.g. `limit` (query, integer 1–100): Page size… */
  parameters: Array<{ name: string; location: string; required: boolean; type: string; description: string }>;
  responses: Array<{ status: string; description: string }>;
  curl: string;
}

type Schema = { type?: string | string[]; minimum?: number; maximum?: number; enum?: unknown[]; maxLength?: number; example?: unknown };
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema; example?: unknown };
type Operation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: unknown;
  security?: Array<Record<string, unknown>>;
  responses?: Record<string, { description?: string; content?: Record<string, unknown> }>;
};

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

function typeOf(schema: Schema | undefined): string {
  if (!schema) return "string";
  const base = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "string");
  if (schema.enum) return `${base}: ${schema.enum.join(", ")}`;
  if (schema.minimum !== undefined && schema.maximum !== undefined) return `${base} ${schema.minimum}–${schema.maximum}`;
  if (schema.minimum !== undefined) return `${base} ≥ ${schema.minimum}`;
  if (schema.maxLength !== undefined) return `${base}, ≤ ${schema.maxLength} characters`;
  return base;
}

/**
 * A curl command for the operation, with `$FXT_URL`, `$FXT_API_KEY` and path parameters as placeholders;
 * required query parameters carry their documented example.
 */
function curlFor(method: string, path: string, operation: Operation): string {
  const keyed = !(operation.security ?? []).some((requirement) => Object.keys(requirement).length === 0);
  const parts = ["curl -s"];
  // An event stream is printed as it arrives (no buffering).
  if (operation.responses?.["200"]?.content?.["text/event-stream"]) parts.push("-N");
  if (method !== "get") parts.push(`-X ${method.toUpperCase()}`);
  if (keyed) parts.push('-H "Authorization: Bearer $FXT_API_KEY"');
  if (operation.requestBody) parts.push("-H \"Content-Type: application/json\" -d '{…}'");
  const query = (operation.parameters ?? [])
    .filter((parameter) => parameter.in === "query" && parameter.required)
    .map((parameter) => `${parameter.name}=${encodeURIComponent(String(parameter.example ?? parameter.schema?.example ?? ""))}`);
  parts.push(`"$FXT_URL${path.replace(/\{(\w+)\}/g, "<$1>")}${query.length ? `?${query.join("&")}` : ""}"`);
  return parts.join(" ");
}

/**
 * Every operation of `document`, in path order.
 * @returns summaries carrying only strings (safe to send from a loader).
 */
export function listOperations(document: OpenApiDocument): OperationSummary[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (!operation) return [];
      return [
        {
          id: operation.operationId ?? `${method}-${path}`,
          method: method.toUpperCase(),
          path,
          tag: operation.tags?.[0] ?? "Other",
          summary: operation.summary ?? "",
          description: operation.description ?? "",
          parameters: (operation.parameters ?? []).map((p) => ({
            name: p.name,
            location: p.in,
            required: p.required ?? false,
            type: typeOf(p.schema),
            description: p.description ?? "",
          })),
          responses: Object.entries(operation.responses ?? {}).map(([status, response]) => ({ status, description: response.description ?? "" })),
          curl: curlFor(method, path, operation),
        },
      ];
    }),
  );
}
