/**
 * The production build on a real port, for the harnesses that talk HTTP to
 * it (the fuzz suite, `npm run bench:load`, `npm run chaos:kill`):
 * the server as a child process in its own process group on a free 127.0.0.1
 * port, on a temporary seeded SQLite file (both from
 * harness/production-build.ts), a small HTTP client, and sign-in /
 * API-key helpers for the demo accounts.
 *
 * The command that serves the build is written in one place: `serverCommand`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { ensureBuild, freePort, prepareDatabase, SERVER_PATH, type HarnessDatabase } from "./production-build";

/** The demo accounts the seed creates when NODE_ENV is not production (README "Demo accounts"). */
export const DEMO_ACCOUNTS = {
  admin: { email: "admin@example.com", password: "fxtrader-demo" },
  trader: { email: "trader@example.com", password: "fxtrader-demo" },
} as const;

/** Session secret of every harness server (at least 32 characters, as env.server requires). */
export const HARNESS_SESSION_SECRET = "harness-session-secret-0123456789abcdef0123456789";

/** Another production build than build/ and public/: the benchmarks' own (docs/decisions/0060-bare-route-benchmark.md). */
export interface BuildLocation {
  /** The server build, e.g. `.cache/bench-build/index.js`. */
  serverBuildPath: string;
  /** The folder served as static files; the assets are in its `build/`. */
  publicDir: string;
}

/** What else a harness server runs with. */
export interface ServerExtras {
  /** Serve this build (already built) instead of build/ (built when stale). */
  build?: BuildLocation;
  /** Extra environment variables, which win over the ones `serverCommand` sets (e.g. BENCH_SQL_LOG, LITEFS_DIR, DELIVERY_WORKER). */
  env?: Record<string, string>;
}

/**
 * The command that serves the production build, and its environment:
 * `node build/server/index.js`, as `npm start` runs it.
 * The ONE place that says how the app is started.
 * @param port TCP port on 127.0.0.1.
 * @param databasePath the SQLite file the app opens.
 * @param extras another build to serve, extra environment variables.
 * @returns `{command, args, env}` for `spawn`.
 */
export function serverCommand(
  port: number,
  databasePath: string,
  extras: ServerExtras = {},
): { command: string; args: string[]; env: NodeJS.ProcessEnv } {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith("OAUTH_") && name !== "APP_URL" && name !== "SEED_PASSWORD"),
  );
  return {
    command: process.execPath,
    args: [SERVER_PATH, ...(extras.build ? ["--build", extras.build.serverBuildPath, "--public", extras.build.publicDir] : [])],
    env: {
      ...inherited,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_PATH: databasePath,
      SESSION_SECRET: HARNESS_SESSION_SECRET,
      APP_URL: `http://127.0.0.1:${port}`,
      // Harness servers share the machine's cores with the tests and browsers driving them: no load shedding
      // unless `extras.env` sets the bounds ("" for the production defaults, as `npm run bench:load` does).
      SHED_MAX_IN_FLIGHT: "10000",
      SHED_MAX_LAG_MS: "10000",
      ...extras.env,
    },
  };
}

/**
 * A temporary SQLite file, migrated and seeded (the demo accounts included),
 * for a harness server; see `prepareDatabase` in production-build.ts.
 */
export function prepareHarnessDatabase(): Promise<HarnessDatabase> {
  return prepareDatabase({ env: { SESSION_SECRET: HARNESS_SESSION_SECRET } });
}

/** A running server started by `startAppServer`. */
export interface AppServer {
  /** `http://127.0.0.1:<port>`: the base URL, and the site's own origin (APP_URL). */
  url: string;
  port: number;
  databasePath: string;
  /** Process id of the server, which is also its process group id. */
  pid: number;
  /** The last lines the server printed (stdout and stderr), for diagnostics. */
  output(): string;
  /** Whether the process has exited. */
  exited(): boolean;
  /** The exit code once it has exited by itself (null while running or when a signal ended it). */
  exitCode(): number | null;
  /** SIGTERM to the process group, SIGKILL after 5 s; resolves once it has exited. */
  stop(): Promise<void>;
  /** SIGKILL to the process group at once (a crash); resolves once it has exited. */
  kill(): Promise<void>;
}

const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
  }
}

let cleanupInstalled = false;
/** Servers must not outlive the process that started them, even when it is interrupted. */
function installCleanup(): void {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  process.on("exit", () => running.forEach((child) => killGroup(child, "SIGKILL")));
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      running.forEach((child) => killGroup(child, "SIGKILL"));
      process.exit(signal === "SIGINT" ? 130 : 143);
    });
  }
}

function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/**
 * Starts the production build (see `serverCommand`) on `databasePath`, in its
 * own process group, and waits until `GET /` answers.
 * @param options.port a fixed port (a restart on the same port); a free one by default.
 * @param options.timeoutMs how long to wait for the first answer (default 30 s).
 * @param options.build, options.env see `ServerExtras`.
 * @throws Error with the server's output when it exits or does not answer in time.
 */
export async function startAppServer(
  databasePath: string,
  options: { port?: number; timeoutMs?: number } & ServerExtras = {},
): Promise<AppServer> {
  if (!options.build) await ensureBuild();
  installCleanup();
  const port = options.port ?? (await freePort());
  const { command, args, env } = serverCommand(port, databasePath, options);
  const child = spawn(command, args, { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  child.once("exit", () => running.delete(child));

  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (lines.length > 400) lines.splice(0, lines.length - 400);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);

  const url = `http://127.0.0.1:${port}`;
  const server: AppServer = {
    url,
    port,
    databasePath,
    pid: child.pid!,
    output: () => lines.join("\n"),
    exited: () => child.exitCode !== null || child.signalCode !== null,
    exitCode: () => child.exitCode,
    async stop() {
      killGroup(child, "SIGTERM");
      const timer = setTimeout(() => killGroup(child, "SIGKILL"), 5_000);
      await exitOf(child);
      clearTimeout(timer);
    },
    async kill() {
      killGroup(child, "SIGKILL");
      await exitOf(child);
    },
  };

  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  while (Date.now() < deadline) {
    if (server.exited()) throw new Error(`The server exited before answering:\n${server.output()}`);
    try {
      await send(server, { path: "/", timeoutMs: 2_000 });
      return server;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
  await server.stop();
  throw new Error(`The server did not answer on ${url} within ${options.timeoutMs ?? 30_000} ms:\n${server.output()}`);
}

/** One HTTP request as the harnesses send it: any method, any headers, a raw body. */
export interface HarnessRequest {
  method?: string;
  /** Path and query, e.g. `/api/signals?limit=5`. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Give up after this many milliseconds (default 15 s). */
  timeoutMs?: number;
}

/** What came back: status, headers (lower-case names) and the body as UTF-8 text. */
export interface HarnessResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Milliseconds from sending to the end of the body. */
  ms: number;
}

/**
 * Sends one request to `server` with node:http on a new connection (no fetch
 * rules on methods, headers or bodies; redirects are not followed; a server
 * that closes a connection after refusing a request never breaks the next one).
 * @throws Error on a connection failure or after `timeoutMs`.
 */
export function send(server: Pick<AppServer, "port">, req: HarnessRequest): Promise<HarnessResponse> {
  const started = Date.now();
  const body = req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body, "utf8");
  const headers: Record<string, string> = { ...req.headers };
  if (body !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === "content-length")) {
    headers["Content-Length"] = String(body.length);
  }
  return new Promise<HarnessResponse>((resolveOnce, rejectOnce) => {
    // A deadline for the whole exchange: the socket's idle timeout ends with the socket, not with the request.
    const deadline = setTimeout(() => {
      outgoing.destroy();
      rejectOnce(new Error(`${req.method ?? "GET"} ${req.path} got no answer within ${req.timeoutMs ?? 15_000} ms`));
    }, req.timeoutMs ?? 15_000);
    const resolve = (response: HarnessResponse) => {
      clearTimeout(deadline);
      resolveOnce(response);
    };
    const reject = (error: Error) => {
      clearTimeout(deadline);
      rejectOnce(error);
    };
    const outgoing = httpRequest(
      { host: "127.0.0.1", port: server.port, method: req.method ?? "GET", path: req.path, headers, agent: false, maxHeaderSize: 1024 * 1024, timeout: req.timeoutMs ?? 15_000 },
      (incoming) => {
        const chunks: Buffer[] = [];
        const done = () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks).toString("utf8"), ms: Date.now() - started });
        incoming.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          // A Server-Sent Events stream never ends: its first chunk is the answer.
          if (String(incoming.headers["content-type"] ?? "").startsWith("text/event-stream")) {
            done();
            outgoing.destroy();
          }
        });
        incoming.on("error", reject);
        incoming.on("end", done);
        // A connection closed before the answer ended rejects instead of leaving the caller waiting.
        incoming.on("close", () => {
          if (!incoming.complete) reject(new Error(`${req.method ?? "GET"} ${req.path}: the connection closed before the answer ended`));
        });
      },
    );
    // node:http hands the answer to a CONNECT (or to a request with Upgrade) to these events, never to the
    // response callback; without a listener it drops the socket silently. Any status is the answer.
    const answeredWithoutBody = (incoming: IncomingMessage, socket: Socket) => {
      socket.destroy();
      resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: "", ms: Date.now() - started });
    };
    outgoing.on("connect", answeredWithoutBody);
    outgoing.on("upgrade", answeredWithoutBody);
    outgoing.on("timeout", () => outgoing.destroy(new Error(`${req.method ?? "GET"} ${req.path} timed out after ${req.timeoutMs ?? 15_000} ms`)));
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** The `name=value` pair of the response's `name` Set-Cookie, or undefined. */
export function cookiePair(response: HarnessResponse, name: string): string | undefined {
  return (response.headers["set-cookie"] ?? []).find((cookie) => cookie.startsWith(`${name}=`))?.split(";")[0];
}

function formPost(server: AppServer, path: string, fields: Record<string, string>): Promise<HarnessResponse> {
  return send(server, {
    method: "POST",
    path,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
    body: new URLSearchParams(fields).toString(),
  });
}

/**
 * Signs in through `POST /login` (the form a browser submits). A 503 from
 * load shedding (a server still busy starting) is tried again after its
 * Retry-After, up to five times.
 * @returns the `__session=…` cookie pair.
 * @throws Error when the answer is not a redirect with a session cookie.
 */
export async function signIn(server: AppServer, account: { email: string; password: string }): Promise<string> {
  let response = await formPost(server, "/login", { ...account, returnTo: "/dashboard" });
  for (let retry = 0; retry < 5 && response.status === 503; retry += 1) {
    await new Promise((resolve) => setTimeout(resolve, Number(response.headers["retry-after"] ?? 1) * 1000));
    response = await formPost(server, "/login", { ...account, returnTo: "/dashboard" });
  }
  const cookie = cookiePair(response, "__session");
  if (response.status !== 302 || !cookie) throw new Error(`Sign-in of ${account.email} failed with ${response.status}: ${response.body.slice(0, 300)}`);
  return cookie;
}

/**
 * Creates an account through `POST /signup` (a 7-day Pro trial; sign-up starts
 * no session, whatever the address) and signs it in through `POST /login`.
 * @returns the `__session=…` cookie pair of the new account.
 * @throws Error when the signup or the sign-in is refused.
 */
export async function signUp(
  server: AppServer,
  account: { email: string; password: string; firstName: string; lastName: string },
): Promise<string> {
  const response = await formPost(server, "/signup", { ...account, acceptTerms: "on", returnTo: "/dashboard" });
  if (response.status !== 302 || !response.headers.location?.startsWith("/signup?sent=1")) {
    throw new Error(`Signup of ${account.email} failed with ${response.status}: ${response.body.slice(0, 300)}`);
  }
  return signIn(server, account);
}

/**
 * The signed-in user behind a session cookie, from `GET /api/auth/user`.
 * @returns `{id, email, role}`.
 * @throws Error when the cookie is not signed in.
 */
export async function whoAmI(server: AppServer, cookie: string): Promise<{ id: number; email: string; role: string }> {
  const response = await send(server, { path: "/api/auth/user", headers: { Cookie: cookie } });
  if (response.status !== 200) throw new Error(`GET /api/auth/user answered ${response.status}`);
  return JSON.parse(response.body) as { id: number; email: string; role: string };
}

let boundDatabase: string | undefined;

/**
 * The app's own models, bound to a server's database file (before or while it runs), for setup work a
 * browser cannot do cheaply (a fresh session per fuzz case, API keys). The
 * app opens one connection per process, so a process can bind to one file only.
 * @throws Error when this process is already bound to another database file.
 */
export async function appModels(server: Pick<AppServer, "databasePath">) {
  if (boundDatabase !== undefined && boundDatabase !== server.databasePath) {
    throw new Error(`This process already uses ${boundDatabase}; the app keeps one database connection per process`);
  }
  boundDatabase = server.databasePath;
  process.env.DATABASE_PATH = server.databasePath;
  process.env.SESSION_SECRET = HARNESS_SESSION_SECRET;
  const [{ generateApiKey }, { createSession }, { getSessionCookie }] = await Promise.all([
    import("../app/models/api-keys.server"),
    import("../app/models/sessions.server"),
    import("../app/services/cookies.server"),
  ]);
  return {
    /** A new API key of `userId` (the key itself, `fxt_…`). */
    createApiKey: (userId: number): string => generateApiKey(userId).key,
    /** The `__session=…` cookie pair of a new session of `userId`. */
    async sessionCookie(userId: number): Promise<string> {
      const { id } = createSession(userId, "harness");
      return (await getSessionCookie().serialize(id)).split(";")[0]!;
    },
  };
}
