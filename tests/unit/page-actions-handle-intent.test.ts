/**
 * Every page action goes through `handleIntent` (app/services/form-intent.server.ts;
 * docs/decisions/0144-every-page-action-through-handle-intent.md): a source
 * scan of app/routes. A route file exporting `action` must call `handleIntent(`
 * itself, or be listed in VIA with the service module that calls it for the
 * route. /api resource routes answer JSON and problem documents, not forms,
 * and are left out.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROUTES = join(process.cwd(), "app", "routes");

/** Page actions that reach `handleIntent` through one service module, which the route imports. */
const VIA: Record<string, { module: string; reason: string }> = {
  "tools.tsx": {
    module: "app/services/tools-form.server.ts",
    reason: "the calculators' action (calculateToolsForm: handleIntent on toolsSchema, then the calculator its intent names) lives in a service, keeping the route thin",
  },
};

const EXPORTS_ACTION = /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/;
const CALLS_HANDLE_INTENT = /\bhandleIntent\s*(<[^;]*?>)?\s*\(/;

const pageActionFiles = readdirSync(ROUTES)
  .filter((name) => /\.tsx?$/.test(name) && !name.startsWith("api."))
  .filter((name) => EXPORTS_ACTION.test(readFileSync(join(ROUTES, name), "utf8")))
  .sort();

describe("page actions use handleIntent", () => {
  it("finds the page actions (the scan sees them)", () => {
    expect(pageActionFiles.length).toBeGreaterThanOrEqual(24);
    expect(pageActionFiles).toContain("login.tsx");
  });

  it.each(pageActionFiles)("%s", (name) => {
    const source = readFileSync(join(ROUTES, name), "utf8");
    const via = VIA[name];
    if (!via) {
      expect(source, `${name} exports an action that does not call handleIntent`).toMatch(CALLS_HANDLE_INTENT);
      return;
    }
    const specifier = `~/${via.module.replace(/^app\//, "").replace(/\.ts$/, "")}`;
    expect(source, `${name} imports ${specifier}`).toContain(`from "${specifier}"`);
    expect(readFileSync(join(process.cwd(), via.module), "utf8"), `${via.module} calls handleIntent`).toMatch(CALLS_HANDLE_INTENT);
  });

  it("lists in VIA only page actions that exist", () => {
    expect(Object.keys(VIA).filter((name) => !pageActionFiles.includes(name))).toEqual([]);
  });
});
