/**
 * The app as the server sees it: the `serverRuntime` the Remix build's
 * `entry.server` exports (app/services/server-runtime.server.ts). server/
 * imports only types from app/, so the process runs the build's one copy of
 * each app module (docs/decisions/0140-server-imports-only-the-build.md).
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type { ServerRuntime } from "../app/services/server-runtime.server";

export type { ServerRuntime };

/** The Remix server build written by `remix build` (paths are taken from the working directory, the repository's root). */
export const BUILD_PATH = resolve("build/index.js");

/**
 * Loads the server build.
 * @throws Error saying to run the build when it is missing.
 */
export async function loadBuild(path: string = BUILD_PATH): Promise<ServerBuild> {
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first.`);
  return (await import(pathToFileURL(path).href)) as ServerBuild;
}

/**
 * The runtime of `build`.
 * @throws Error when the build's entry.server exports none (a build older than the server).
 */
export function runtimeOf(build: ServerBuild): ServerRuntime {
  const runtime = (build.entry.module as { serverRuntime?: ServerRuntime }).serverRuntime;
  if (!runtime) throw new Error("The server build exports no serverRuntime from app/entry.server.tsx: run `npm run build` again.");
  return runtime;
}
