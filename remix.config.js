/**
 * With BENCH_BARE_ROUTES=1 at build time (`npm run bench:pages` and
 * `npm run bench:scale` set it), the build also holds two bare routes to
 * compare the app's routes with, and goes to .cache/bench-build instead of
 * build/ and public/build, so the normal build is untouched
 * (docs/decisions/0060-bare-route-benchmark.md).
 */
const benchBuild = process.env.BENCH_BARE_ROUTES === "1";

/** The folder of the benchmark build: server build in it, assets in its public/build. */
export const BENCH_BUILD_DIR = ".cache/bench-build";

/** Paths of the bare routes in the benchmark build. */
export const BENCH_BARE_PAGE = "/__bench/bare-page";
export const BENCH_BARE_JSON = "/__bench/bare-json";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  serverModuleFormat: "esm",
  postcss: true,
  tailwind: false,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
  ...(benchBuild
    ? {
        serverBuildPath: `${BENCH_BUILD_DIR}/index.js`,
        assetsBuildDirectory: `${BENCH_BUILD_DIR}/public/build`,
        publicPath: "/build/",
        routes: (defineRoutes) =>
          defineRoutes((route) => {
            route(BENCH_BARE_PAGE, "bench/bare-page.tsx", { id: "bench/bare-page" });
            route(BENCH_BARE_JSON, "bench/bare-json.ts", { id: "bench/bare-json" });
          }),
      }
    : {}),
};
