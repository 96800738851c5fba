/**
 * The one write guard of a LiteFS cluster, in front of every page action and
 * /api route (docs/decisions/0066-writes-on-the-litefs-primary.md and
 * 0067-read-your-writes-on-replicas.md):
 *   - on a replica, a request that writes (any method but GET, HEAD and
 *     OPTIONS, and the GETs in PRIMARY_ONLY_GET_PATHS; the calculator POSTs
 *     of COMPUTE_ONLY_POST_PATHS excepted) is never run: on Fly it
 *     is answered `409` with `fly-replay: instance=<primary>`, which makes Fly's
 *     proxy replay it on the primary; elsewhere with a 409 problem naming the primary;
 *   - on the primary, the answer to a write sets litefs-js's TXID cookie
 *     (`txnum`) to the replication position the write reached;
 *   - on a replica, a GET carrying that cookie waits (bounded) until the
 *     local copy has reached that position, then is served and the cookie
 *     cleared; past the wait it is replayed on the primary (Fly) or answered
 *     503 with Retry-After, never served from the stale copy.
 * Without LiteFS (no LITEFS_DIR) the server does not install it.
 */
import type { ServerResponse } from "node:http";
import { matchRoutes } from "@remix-run/react";
import type { Request, RequestHandler, Response } from "express";
import { getTxSetCookieHeader, TXID_NUM_COOKIE_NAME } from "litefs-js";
import type { LiteFsMount } from "../app/platform/litefs.server";
import type { ServerRuntime } from "./runtime";

/** Methods that never write; every other method is sent to the primary. */
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** GET routes that write all the same (the OAuth callback signs the user in), so they run on the primary only. */
export const PRIMARY_ONLY_GET_PATHS: readonly string[] = ["/api/callback"];

/**
 * POST routes that compute and write nothing (the calculators: /tools and
 * its JSON twins), served by whichever instance receives them
 * (docs/decisions/0073-calculator-posts-on-replicas.md).
 */
export const COMPUTE_ONLY_POST_PATHS: readonly string[] = ["/tools", "/api/calculators/position-size", "/api/calculators/risk-of-ruin"];

/** Time between two reads of the replication position while a request waits, ms. */
const TX_POLL_MS = 25;

export interface ReplicaGuardOptions {
  mount: LiteFsMount;
  /** True on Fly.io (FLY_APP_NAME set): refused requests carry `fly-replay` so Fly's proxy replays them on the primary. */
  flyReplay: boolean;
  /** Longest wait for the local copy to reach a client's TXID cookie, ms. */
  txWaitMs: number;
  /** Whether the TXID cookie is marked Secure (APP_URL is https). */
  secureCookie: boolean;
  /** The app's LiteFS readers (`serverRuntime.litefs`). */
  litefs: Pick<ServerRuntime["litefs"], "instanceInfo" | "readTxNumber">;
}

const PRIMARY_ONLY_GET_ROUTES = PRIMARY_ONLY_GET_PATHS.map((path) => ({ path }));
const COMPUTE_ONLY_POST_ROUTES = COMPUTE_ONLY_POST_PATHS.map((path) => ({ path }));

/**
 * Whether `path` names one of `routes` as Remix's router reads it, with the
 * router's own matcher (`matchRoutes`): %-escapes decoded, letter case and a
 * trailing slash ignored, so `/API/Callback/` and `/api/%63allback` are
 * `/api/callback` here as they are to the app.
 */
function matchesRoute(routes: { path: string }[], path: string): boolean {
  return (matchRoutes(routes, path)?.length ?? 0) > 0;
}

/** True when `req` must run on the primary: it may write. */
export function mustRunOnPrimary(req: Pick<Request, "method" | "path">): boolean {
  if (READ_METHODS.has(req.method)) return matchesRoute(PRIMARY_ONLY_GET_ROUTES, req.path);
  return !(req.method === "POST" && matchesRoute(COMPUTE_ONLY_POST_ROUTES, req.path));
}

/** The TXID the client's `txnum` cookie asks for, or null without a valid one. */
function cookieTxNumber(req: Request): number | null {
  const header = req.headers.cookie ?? "";
  for (const part of header.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name !== TXID_NUM_COOKIE_NAME || value === undefined) continue;
    const txid = Number(value);
    return Number.isSafeInteger(txid) && txid > 0 ? txid : null;
  }
  return null;
}

/** Answers a refused request with an RFC 9457 problem, without reading its body. */
function problem(res: Response, status: number, title: string, detail: string, extra: Record<string, unknown>): void {
  res.setHeader("Connection", "close");
  res.status(status).type("application/problem+json").send(JSON.stringify({ type: "about:blank", title, status, detail, ...extra }));
}

/** Sends `req` to the primary: Fly's replay header, else a 409 problem naming it. */
function toPrimary(res: Response, primaryInstance: string, flyReplay: boolean): void {
  if (flyReplay) {
    res.setHeader("fly-replay", `instance=${primaryInstance}`);
    res.setHeader("Connection", "close");
    res.status(409).type("text/plain").send(`Replayed on the primary instance ${primaryInstance}`);
    return;
  }
  problem(
    res,
    409,
    "Writes go to the primary",
    `This instance is a read-only replica; send the request to the primary instance ${primaryInstance}.`,
    { primaryInstance },
  );
}

/** Appends `cookie` to the response's Set-Cookie headers. */
function appendCookie(res: ServerResponse, cookie: string): void {
  const current = res.getHeader("Set-Cookie");
  const list = current === undefined ? [] : Array.isArray(current) ? current : [String(current)];
  res.setHeader("Set-Cookie", [...list, cookie]);
}

/** Just before the primary writes the status line of a write's answer, sets the TXID cookie to the position the write reached. */
function setTxCookieOnAnswer(res: Response, options: ReplicaGuardOptions): void {
  const response: ServerResponse = res;
  const writeHead = response.writeHead as (...args: unknown[]) => ServerResponse;
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const txid = options.litefs.readTxNumber(options.mount);
    if (txid > 0) appendCookie(this, getTxSetCookieHeader(txid, { secure: options.secureCookie }));
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}

const clearTxCookie = (options: ReplicaGuardOptions) => getTxSetCookieHeader(0, { expires: new Date(0), secure: options.secureCookie });

/** Resolves true once the local copy reaches `txid`, false after `waitMs`. */
async function waitForTx(options: ReplicaGuardOptions, txid: number, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (options.litefs.readTxNumber(options.mount) >= txid) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, TX_POLL_MS));
  }
}

/**
 * The write guard and read-your-writes middleware (see the file comment).
 * Reads `.primary` on every request: with a Consul lease the primary moves.
 */
export function replicaGuard(options: ReplicaGuardOptions): RequestHandler {
  return async (req, res, next) => {
    const { primaryInstance, currentIsPrimary } = options.litefs.instanceInfo(options.mount);
    const writes = mustRunOnPrimary(req);
    if (currentIsPrimary) {
      if (writes) setTxCookieOnAnswer(res, options);
      else if (cookieTxNumber(req) !== null) appendCookie(res, clearTxCookie(options));
      return next();
    }
    if (writes) return toPrimary(res, primaryInstance, options.flyReplay);
    const txid = cookieTxNumber(req);
    if (txid === null) return next();
    if (await waitForTx(options, txid, options.txWaitMs)) {
      appendCookie(res, clearTxCookie(options));
      return next();
    }
    if (options.flyReplay) return toPrimary(res, primaryInstance, true);
    res.setHeader("Retry-After", "1");
    problem(
      res,
      503,
      "Not replicated yet",
      `This replica has not yet received your latest change (transaction ${txid}); try again in a moment, or ask the primary instance ${primaryInstance}.`,
      { primaryInstance },
    );
  };
}
