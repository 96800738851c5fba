/**
 * Graceful shutdown on SIGTERM or SIGINT (docs/decisions/0124-graceful-shutdown.md):
 * stop accepting connections, tell live-feed clients to reconnect (a final
 * `retry:` and the end of the stream), let requests in flight finish while
 * idle kept-alive connections are closed, then stop the background parts
 * (the delivery worker, which gives back its leases, and the scheduler),
 * checkpoint the WAL and close the database. Past `timeoutMs` the remaining
 * connections are cut so the process still ends in time.
 */
import type { Server, ServerResponse } from "node:http";
import type { RequestHandler } from "express";

/** Milliseconds a live-feed client waits before reconnecting after the server said goodbye. */
export const RECONNECT_AFTER_MS = 1_000;

/** The open live-feed (`text/event-stream`) answers, so shutdown can say goodbye to them. */
export class LiveFeeds {
  readonly open = new Set<ServerResponse>();

  /** Middleware noting each `text/event-stream` answer while it is open. */
  readonly track: RequestHandler = (_req, res, next) => {
    const feeds = this.open;
    const response: ServerResponse = res;
    const writeHead = response.writeHead as (...args: unknown[]) => ServerResponse;
    response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      const result = writeHead.apply(this, args);
      if (String(this.getHeader("Content-Type") ?? "").startsWith("text/event-stream")) {
        feeds.add(this);
        this.once("close", () => feeds.delete(this));
      }
      return result;
    } as ServerResponse["writeHead"];
    next();
  };

  /** Sends each open feed `retry: RECONNECT_AFTER_MS` and ends it. */
  closeAll(): void {
    for (const res of this.open) {
      res.write(`retry: ${RECONNECT_AFTER_MS}\n\n`);
      res.end();
    }
  }
}

/**
 * Shuts down in order (see the file comment).
 * @param parts.stopBackground stops the worker and the scheduler, awaiting their runs.
 * @param parts.closeDatabase checkpoints the WAL and closes the connections.
 * @returns when done; `graceful` false when `timeoutMs` passed first and connections were cut.
 */
export async function shutDown(parts: {
  server: Server;
  liveFeeds: LiveFeeds;
  stopBackground: () => Promise<void>;
  closeDatabase: () => void;
  timeoutMs: number;
}): Promise<{ graceful: boolean }> {
  const { server } = parts;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  parts.liveFeeds.closeAll();
  server.closeIdleConnections();
  // A kept-alive connection goes idle once its request is answered: close those as they appear.
  const sweeper = setInterval(() => server.closeIdleConnections(), 50);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), Math.max(0, parts.timeoutMs - 1_000))));
  const cut = await Promise.race([closed.then(() => false), timedOut]);
  clearInterval(sweeper);
  clearTimeout(timer);
  if (cut) server.closeAllConnections();
  await parts.stopBackground();
  parts.closeDatabase();
  return { graceful: !cut };
}
