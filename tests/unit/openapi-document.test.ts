/**
 * The OpenAPI document (GET /api/openapi.json): a valid OpenAPI 3.1 document
 * by @seriousme/openapi-schema-validator, covering every app/routes/api.*
 * route, with unique operationIds, both security schemes and limit ranges.
 */
import { readdirSync } from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "~/services/openapi/document.server";

const document = openApiDocument();
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"] as const;
type Operation = { operationId?: string; parameters?: Array<{ name: string; schema?: { minimum?: number; maximum?: number } }> };

function operations(): Array<{ path: string; method: string; operation: Operation }> {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((m) => (item as Record<string, unknown>)[m]).map((method) => ({
      path,
      method,
      operation: (item as Record<string, Operation>)[method],
    })),
  );
}

/** `api.signals.$id.events.ts` → `/api/signals/{id}/events`; `api.openapi[.]json.ts` → `/api/openapi.json`. */
function pathOfRouteFile(file: string): string {
  const segments = file
    .replace(/\.tsx?$/, "")
    .replace(/\[\.\]/g, "\u0000")
    .split(".")
    .filter((segment) => segment !== "_index")
    .map((segment) => segment.replace(/\u0000/g, ".").replace(/^\$(.+)$/, "{$1}"));
  return `/${segments.join("/")}`;
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(JSON.parse(JSON.stringify(document)));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
  });

  it("documents every app/routes/api.* route (the catch-all aside)", () => {
    const files = readdirSync("app/routes").filter((f) => f.startsWith("api.") && f !== "api.$.ts");
    expect(files.length).toBeGreaterThan(20);
    const documented = new Set(Object.keys(document.paths ?? {}));
    const missing = files.filter((file) => !documented.has(pathOfRouteFile(file)));
    expect(missing).toEqual([]);
  });

  it("gives every operation a unique operationId, a tag and documented problems", () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, operation } of operations()) {
      const op = operation as Operation & { tags?: string[]; responses: Record<string, unknown> };
      expect(op.tags?.length, `${method} ${path}`).toBe(1);
      if (!path.startsWith("/api/login") && !path.startsWith("/api/logout") && !path.startsWith("/api/callback")) {
        expect(op.responses["500"], `${method} ${path} documents its 500`).toBeDefined();
      }
    }
  });

  it("states both security schemes and the limit range 1 to 100", () => {
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual(["apiKey", "sessionCookie"]);
    const limits = operations().flatMap(({ operation }) => operation.parameters?.filter((p) => p.name === "limit") ?? []);
    expect(limits.length).toBeGreaterThanOrEqual(5);
    for (const limit of limits) expect(limit.schema).toMatchObject({ minimum: 1, maximum: 100 });
  });
});
