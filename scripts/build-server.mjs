/**
 * Compiles the HTTP server (server/index.ts) and the delivery worker's main
 * (server/worker.ts) to JavaScript in build/server/, so production runs
 * `node build/server/index.js` (docs/decisions/0140-server-imports-only-the-build.md).
 * Packages stay imports; the app is not bundled: server/ takes it from the
 * Remix build at run time, and a value import of app/ or db/ fails this step.
 * Run by scripts/build.mjs after `remix build`; on its own: `node scripts/build-server.mjs`.
 */
import { build } from "esbuild";

/** The folder of the compiled server. */
export const SERVER_OUT_DIR = "build/server";

/** Refuses any import that would put a second copy of app code (app/, db/) into the server. */
const onlyTheBuild = {
  name: "server-imports-only-the-build",
  setup(builder) {
    builder.onResolve({ filter: /(^|\/)(app|db)\// }, (args) => ({
      errors: [{ text: `${args.importer} imports ${args.path}: server/ may import only types from app/ and db/ (reach the app through the Remix build, server/runtime.ts)` }],
    }));
  },
};

/**
 * Compiles the server's entries.
 * @returns the output files' paths.
 * @throws Error (esbuild's) when a file does not compile or imports app code.
 */
export async function buildServer() {
  const result = await build({
    entryPoints: { index: "server/index.ts", worker: "server/worker.ts" },
    outdir: SERVER_OUT_DIR,
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    logLevel: "warning",
    metafile: true,
    plugins: [onlyTheBuild],
  });
  return Object.keys(result.metafile.outputs).filter((path) => path.endsWith(".js"));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`compiled ${(await buildServer()).join(", ")}`);
}
