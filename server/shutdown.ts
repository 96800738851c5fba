/**
 * Graceful shutdown on SIGTERM or SIGINT (docs/decisions/0124-graceful-shutdown.md):
 * stop accepting connections, tell live-feed clients to reconnect (a final
 * `retry:` and the end of the stream), let requests in flight finish and
 * close each connection after its answer (`Connections.drain`), then stop the background parts
 * (the delivery worker, which gives back its leases, and the scheduler),
 * checkpoint the WAL and close the database. Past `timeoutMs` the remaining
 * connections are cut so the process still ends in time.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import net, { type Socket } from "node:net";

/** How long a connection accepted before shutdown may take to send its first request, ms. */
export const FIRST_REQUEST_GRACE_MS = 1_000;

interface ConnectionState {
  /** Requests answered on it so far. */
  served: number;
  /** A request is being handled. */
  active: boolean;
}

/**
 * The server's connections and whether each is busy, so shutdown can drain
 * them without a reset: `http.Server.close()` would destroy every connection
 * without a request in progress at once, including one just accepted whose
 * request has not been read yet (its client sees ECONNRESET).
 */
export class Connections {
  private readonly states = new Map<Socket, ConnectionState>();
  private draining = false;

  /** Follows `server`'s connections and requests. */
  constructor(private readonly server: Server) {
    server.on("connection", (socket: Socket) => {
      this.states.set(socket, { served: 0, active: false });
      socket.once("close", () => this.states.delete(socket));
    });
    server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
      const state = this.states.get(req.socket);
      if (state) state.active = true;
      // Once draining, every answer closes its connection.
      if (this.draining) res.setHeader("Connection", "close");
      res.once("finish", () => {
        if (!state) return;
        state.active = false;
        state.served += 1;
        if (this.draining) this.closeWhenIdle(req.socket, state);
      });
    });
  }

  /** Open connections. */
  get size(): number {
    return this.states.size;
  }

  private closeWhenIdle(socket: Socket, state: ConnectionState): void {
    if (!state.active && state.served > 0) socket.end();
  }

  /**
   * Stops accepting connections and drains the open ones: answers not yet
   * started carry `Connection: close`; a kept-alive connection between
   * requests is ended; one that has not sent its first request gets
   * FIRST_REQUEST_GRACE_MS to send it (and is answered), then is ended.
   * @returns when every connection has closed.
   */
  async drain(): Promise<void> {
    this.draining = true;
    // Closing the listening socket resets the connections the kernel has queued but Node has not accepted yet:
    // let one more turn of the event loop accept them first (they are then answered, with Connection: close).
    await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
    const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(this.server, () => resolve()));
    for (const [socket, state] of this.states) {
      if (state.active) {
        const res = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
        if (res && !res.headersSent) res.setHeader("Connection", "close");
      } else this.closeWhenIdle(socket, state);
    }
    const grace = setTimeout(() => {
      for (const [socket, state] of this.states) if (!state.active && state.served === 0) socket.end();
    }, FIRST_REQUEST_GRACE_MS);
    grace.unref();
    await closed;
    clearTimeout(grace);
  }
}

/**
 * Shuts down in order (see the file comment).
 * @param parts.stopBackground stops the worker and the scheduler, awaiting their runs.
 * @param parts.closeDatabase checkpoints the WAL and closes the connections.
 * @param parts.announceShutdown tells the app's open streams to end (`serverRuntime.background`).
 * @returns when done; `graceful` false when `timeoutMs` passed first and connections were cut.
 */
export async function shutDown(parts: {
  server: Server;
  connections: Connections;
  stopBackground: () => Promise<void>;
  closeDatabase: () => void;
  announceShutdown: () => void;
  timeoutMs: number;
}): Promise<{ graceful: boolean }> {
  const { server } = parts;
  const closed = parts.connections.drain();
  parts.announceShutdown();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), Math.max(0, parts.timeoutMs - 1_000))));
  const cut = await Promise.race([closed.then(() => false), timedOut]);
  clearTimeout(timer);
  if (cut) server.closeAllConnections();
  await parts.stopBackground();
  parts.closeDatabase();
  return { graceful: !cut };
}
