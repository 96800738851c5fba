/**
 * The load-shedding middleware (docs/decisions/0139-load-shedding.md): it
 * counts the requests in flight, samples the event loop's lag, and answers a
 * new request 503 with `Retry-After` at once when `shedDecision` says so —
 * `application/problem+json` under /api, a small HTML page elsewhere — and
 * counts it in `http_requests_shed_total{reason}`. Refusals are logged as one
 * warning per burst (at most one each SHED_LOG_INTERVAL_MS), not a line each.
 */
import type { RequestHandler } from "express";
import type { Logger } from "pino";
import type { Counter } from "prom-client";
import type { ShedBounds, ShedReason } from "../app/domain/load-shedding";
import type { ServerRuntime } from "./runtime";

/** Seconds a refused client is asked to wait. */
export const SHED_RETRY_AFTER_S = 1;
/** How often the event loop's lag is sampled, ms. */
const LAG_SAMPLE_MS = 20;
/** At most one warning about refusals per this many ms. */
export const SHED_LOG_INTERVAL_MS = 10_000;
/** Answers that stay open by design (the live feed): admitted as any other, not counted in flight. */
const LONG_LIVED = new Set(["/api/signals/stream"]);

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Busy — FX Trader</title></head><body><h1>FX Trader is busy</h1><p>Too many requests are being answered right now. Please try again in a moment.</p></body></html>`;

/**
 * The event loop's lag, ms: how late a timer due every LAG_SAMPLE_MS ran,
 * smoothed (each sample weighs 1/3, as toobusy-js dampens it), so one long
 * render or GC pause alone does not refuse the next request; a loop that
 * stays late does.
 */
export function lagSampler(): { lagMs(): number; stop(): void } {
  let expected = performance.now() + LAG_SAMPLE_MS;
  let lag = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    lag = (2 * lag + Math.max(0, now - expected)) / 3;
    expected = now + LAG_SAMPLE_MS;
  }, LAG_SAMPLE_MS);
  timer.unref();
  return { lagMs: () => lag, stop: () => clearInterval(timer) };
}

/**
 * The warning about refusals: the first refusal after a quiet
 * SHED_LOG_INTERVAL_MS is logged at once with the counts since the last
 * warning; the refusals after it are counted into the next one.
 */
function refusalLog(logger: Pick<Logger, "warn"> | undefined, now: () => number): (reason: ShedReason) => void {
  let counts: Partial<Record<ShedReason, number>> = {};
  let since = now();
  let lastWarned = -Infinity;
  return (reason) => {
    counts[reason] = (counts[reason] ?? 0) + 1;
    const at = now();
    if (!logger || at - lastWarned < SHED_LOG_INTERVAL_MS) return;
    const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
    logger.warn({ shed: counts, windowMs: Math.round(at - since) }, `load shedding: refused ${total} request${total === 1 ? "" : "s"}`);
    counts = {};
    since = at;
    lastWarned = at;
  };
}

/** The refusal's bodies, encoded once: a refusal must cost as little as possible, since an overloaded server answers many of them. */
const PAGE_BODY = Buffer.from(PAGE);
const PROBLEM_BODY = Buffer.from(JSON.stringify({ type: "about:blank", title: "Service Unavailable", status: 503, detail: `The server is busy; try again in ${SHED_RETRY_AFTER_S} s` }));

/**
 * Middleware that admits or refuses each request. It runs before the other
 * middleware but the security headers (server/app.ts), so a refusal skips the
 * request log, compression and Express's `res.send` (ETag): about a third of
 * the CPU a refusal cost behind them (docs/benchmarks.md). Refusals are
 * counted in `http_requests_shed_total`, not in the request duration
 * histogram or the request log.
 * @param options.bounds the bounds (SHED_MAX_IN_FLIGHT, SHED_MAX_LAG_MS).
 * @param options.shed the counter of refused requests, by reason.
 * @param options.decide the rule (`shedDecision`, app/domain/load-shedding.ts, through `serverRuntime`).
 * @param options.isStatic paths served from files (fingerprinted assets, public/): always admitted, not counted in flight.
 * @param options.logger where the warnings about refusals go (none when absent).
 * @param options.lagMs the current lag (default a `lagSampler`).
 * @param options.now the clock of the warnings, ms (default `performance.now`).
 */
export function loadShedding(options: {
  bounds: ShedBounds;
  shed: Counter<"reason">;
  decide: ServerRuntime["shedDecision"];
  isStatic: (path: string) => boolean;
  logger?: Pick<Logger, "warn">;
  lagMs?: () => number;
  now?: () => number;
}): RequestHandler {
  const shedDecision = options.decide;
  const lagMs = options.lagMs ?? lagSampler().lagMs;
  const logRefusal = refusalLog(options.logger, options.now ?? (() => performance.now()));
  let inFlight = 0;
  return (req, res, next) => {
    if (options.isStatic(req.path)) return next();
    const reason = shedDecision(req.path, { inFlight, lagMs: lagMs() }, options.bounds);
    if (reason) {
      options.shed.inc({ reason });
      logRefusal(reason);
      const api = req.path === "/api" || req.path.startsWith("/api/");
      const body = api ? PROBLEM_BODY : PAGE_BODY;
      res.writeHead(503, {
        "Retry-After": String(SHED_RETRY_AFTER_S),
        "Cache-Control": "no-store",
        "Content-Type": api ? "application/problem+json; charset=utf-8" : "text/html; charset=utf-8",
        "Content-Length": String(body.length),
      });
      res.end(req.method === "HEAD" ? undefined : body);
      return;
    }
    if (!LONG_LIVED.has(req.path)) {
      inFlight += 1;
      res.once("close", () => (inFlight -= 1));
    }
    next();
  };
}
