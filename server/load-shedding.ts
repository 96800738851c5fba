/**
 * The load-shedding middleware (docs/decisions/0139-load-shedding.md): it
 * counts the requests in flight, samples the event loop's lag, and answers a
 * new request 503 with `Retry-After` at once when `shedDecision` says so —
 * `application/problem+json` under /api, a small HTML page elsewhere — and
 * counts it in `http_requests_shed_total{reason}`.
 */
import type { RequestHandler } from "express";
import type { Counter } from "prom-client";
import type { ShedBounds } from "../app/domain/load-shedding";
import type { ServerRuntime } from "./runtime";

/** Seconds a refused client is asked to wait. */
export const SHED_RETRY_AFTER_S = 1;
/** How often the event loop's lag is sampled, ms. */
const LAG_SAMPLE_MS = 20;
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
 * Middleware that admits or refuses each request.
 * @param options.bounds the bounds (SHED_MAX_IN_FLIGHT, SHED_MAX_LAG_MS).
 * @param options.shed the counter of refused requests, by reason.
 * @param options.decide the rule (`shedDecision`, app/domain/load-shedding.ts, through `serverRuntime`).
 * @param options.lagMs the current lag (default a `lagSampler`).
 */
export function loadShedding(options: { bounds: ShedBounds; shed: Counter<"reason">; decide: ServerRuntime["shedDecision"]; lagMs?: () => number }): RequestHandler {
  const shedDecision = options.decide;
  const lagMs = options.lagMs ?? lagSampler().lagMs;
  let inFlight = 0;
  return (req, res, next) => {
    const reason = shedDecision(req.path, { inFlight, lagMs: lagMs() }, options.bounds);
    if (reason) {
      options.shed.inc({ reason });
      res.status(503).setHeader("Retry-After", String(SHED_RETRY_AFTER_S));
      res.setHeader("Cache-Control", "no-store");
      if (req.path === "/api" || req.path.startsWith("/api/")) {
        res.type("application/problem+json").send(JSON.stringify({ type: "about:blank", title: "Service Unavailable", status: 503, detail: `The server is busy; try again in ${SHED_RETRY_AFTER_S} s` }));
      } else {
        res.type("text/html").send(PAGE);
      }
      return;
    }
    if (!LONG_LIVED.has(req.path)) {
      inFlight += 1;
      res.once("close", () => (inFlight -= 1));
    }
    next();
  };
}
