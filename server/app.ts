/**
 * The production HTTP server: Express in front of the Remix build. Serves
 * the fingerprinted assets with immutable caching and `public/` statically,
 * logs one line per request, guards requests (security headers, cross-site
 * check, writes only on the LiteFS primary, body limit) and hands the rest to
 * Remix with the client IP in the load context. Decisions:
 * docs/decisions/0011-custom-server.md, 0066-writes-on-the-litefs-primary.md.
 */
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readdirSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { broadcastDevReady, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler } from "express";
import type { Logger } from "pino";
import expressStaticGzip from "express-static-gzip";
import type { ShedBounds } from "../app/domain/load-shedding";
import { loadShedding } from "./load-shedding";
import { createMetrics, metricsEndpoint, type ServerMetrics } from "./metrics";
import { requestLog } from "./request-log";
import { Connections } from "./shutdown";
import { routeIdResolver } from "./route-ids";
import { healthz, readinessFromEnv, readyz, type ReadinessOptions } from "./health";
import { crossSiteGuard, declaresTooLarge, malformedPathGuard, methodGuard, readBodies, securityHeaders, serverError } from "./guards";
import type { PageCache } from "./page-cache";
import { remixHandler } from "./remix";
import { replicaGuard, type ReplicaGuardOptions } from "./replicas";
import { runtimeOf, type ServerRuntime } from "./runtime";

export interface ServerOptions {
  /** The Remix server build (`build/index.js`); its `serverRuntime` is all the server runs of the app (server/runtime.ts). */
  build: ServerBuild;
  /** How many reverse proxies in front of the server to trust for X-Forwarded-For/-Proto/-Host (TRUST_PROXY); 0 trusts none. */
  trustProxy: number;
  /** The public origin (APP_URL), when set: its origin is accepted as same-site, and https turns HSTS on. */
  appUrl?: string;
  /** Largest request body read, in bytes (default the app's MAX_BODY_BYTES, 64 KB). */
  bodyLimit?: number;
  /** Folder of the static files (default `public` in the working directory). */
  publicDir?: string;
  /** Receives every JSON log line of this app instead of stdout (tests); default the process logger (`getLogger`). */
  log?: (line: string) => void;
  /** The LiteFS cluster this instance belongs to (LITEFS_DIR set): installs `replicaGuard`; absent, this instance is the only one. */
  replicas?: Omit<ReplicaGuardOptions, "secureCookie" | "litefs">;
  /** Longest time a client may take to send a whole request, headers and body, ms (default REQUEST_TIMEOUT_MS). */
  requestTimeoutMs?: number;
  /** Longest time a client may take to send the request headers, ms (default HEADERS_TIMEOUT_MS). */
  headersTimeoutMs?: number;
  /** Answers visitors without a cookie from recently rendered documents (PAGE_CACHE_MAX_AGE_MS, docs/decisions/0074-anonymous-page-cache.md); absent, every request renders. */
  pageCache?: PageCache;
  /** What `GET /readyz` checks against (default `readinessFromEnv`). */
  readiness?: ReadinessOptions;
  /** The metrics `GET /metrics` serves (default a new registry, `createMetrics`). */
  metrics?: ServerMetrics;
  /** The load-shedding bounds (default SHED_MAX_IN_FLIGHT, SHED_MAX_LAG_MS). */
  shedBounds?: ShedBounds;
  /** The bearer token `GET /metrics` requires (default METRICS_TOKEN); none: loopback clients only. */
  metricsToken?: string;
}

/**
 * Node's limits on slow clients (docs/decisions/0104-slow-request-timeouts.md):
 * the whole request within 30 s (a 4 MB price upload needs about 1.1 Mbit/s),
 * its headers within 10 s, checked every 2 s. Answered 408 and closed. They
 * bound receiving the request only; a long answer (the live feed) is not cut.
 */
export const REQUEST_TIMEOUT_MS = 30_000;
export const HEADERS_TIMEOUT_MS = 10_000;
const TIMEOUT_CHECK_INTERVAL_MS = 2_000;

/** A client's `X-Request-Id` is kept when it matches this (no spaces, quotes or control characters); else one is generated. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Gives every request an id, answered as `X-Request-Id` on every response:
 * the client's own when it matches REQUEST_ID_PATTERN, else a random UUID.
 * The id is kept in `res.locals.requestId` for the log entry (server/request-log.ts).
 */
const requestId: RequestHandler = (req, res, next) => {
  const sent = req.get("X-Request-Id");
  const id = sent !== undefined && REQUEST_ID_PATTERN.test(sent) ? sent : randomUUID();
  res.locals.requestId = id;
  res.setHeader("X-Request-Id", id);
  next();
};

/**
 * Paths whose handlers accept a body larger than the server-wide limit, with
 * their own limit in bytes: the price feed posts up to 10,000 bars at once.
 */
export function largeBodyPaths(http: Pick<ServerRuntime["http"], "MAX_PRICES_BODY_BYTES">): Readonly<Record<string, number>> {
  return { "/api/admin/prices": http.MAX_PRICES_BODY_BYTES };
}

/** The body limit for a request to `path` (its query string ignored): its own from `ownLimits` (`largeBodyPaths`), else `limit`. */
export function bodyLimitFor(path: string, limit: number, ownLimits: Readonly<Record<string, number>>): number {
  return ownLimits[path.split("?")[0]!] ?? limit;
}

/**
 * The URL paths (`/favicon.svg`, ...) of the files in `publicDir` outside
 * `build/`, listed once at start-up: static files are looked up in this set,
 * so a page request costs no file-system check.
 */
export function publicFilePaths(publicDir: string): Set<string> {
  const entries = readdirSync(publicDir, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((entry) => entry.isFile())
    .map((entry) => "/" + relative(publicDir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter((path) => !path.startsWith("/build/"));
  return new Set(paths);
}

/** Serves the files of `publicDir` listed at start-up (`publicFilePaths`); every other path goes on untouched. */
function publicFiles(publicDir: string): RequestHandler {
  const paths = publicFilePaths(publicDir);
  const serve = express.static(publicDir, { maxAge: "1h", index: false });
  return (req, res, next) => (paths.has(req.path) ? serve(req, res, next) : next());
}

/**
 * Serves the assets Remix fingerprints (`public/build`), cached for a year.
 * A file the build precompressed (scripts/precompress-assets.mjs) is sent as
 * its `.br` or `.gz` copy, whichever the request's Accept-Encoding takes
 * (brotli first), with `Content-Encoding` and `Vary: Accept-Encoding`, so
 * the compression middleware passes it on as it is; any other file, or a
 * client that takes neither coding, gets the file itself. The copies are
 * listed once, when the app is created.
 */
function fingerprintedAssets(dir: string): RequestHandler {
  return expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: { immutable: true, maxAge: "1y", index: false },
  });
}

/** Keeps an error that reached Express for the request's log entry, then hands it on to `serverError`. */
const keepError: ErrorRequestHandler = (error, _req, res, next) => {
  res.locals.error = error;
  next(error);
};

/** The logger `options` ask for: one writing JSON lines to `options.log`, else the process's. */
function loggerFor(options: ServerOptions, platform: ServerRuntime["platform"]): Logger {
  const sink = options.log;
  return sink ? platform.createLogger({ level: "debug", destination: { write: (line: string) => sink(line.trimEnd()) } }) : platform.getLogger();
}

/** Whether a path is served from a file: a fingerprinted asset under /build/ or a file in `publicDir`. */
function staticPaths(publicDir: string): (path: string) => boolean {
  const publicPaths = publicFilePaths(publicDir);
  return (path) => path.startsWith("/build/") || publicPaths.has(path);
}

/** The route label of a request: the probe's name, `static` for assets and public files, else the Remix route id. */
function routeLabeller(build: ServerBuild, isStatic: (path: string) => boolean): (req: Request) => string {
  const routeId = routeIdResolver(build);
  return (req) => {
    if (req.path === "/healthz" || req.path === "/readyz" || req.path === "/metrics") return req.path.slice(1);
    if (isStatic(req.path)) return "static";
    const data = req.query._data;
    return routeId(req.path, typeof data === "string" ? data : undefined);
  };
}

/** The Express app for `options` (not listening yet). */
export function createApp(options: ServerOptions): Express {
  const runtime = runtimeOf(options.build);
  const env = runtime.platform.getEnv();
  const publicDir = resolve(options.publicDir ?? "public");
  const appOrigin = options.appUrl ? new URL(options.appUrl).origin : undefined;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy);

  app.use(securityHeaders({ hsts: appOrigin?.startsWith("https:") ?? false, http: runtime.http }));
  const metrics = options.metrics ?? createMetrics(runtime.gauges);
  const logger = loggerFor(options, runtime.platform);
  const isStatic = staticPaths(publicDir);
  app.use(
    loadShedding({
      bounds: options.shedBounds ?? { maxInFlight: env.SHED_MAX_IN_FLIGHT, maxLagMs: env.SHED_MAX_LAG_MS },
      shed: metrics.shed,
      decide: runtime.shedDecision,
      isStatic,
      logger,
    }),
  );
  app.use(requestId);
  app.use(requestLog(logger, routeLabeller(options.build, isStatic), runtime.platform.runWithRequestContext, (finished, res) => metrics.observe(finished, res)));
  app.use(methodGuard);
  app.get("/healthz", healthz);
  app.get("/readyz", readyz(options.readiness ?? readinessFromEnv(runtime)));
  app.get("/metrics", metricsEndpoint(metrics, "metricsToken" in options ? options.metricsToken : env.METRICS_TOKEN));
  app.use(metrics.liveFeed);
  app.use(compression());
  app.use(malformedPathGuard);
  app.use("/build", fingerprintedAssets(join(publicDir, "build")));
  app.use(publicFiles(publicDir));
  app.use(crossSiteGuard(appOrigin ? [appOrigin] : []));
  if (options.replicas) app.use(replicaGuard({ ...options.replicas, secureCookie: appOrigin?.startsWith("https:") ?? false, litefs: runtime.litefs }));
  app.use(readBodies(options.bodyLimit ?? runtime.http.MAX_BODY_BYTES, largeBodyPaths(runtime.http)));
  app.all("*", remixHandler(options.build, (req) => ({ clientIp: req.ip ?? "unknown" }), options.pageCache));
  app.use(keepError, serverError);
  return app;
}

export interface RunningServer {
  server: Server;
  /** e.g. `http://localhost:3000`. */
  url: string;
  port: number;
  /** Stops listening and closes every open connection. */
  close(): Promise<void>;
  /** The server's connections, which shutdown drains (server/shutdown.ts). */
  connections: Connections;
}

/**
 * Starts the production server on `port` (0 picks a free one).
 * @param host the interface to listen on (default: all).
 */
export async function startServer(options: ServerOptions & { port: number; host?: string }): Promise<RunningServer> {
  const app = createApp(options);
  const { http } = runtimeOf(options.build);
  const limit = options.bodyLimit ?? http.MAX_BODY_BYTES;
  const ownLimits = largeBodyPaths(http);
  const server = createServer(
    {
      requestTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
      headersTimeout: options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    app,
  );
  // `Expect: 100-continue`: a declared body over the limit gets its 413 without the client sending it.
  server.on("checkContinue", (req, res) => {
    if (!declaresTooLarge(req.headers, bodyLimitFor(req.url ?? "/", limit, ownLimits))) res.writeContinue();
    app(req, res);
  });
  const connections = new Connections(server);
  server.listen(options.port, options.host);
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  // Under `remix dev` (npm run dev), which sets REMIX_DEV_ORIGIN: tell it this build is being served.
  if (options.build.mode === "development" && process.env.REMIX_DEV_ORIGIN) await broadcastDevReady(options.build);
  return {
    server,
    connections,
    port,
    url: `http://${options.host && options.host !== "0.0.0.0" ? options.host : "localhost"}:${port}`,
    close: () =>
      new Promise<void>((done, fail) => {
        // After a graceful shutdown (server/shutdown.ts) the server is already closed: nothing left to do.
        server.close((error) => (error && (error as NodeJS.ErrnoException).code !== "ERR_SERVER_NOT_RUNNING" ? fail(error) : done()));
        server.closeAllConnections();
      }),
  };
}
