/**
 * The Remix assets manifest of a build (`manifest-<hash>.js` in the assets
 * folder, `window.__remixManifest={…};`), read by the build's compile hints
 * and by the page-weight check.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The parsed manifest in `assetsDir`: `{entry: {module, imports}, routes: {[id]: {module, imports?}}, …}`, URLs under the build's public path.
 * @param assetsDir the assets folder, e.g. `public/build`.
 * @throws Error when the folder has no `manifest-*.js`; SyntaxError when its text holds no manifest object.
 */
export function readAssetsManifest(assetsDir) {
  const name = readdirSync(assetsDir).find((file) => /^manifest-[A-Za-z0-9]+\.js$/.test(file));
  if (!name) throw new Error(`no manifest-*.js in ${assetsDir}: run \`npm run build\` first`);
  const text = readFileSync(join(assetsDir, name), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}
