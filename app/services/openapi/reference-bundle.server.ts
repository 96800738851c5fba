/**
 * Scalar's prebuilt API reference (`@scalar/api-reference`, browser
 * standalone bundle, ~4.3 MB), served only to /docs/api from
 * /docs/api/scalar/<sha256 prefix>.js with a year-long immutable cache: the
 * content hash in the name changes whenever the package does. Its source map
 * (~17 MB, fetched only by browser developer tools) is served beside it as
 * <same name>.map, the name the bundle's `sourceMappingURL` comment is
 * rewritten to.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const BUNDLE_PATH = join(process.cwd(), "node_modules", "@scalar", "api-reference", "dist", "browser", "standalone.js");

/** The bundle's source map, as shipped next to it. */
export const REFERENCE_SOURCE_MAP_PATH = `${BUNDLE_PATH}.map`;

/** The comment the package's bundle ends with. */
const SOURCE_MAP_COMMENT = /\/\/# sourceMappingURL=standalone\.js\.map\s*$/;

let bundle: { body: string; name: string; mapName: string } | undefined;

/**
 * The bundle's text (its source map comment naming `mapName`), its file name
 * (`<first 16 hex of the package file's SHA-256>.js`) and its source map's
 * (`<name>.map`), read once.
 */
export function referenceBundle(): { body: string; name: string; mapName: string } {
  if (!bundle) {
    const original = readFileSync(BUNDLE_PATH, "utf8");
    const name = `${createHash("sha256").update(original).digest("hex").slice(0, 16)}.js`;
    const mapName = `${name}.map`;
    bundle = { body: original.replace(SOURCE_MAP_COMMENT, `//# sourceMappingURL=${mapName}\n`), name, mapName };
  }
  return bundle;
}

/** The URL the page loads the bundle from. */
export function referenceBundleUrl(): string {
  return `/docs/api/scalar/${referenceBundle().name}`;
}
