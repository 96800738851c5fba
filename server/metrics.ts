/**
 * `GET /metrics` in Prometheus's text format with `prom-client`
 * (docs/decisions/0122-metrics.md): the request duration histogram by route
 * id, method and status class; Node's default process metrics (event-loop lag
 * among them); live-feed clients; page-cache hits and misses; and, read from
 * the database at scrape time, the outbox depth and oldest due age per
 * channel, delivery jobs by status and the ledger's length. With
 * METRICS_TOKEN set a scrape must send `Authorization: Bearer <token>`;
 * without it only a loopback client that came through no proxy is answered.
 */
import { timingSafeEqual } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { Request, RequestHandler } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { ServerRuntime } from "./runtime";
import type { FinishedRequest } from "./request-log";

/** The metrics of one server, and what feeds them. */
export interface ServerMetrics {
  registry: Registry;
  /** Counts a finished request (the request log calls it). */
  observe(finished: FinishedRequest, res: ServerResponse): void;
  /** Middleware counting open `text/event-stream` answers (the live feed). */
  liveFeed: RequestHandler;
  /** Requests refused by load shedding (server/load-shedding.ts), by reason. */
  shed: Counter<"reason">;
}

/** `2xx`, `4xx`, … for a status; `aborted` for 0 (the client left first). */
export const statusClass = (status: number): string => (status === 0 ? "aborted" : `${Math.floor(status / 100)}xx`);

/**
 * Creates the registry and its metrics.
 * @param gauges the app's database counts (`serverRuntime.gauges`).
 * @param options.clock the time the outbox ages are measured against (default now).
 */
export function createMetrics(gauges: ServerRuntime["gauges"], options: { clock?: () => Date } = {}): ServerMetrics {
  const { outboxByChannel, deliveriesByStatus, ledgerLength } = gauges;
  const clock = options.clock ?? (() => new Date());
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by Remix route id, method and status class",
    labelNames: ["route", "method", "status_class"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pageCache = new Counter({ name: "page_cache_requests_total", help: "Requests the anonymous page cache answered (hit), answered with an expired copy while it was rendered again (stale), or rendered and offered to it (miss)", labelNames: ["result"], registers: [registry] });
  const liveClients = new Gauge({ name: "live_feed_clients", help: "Open live-feed (text/event-stream) connections", registers: [registry] });
  new Gauge({
    name: "outbox_depth",
    help: "Delivery jobs waiting (queued or retrying), by channel",
    labelNames: ["channel"],
    registers: [registry],
    collect() {
      this.reset();
      for (const row of outboxByChannel()) this.set({ channel: row.channel }, row.depth);
    },
  });
  new Gauge({
    name: "outbox_oldest_due_age_seconds",
    help: "How long the longest-waiting due delivery job has been due, by channel (0 when none is due yet)",
    labelNames: ["channel"],
    registers: [registry],
    collect() {
      this.reset();
      const now = clock().getTime();
      for (const row of outboxByChannel()) this.set({ channel: row.channel }, Math.max(0, (now - row.oldestDueAt) / 1000));
    },
  });
  new Gauge({
    name: "delivery_jobs",
    help: "Delivery jobs by status: what deliveries came to (sent, dead) and where the rest are (queued, sending, retrying)",
    labelNames: ["status"],
    registers: [registry],
    collect() {
      this.reset();
      for (const row of deliveriesByStatus()) this.set({ status: row.status }, row.count);
    },
  });
  new Gauge({
    name: "ledger_events",
    help: "Events in the public ledger (its highest seq)",
    registers: [registry],
    collect() {
      this.set(ledgerLength());
    },
  });
  const shed = new Counter({ name: "http_requests_shed_total", help: "Requests refused with 503 by load shedding, by reason (in_flight, event_loop_lag)", labelNames: ["reason"], registers: [registry] });
  return {
    registry,
    shed,
    observe(finished, res) {
      duration.observe({ route: finished.route, method: finished.method, status_class: statusClass(finished.status) }, finished.durationSeconds);
      const cache = res.getHeader("X-Page-Cache");
      if (cache === "hit" || cache === "stale" || cache === "miss") pageCache.inc({ result: cache });
    },
    liveFeed: (_req, res, next) => {
      const response: ServerResponse = res;
      const writeHead = response.writeHead as (...args: unknown[]) => ServerResponse;
      response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
        const result = writeHead.apply(this, args);
        if (String(this.getHeader("Content-Type") ?? "").startsWith("text/event-stream")) {
          liveClients.inc();
          this.once("close", () => liveClients.dec());
        }
        return result;
      } as ServerResponse["writeHead"];
      next();
    },
  };
}

/** True for a loopback peer (127.0.0.0/8, ::1, IPv4-mapped loopback). */
function isLoopback(address: string | undefined): boolean {
  return address !== undefined && (address === "::1" || /^(::ffff:)?127\./.test(address));
}

/** True when `req` may scrape: the bearer token matches, or without a token a loopback peer with no forwarding headers. */
export function mayScrape(req: Request, token: string | undefined): boolean {
  if (token) {
    const sent = /^Bearer\s+(\S+)$/i.exec(req.get("Authorization") ?? "")?.[1] ?? "";
    const a = Buffer.from(sent);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  }
  const proxied = req.get("X-Forwarded-For") !== undefined || req.get("Forwarded") !== undefined;
  return !proxied && isLoopback(req.socket.remoteAddress);
}

/** `GET /metrics`: the registry's text, or 401 (token set) / 403 (loopback only). */
export function metricsEndpoint(metrics: ServerMetrics, token: string | undefined): RequestHandler {
  return async (req, res, next) => {
    if (!mayScrape(req, token)) {
      if (token) res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.status(token ? 401 : 403).type("text/plain").send(token ? "Send the metrics token as a bearer token." : "Metrics are served to loopback clients only; set METRICS_TOKEN to scrape from elsewhere.");
      return;
    }
    try {
      const body = await metrics.registry.metrics();
      res.setHeader("Cache-Control", "no-store");
      res.type(metrics.registry.contentType).send(body);
    } catch (error) {
      next(error);
    }
  };
}
