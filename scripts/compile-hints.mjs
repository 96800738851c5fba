/**
 * Marks the framework chunks every page runs at start-up (React, React DOM,
 * Remix) with V8's explicit compile hint, so Chromium compiles their
 * functions on the thread that streams the script instead of on the main
 * thread when they are first called
 * (docs/decisions/0091-compile-hints-for-framework-chunks.md).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readAssetsManifest } from "./assets-manifest.mjs";

/**
 * The magic comment of V8's explicit compile hints (Chrome 136 and later):
 * at the top of a file, it asks for all the file's functions to be compiled
 * eagerly. Other engines read it as a comment.
 * Source: https://v8.dev/blog/explicit-compile-hints
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Chunks smaller than this, bytes, are not hinted: they compile in well under
 * a millisecond, and the hint adds about 30 gzipped bytes to each, which the
 * page-weight budgets count.
 */
export const MIN_HINTED_BYTES = 4096;

/**
 * Puts COMPILE_HINT at the top of each framework chunk of the build in
 * `assetsDir` (the chunks the client entry imports, from the assets
 * manifest: the code every page loads and runs before it hydrates) that has
 * at least MIN_HINTED_BYTES, unless it is there already.
 * @param assetsDir the assets folder, e.g. `public/build`.
 * @param publicPath the URL prefix of that folder (remix.config.js `publicPath`, default `/build/`).
 * @returns the paths of the files that now start with the hint.
 * @throws Error when the folder has no `manifest-*.js`, or a manifest URL is outside `publicPath`.
 */
export function hintFrameworkChunks(assetsDir, publicPath = "/build/") {
  const hinted = [];
  for (const url of readAssetsManifest(assetsDir).entry.imports) {
    if (!url.startsWith(publicPath)) throw new Error(`${url} is not under ${publicPath}`);
    const path = join(assetsDir, url.slice(publicPath.length));
    const text = readFileSync(path, "utf8");
    if (text.startsWith(COMPILE_HINT)) hinted.push(path);
    else if (Buffer.byteLength(text) >= MIN_HINTED_BYTES) {
      writeFileSync(path, COMPILE_HINT + text);
      hinted.push(path);
    }
  }
  return hinted;
}
