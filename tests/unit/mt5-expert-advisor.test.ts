/**
 * The Expert Advisor source (integrations/mt5/FXTraderSignals.mq5) cannot be
 * compiled here, so this test holds it to the API it talks to: the endpoints
 * it calls are documented operations, and every JSON field it reads or sends
 * is a property of the documented schemas. Renaming a field or a path breaks it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "~/services/openapi/document.server";

const source = readFileSync(join(process.cwd(), "integrations", "mt5", "FXTraderSignals.mq5"), "utf8");
const document = openApiDocument() as unknown as {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, { properties?: Record<string, { $ref?: string; properties?: Record<string, unknown> }> }> };
};
const schemas = document.components.schemas;

/** A define of the EA, e.g. QUEUE_PATH. */
function define(name: string): string {
  const match = new RegExp(`#define\\s+${name}\\s+"([^"]+)"`).exec(source);
  if (!match) throw new Error(`${name} is not defined in the EA`);
  return match[1]!;
}

/** Every key the EA reads with a Json* helper from the text held in `variable`. */
function keysReadFrom(variable: string): string[] {
  const found = [...source.matchAll(new RegExp(`Json(?:Raw|String|Number|Bool|Array)\\(${variable},\\s*"(\\w+)"`, "g"))].map((m) => m[1]!);
  return [...new Set(found)].sort();
}

const page = schemas.Mt5QueuePage!;
const itemSchema = (page.properties!.items as unknown as { items: { properties: Record<string, unknown> } }).items;
const signalRef = (itemSchema.properties.signal as { $ref: string }).$ref.split("/").pop()!;
const signalProperties = schemas[signalRef]!.properties!;

describe("the MT5 Expert Advisor source", () => {
  it("calls the documented queue and acknowledgement endpoints with the documented methods", () => {
    expect(define("QUEUE_PATH")).toBe("/api/mt5/queue");
    expect(define("ACK_PATH")).toBe("/api/mt5/ack");
    expect(document.paths["/api/mt5/queue"]).toHaveProperty("get");
    expect(document.paths["/api/mt5/ack"]).toHaveProperty("post");
    expect(source).toMatch(/Http\("GET", QUEUE_PATH \+ "\?after=" \+/);
    expect(source).toMatch(/Http\("POST", ACK_PATH, "\{\\"ids\\":\[" \+ acked \+ "\]\}"/);
    expect(source).toContain('"Authorization: Bearer " + InpApiKey');
  });

  it("reads only fields of the documented queue page", () => {
    const pageKeys = keysReadFrom("body");
    expect(pageKeys).toEqual(["items", "nextCursor"]);
    for (const key of pageKeys) expect(Object.keys(page.properties!), key).toContain(key);
  });

  it("reads only fields of the documented queue item", () => {
    const itemKeys = keysReadFrom("item");
    expect(itemKeys).toEqual(["id", "remaining", "signal", "version"]);
    for (const key of itemKeys) expect(Object.keys(itemSchema.properties), key).toContain(key);
  });

  it("reads only fields of the documented signal, including the nested entry method", () => {
    const signalKeys = keysReadFrom("signal");
    expect(signalKeys).toEqual(["direction", "entryJson", "entryPrice", "locked", "status", "stopLoss", "symbol", "takeProfit1"]);
    for (const key of signalKeys) expect(Object.keys(signalProperties), key).toContain(key);
    expect(source).toContain('JsonString(JsonRaw(signal, "entryJson"), "method")');
    expect(Object.keys((signalProperties.entryJson as { properties: Record<string, unknown> }).properties)).toContain("method");
  });

  it("sends the acknowledgement body the document names", () => {
    expect(Object.keys(schemas.Mt5AckRequest!.properties!)).toEqual(["ids"]);
  });

  it("compares statuses and sides with values the API uses", () => {
    const statuses = [...source.matchAll(/status == "(\w+)"/g)].map((m) => m[1]!);
    const allowed = (signalProperties.status as unknown as { enum: string[] }).enum;
    expect(new Set(statuses)).toEqual(new Set(["ACTIVE", "PENDING", "CLOSED", "CANCELLED", "EXPIRED"]));
    for (const status of statuses) expect(allowed).toContain(status);
    expect((signalProperties.direction as unknown as { enum: string[] }).enum).toContain("LONG");
    expect((signalProperties.entryJson as unknown as { properties: { method: { enum: string[] } } }).properties.method.enum).toContain("limit");
  });
});
