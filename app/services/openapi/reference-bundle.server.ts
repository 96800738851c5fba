/**
 * Scalar's prebuilt API reference (`@scalar/api-reference`, browser
 * standalone bundle, ~4.3 MB), served only to /docs/api from
 * /docs/api/scalar/<sha256 prefix>.js with a year-long immutable cache: the
 * content hash in the name changes whenever the package does. Its source map
 * (~17 MB, fetched only by browser developer tools) is served beside it under
 * the name the bundle's last line gives, `standalone.js.map`.
 *
 * The bundle is a kept body: each compressed form is made once per process,
 * off the event loop, and sent as it is
 * (docs/decisions/0092-reference-bundle-compressed-once.md).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { keptBody, type KeptBody } from "~/services/kept-body.server";

const BUNDLE_PATH = join(process.cwd(), "node_modules", "@scalar", "api-reference", "dist", "browser", "standalone.js");

/** The bundle's source map, as shipped next to it. */
export const REFERENCE_SOURCE_MAP_PATH = `${BUNDLE_PATH}.map`;

/** The source map's file name, as the bundle names it (relative to the bundle's URL). */
export const REFERENCE_SOURCE_MAP_NAME = "standalone.js.map";

let bundle: { body: KeptBody; name: string } | undefined;

/** The bundle as a kept body and its file name (`<first 16 hex of its SHA-256>.js`), read once. */
export function referenceBundle(): { body: KeptBody; name: string } {
  if (!bundle) {
    const text = readFileSync(BUNDLE_PATH, "utf8");
    bundle = { body: keptBody(text), name: `${createHash("sha256").update(text).digest("hex").slice(0, 16)}.js` };
  }
  return bundle;
}

/** The URL the page loads the bundle from. */
export function referenceBundleUrl(): string {
  return `/docs/api/scalar/${referenceBundle().name}`;
}
