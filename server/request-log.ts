/**
 * One structured log entry per finished (or abandoned) request
 * (docs/decisions/0123-structured-logs.md): `reqId` (the X-Request-Id
 * answered), `method`, `path` without the query string, `route` (the Remix
 * route id, or `static`, `healthz`, ...), `status`, `durationMs`, and `userId`
 * when the request was signed in or sent an API key. Never bodies, query
 * strings, cookies or other headers, so no password, token or key reaches it.
 * 5xx are logged at `error` with the error and its stack; 4xx at `warn`, one
 * line without a stack; the probes and scrapes (`/healthz`, `/readyz`,
 * `/metrics`) at `debug`; the rest at `info`. The request runs inside its
 * request context (app/platform/request-context.server.ts), where the app notes
 * the user and the error.
 */
import type { ServerResponse } from "node:http";
import type { Request, RequestHandler } from "express";
import type { Logger } from "pino";
import type { RequestContext } from "../app/platform/request-context.server";
import type { ServerRuntime } from "./runtime";

/** Paths that are polled by machines: logged at debug. */
const PROBE_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

/** What the request log tells the metrics about each finished request. */
export interface FinishedRequest {
  method: string;
  route: string;
  /** The HTTP status, or 0 when the client went away first. */
  status: number;
  durationSeconds: number;
}

/**
 * The request log middleware.
 * @param logger where entries go.
 * @param routeOf the route label of a request (`routes/…`, `static`, …).
 * @param runWithRequestContext the app's request context (`serverRuntime.platform`), which the app fills in.
 * @param onFinish also told of every finished request (the metrics).
 */
export function requestLog(
  logger: Logger,
  routeOf: (req: Request) => string,
  runWithRequestContext: ServerRuntime["platform"]["runWithRequestContext"],
  onFinish?: (finished: FinishedRequest, res: ServerResponse) => void,
): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const context: RequestContext = {};
    const path = req.originalUrl.split("?")[0]!;
    res.once("close", () => {
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      const route = routeOf(req);
      const status = res.writableFinished ? res.statusCode : 0;
      onFinish?.({ method: req.method, route, status, durationSeconds: durationMs / 1000 }, res);
      const entry = { reqId: res.locals.requestId as string, method: req.method, path, route, status: status || "aborted", durationMs, ...(context.userId !== undefined ? { userId: context.userId } : {}) };
      const error = context.error ?? res.locals.error;
      if (status >= 500) logger.error({ ...entry, ...(error !== undefined ? { err: error } : {}) }, `${req.method} ${path} ${status}`);
      else if (status >= 400) logger.warn(entry, `${req.method} ${path} ${status}`);
      else if (PROBE_PATHS.has(path)) logger.debug(entry, `${req.method} ${path} ${status}`);
      else logger.info(entry, `${req.method} ${path} ${status || "aborted"}`);
    });
    runWithRequestContext(context, next);
  };
}
