/**
 * The real production server (server/app.ts serving the Remix build) inside
 * a test file, on a free 127.0.0.1 port, against the file's own temporary
 * SQLite database (tests/setup/vitest.setup.ts). The build is made first when
 * `build/` is missing or older than the source (`ensureBuild` in
 * production-build.ts). Plus a raw HTTP client that can pick its source
 * address (127.0.0.x), so each test has its own client IP.
 */
import { request as httpRequest, type Agent, type IncomingHttpHeaders, type OutgoingHttpHeaders } from "node:http";
import { startServer, type RunningServer, type ServerOptions } from "../../server/app";
import { loadBuild } from "../../server/runtime";
import { ensureBuild } from "../../harness/production-build";

/**
 * Builds if needed and starts the production server on 127.0.0.1 with a free
 * port. Request log lines go to `logLines` instead of the console.
 */
export async function startBuiltServer(
  options: Partial<Omit<ServerOptions, "build">> = {},
): Promise<RunningServer & { logLines: string[] }> {
  await ensureBuild();
  const logLines: string[] = [];
  const running = await startServer({
    build: await loadBuild(),
    trustProxy: 0,
    log: (line) => logLines.push(line),
    // The test shares this process's event loop and the machine's cores: no load shedding unless a test sets its bounds.
    shedBounds: { maxInFlight: 10_000, maxLagMs: 10_000 },
    ...options,
    port: 0,
    host: "127.0.0.1",
  });
  return { ...running, logLines };
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as UTF-8 text. */
  body: string;
  /** The body's bytes as they arrived (still compressed when a Content-Encoding was sent). */
  bytes: Buffer;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: OutgoingHttpHeaders;
  /** Sent as it is; a Buffer or string. */
  body?: string | Buffer;
  /** The client's source address, e.g. 127.0.0.7 (any 127.x address reaches the server). */
  from?: string;
  agent?: Agent;
}

/**
 * One HTTP/1.1 request to `port` on 127.0.0.1 with node:http (no redirects
 * followed, no headers added beyond Host and Content-Length).
 */
export function rawRequest(port: number, { method = "GET", path, headers = {}, body, from, agent }: RawRequest): Promise<RawResponse> {
  return new Promise((resolveResponse, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, method, path, headers, localAddress: from, agent: agent ?? false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const bytes = Buffer.concat(chunks);
          resolveResponse({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString("utf8"), bytes });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
