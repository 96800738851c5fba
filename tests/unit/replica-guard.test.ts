/**
 * server/replicas.ts on its own, in front of a handler that records what
 * reached it: the Fly replay answers (FLY_APP_NAME set), which the
 * two-server test (tests/integration/replicas.test.ts) does not run, and the
 * TXID cookie of the primary.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { instanceInfo, readTxNumber } from "~/platform/litefs.server";
import { mustRunOnPrimary, replicaGuard } from "../../server/replicas";

const DB_FILE = "fx-trader.db";
let dir: string;
let server: Server;
let base: string;
let reached: string[] = [];

const writePos = (txid: number) => writeFileSync(join(dir, `${DB_FILE}-pos`), `${txid.toString(16).padStart(16, "0")}/${"0".repeat(16)}`);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "fx-trader-litefs-"));
  const app = express();
  app.use(replicaGuard({ mount: { dir, databaseFilename: DB_FILE }, flyReplay: true, txWaitMs: 150, secureCookie: true, litefs: { instanceInfo, readTxNumber } }));
  app.all("*", (req, res) => {
    reached.push(`${req.method} ${req.path}`);
    res.status(200).send("ok");
  });
  server = createServer(app).listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  reached = [];
  rmSync(join(dir, ".primary"), { force: true });
});

afterAll(async () => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("mustRunOnPrimary", () => {
  it("sends every method but GET, HEAD and OPTIONS, and the OAuth callback, to the primary", () => {
    expect(["POST", "PUT", "PATCH", "DELETE"].map((method) => mustRunOnPrimary({ method, path: "/api/webhooks" }))).toEqual([true, true, true, true]);
    expect(["GET", "HEAD", "OPTIONS"].map((method) => mustRunOnPrimary({ method, path: "/api/signals" }))).toEqual([false, false, false]);
    expect(mustRunOnPrimary({ method: "GET", path: "/api/callback" })).toBe(true);
  });

  it("lets the calculator POSTs, which compute and write nothing, run on any instance", () => {
    for (const path of ["/tools", "/api/calculators/position-size", "/api/calculators/risk-of-ruin"]) {
      expect(mustRunOnPrimary({ method: "POST", path })).toBe(false);
      expect(mustRunOnPrimary({ method: "PUT", path })).toBe(true);
    }
    expect(mustRunOnPrimary({ method: "POST", path: "/tools/other" })).toBe(true);
  });

  it.each(["/API/callback", "/api/callback/", "/Api/Callback", "/api/%63allback", "/api/%63%61llback/"])(
    "reads the path as the router does: GET %s is the OAuth callback",
    (path) => {
      expect(mustRunOnPrimary({ method: "GET", path })).toBe(true);
    },
  );

  it("does not take a look-alike for the callback or a calculator", () => {
    expect(mustRunOnPrimary({ method: "GET", path: "/api/callbacks" })).toBe(false);
    expect(mustRunOnPrimary({ method: "GET", path: "/api/callback%2F" })).toBe(false);
    expect(mustRunOnPrimary({ method: "POST", path: "/tools%2Fx" })).toBe(true);
    expect(mustRunOnPrimary({ method: "POST", path: "/TOOLS/" })).toBe(false);
  });
});

describe("on a replica running on Fly", () => {
  it("answers a write with fly-replay naming the primary, without running it", async () => {
    writeFileSync(join(dir, ".primary"), "primary-vm\n");
    const response = await fetch(`${base}/api/admin/signals`, { method: "POST", body: "{}" });
    expect(response.status).toBe(409);
    expect(response.headers.get("fly-replay")).toBe("instance=primary-vm");
    const callback = await fetch(`${base}/api/callback?code=x`);
    expect(callback.headers.get("fly-replay")).toBe("instance=primary-vm");
    for (const spelling of ["/API/callback", "/api/callback/", "/Api/Callback", "/api/%63allback"]) {
      const odd = await fetch(`${base}${spelling}?code=x`);
      expect(odd.status, spelling).toBe(409);
      expect(odd.headers.get("fly-replay"), spelling).toBe("instance=primary-vm");
    }
    expect(reached).toEqual([]);
  });

  it("runs a calculator post itself rather than replaying it", async () => {
    writeFileSync(join(dir, ".primary"), "primary-vm\n");
    const response = await fetch(`${base}/api/calculators/position-size`, { method: "POST", body: "{}" });
    expect(response.status).toBe(200);
    expect(response.headers.get("fly-replay")).toBeNull();
    expect(reached).toEqual(["POST /api/calculators/position-size"]);
  });

  it("serves reads, and replays a read whose TXID cookie it has not reached within the wait", async () => {
    writeFileSync(join(dir, ".primary"), "primary-vm\n");
    writePos(7);
    const plain = await fetch(`${base}/performance`);
    expect(plain.status).toBe(200);
    const behind = await fetch(`${base}/performance`, { headers: { Cookie: "txnum=8" } });
    expect(behind.status).toBe(409);
    expect(behind.headers.get("fly-replay")).toBe("instance=primary-vm");
    const reachedTx = await fetch(`${base}/performance`, { headers: { Cookie: "txnum=7" } });
    expect(reachedTx.status).toBe(200);
    expect(reachedTx.headers.get("set-cookie")).toMatch(/^txnum=0;.*Expires=Thu, 01 Jan 1970/);
    expect(reached).toEqual(["GET /performance", "GET /performance"]);
  });
});

describe("on the primary", () => {
  it("runs writes and tags their answer with the replication position reached (Secure when APP_URL is https)", async () => {
    writePos(42);
    const response = await fetch(`${base}/api/admin/signals`, { method: "POST", body: "{}" });
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toMatch(/^txnum=42; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    const read = await fetch(`${base}/performance`);
    expect(read.headers.get("set-cookie")).toBeNull();
    expect(reached).toEqual(["POST /api/admin/signals", "GET /performance"]);
  });
});
