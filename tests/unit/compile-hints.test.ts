/**
 * The compile hint on the framework chunks (scripts/compile-hints.mjs): the
 * chunks the client entry imports start with V8's `allFunctionsCalledOnLoad`
 * comment, once, when they have at least MIN_HINTED_BYTES; the entry itself,
 * the routes' modules and their chunks do not.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMPILE_HINT, hintFrameworkChunks, MIN_HINTED_BYTES } from "../../scripts/compile-hints.mjs";

const manifest = {
  entry: { module: "/build/entry.client-A.js", imports: ["/build/_shared/chunk-REACTDOM.js", "/build/_shared/chunk-REMIX.js", "/build/_shared/chunk-HELPERS.js"] },
  routes: {
    root: { id: "root", module: "/build/root-B.js", imports: ["/build/_shared/chunk-REMIX.js", "/build/_shared/chunk-NAV.js"] },
    "routes/tools": { id: "routes/tools", module: "/build/routes/tools-C.js", imports: ["/build/_shared/chunk-FORM.js"] },
  },
  version: "abc",
};
const manifestText = `window.__remixManifest=${JSON.stringify(manifest)};`;
const large = (name: string) => `export const name = ${JSON.stringify(name)};\n${"export function f() { return 1; }\n".repeat(MIN_HINTED_BYTES / 32)}`;
const files: Record<string, string> = {
  "_shared/chunk-REACTDOM.js": large("react-dom"),
  "_shared/chunk-REMIX.js": large("remix"),
  "_shared/chunk-HELPERS.js": "export const helper = 1;\n",
  "entry.client-A.js": large("entry"),
  "root-B.js": large("root"),
  "_shared/chunk-NAV.js": large("nav"),
  "routes/tools-C.js": large("tools"),
  "_shared/chunk-FORM.js": large("form"),
};
const hinted = ["_shared/chunk-REACTDOM.js", "_shared/chunk-REMIX.js"];

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "compile-hints-"));
  mkdirSync(join(dir, "_shared"));
  mkdirSync(join(dir, "routes"));
  writeFileSync(join(dir, "manifest-ABC123.js"), manifestText);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("hintFrameworkChunks", () => {
  it("puts the hint at the top of each large framework chunk, once, and leaves every other file alone", () => {
    expect(hintFrameworkChunks(dir)).toEqual(hinted.map((name) => join(dir, name)));
    expect(hintFrameworkChunks(dir)).toEqual(hinted.map((name) => join(dir, name)));
    for (const [name, text] of Object.entries(files)) {
      expect(readFileSync(join(dir, name), "utf8"), name).toBe(hinted.includes(name) ? COMPILE_HINT + text : text);
    }
  });

  it("refuses a folder without a manifest and a manifest URL outside the public path", () => {
    rmSync(join(dir, "manifest-ABC123.js"));
    expect(() => hintFrameworkChunks(dir)).toThrow(/no manifest/);
    writeFileSync(join(dir, "manifest-ABC123.js"), manifestText);
    expect(() => hintFrameworkChunks(dir, "/assets/")).toThrow(/not under \/assets\//);
  });
});
