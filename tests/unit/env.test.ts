/**
 * app/platform/env.server.ts: zod-validated configuration. Each case imports
 * the module afresh (it caches the parsed env) with its own stubbed variables.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const VALID_SECRET = "s".repeat(32);
const ENV_NAMES = [
  "NODE_ENV",
  "PORT",
  "TRUST_PROXY",
  "DATABASE_PATH",
  "SESSION_SECRET",
  "APP_URL",
  "OAUTH_ISSUER",
  "OAUTH_AUTHORIZATION_URL",
  "OAUTH_TOKEN_URL",
  "OAUTH_USERINFO_URL",
  "OAUTH_CLIENT_ID",
  "OAUTH_CLIENT_SECRET",
  "OAUTH_SCOPES",
  "SEED_PASSWORD",
  "LITEFS_DIR",
  "LITEFS_TX_WAIT_MS",
  "FLY_APP_NAME",
  "PAGE_CACHE_MAX_AGE_MS",
];

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "fx-trader-env-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A clean slate: every variable the app reads unset, except a valid secret. */
beforeEach(() => {
  for (const name of ENV_NAMES) vi.stubEnv(name, undefined);
  vi.stubEnv("SESSION_SECRET", VALID_SECRET);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

async function freshEnvModule() {
  vi.resetModules();
  return import("~/platform/env.server");
}

/** The error message getEnv() throws with the current variables. */
async function envError(): Promise<string> {
  const { getEnv } = await freshEnvModule();
  try {
    getEnv();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected getEnv() to throw");
}

describe("getEnv defaults", () => {
  it("PORT 3000, DATABASE_PATH data/fx-trader.db, NODE_ENV development, default scopes", async () => {
    const { getEnv, isOAuthConfigured } = await freshEnvModule();
    const env = getEnv();
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_PATH).toBe("data/fx-trader.db");
    expect(env.NODE_ENV).toBe("development");
    expect(env.OAUTH_SCOPES).toBe("openid email profile");
    expect(env.SESSION_SECRET).toBe(VALID_SECRET);
    expect(env.APP_URL).toBeUndefined();
    expect(isOAuthConfigured()).toBe(false);
  });

  it("reads PORT as a number and treats empty optional strings as unset", async () => {
    vi.stubEnv("PORT", "8080");
    vi.stubEnv("APP_URL", "");
    vi.stubEnv("OAUTH_CLIENT_ID", "");
    const { getEnv, isOAuthConfigured } = await freshEnvModule();
    const env = getEnv();
    expect(env.PORT).toBe(8080);
    expect(env.APP_URL).toBeUndefined();
    expect(isOAuthConfigured(env)).toBe(false);
  });

  it("caches the parsed env: later changes need a restart", async () => {
    vi.stubEnv("PORT", "4000");
    const { getEnv } = await freshEnvModule();
    expect(getEnv().PORT).toBe(4000);
    vi.stubEnv("PORT", "5000");
    expect(getEnv().PORT).toBe(4000);
  });
});

describe("getEnv validation", () => {
  it.each(["abc", "0", "70000", "80.5"])("invalid PORT %s → error naming PORT", async (port) => {
    vi.stubEnv("PORT", port);
    const message = await envError();
    expect(message).toMatch(/Invalid environment configuration/);
    expect(message).toMatch(/\bPORT\b/);
  });

  it("a SESSION_SECRET shorter than 32 characters → error naming SESSION_SECRET", async () => {
    vi.stubEnv("SESSION_SECRET", "s".repeat(31));
    const message = await envError();
    expect(message).toMatch(/SESSION_SECRET/);
    expect(message).toMatch(/32/);
  });

  it("a relative APP_URL → error naming APP_URL", async () => {
    vi.stubEnv("APP_URL", "fx.example.com");
    expect(await envError()).toMatch(/APP_URL/);
  });

  it("lists every invalid variable at once", async () => {
    vi.stubEnv("PORT", "nope");
    vi.stubEnv("SESSION_SECRET", "short");
    const message = await envError();
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/SESSION_SECRET/);
  });

  it("OAUTH_CLIENT_ID without an issuer or endpoints → error naming OAUTH_ISSUER", async () => {
    vi.stubEnv("OAUTH_CLIENT_ID", "client");
    const message = await envError();
    expect(message).toMatch(/OAUTH_ISSUER/);
  });

  it("only some explicit endpoints → error naming OAUTH_ISSUER and the endpoint variables", async () => {
    vi.stubEnv("OAUTH_CLIENT_ID", "client");
    vi.stubEnv("OAUTH_TOKEN_URL", "https://idp.example/token");
    const message = await envError();
    expect(message).toMatch(/OAUTH_ISSUER/);
    expect(message).toMatch(/OAUTH_AUTHORIZATION_URL/);
    expect(message).toMatch(/OAUTH_USERINFO_URL/);
  });

  it("an issuer without OAUTH_CLIENT_ID → error naming OAUTH_CLIENT_ID", async () => {
    vi.stubEnv("OAUTH_ISSUER", "https://idp.example");
    expect(await envError()).toMatch(/OAUTH_CLIENT_ID/);
  });

  it("an OAUTH_ISSUER that is not a URL → error naming OAUTH_ISSUER", async () => {
    vi.stubEnv("OAUTH_CLIENT_ID", "client");
    vi.stubEnv("OAUTH_ISSUER", "idp");
    expect(await envError()).toMatch(/OAUTH_ISSUER/);
  });
});

describe("TRUST_PROXY", () => {
  it("defaults to 0 (no proxy trusted: the socket address is the client), also when empty", async () => {
    expect((await freshEnvModule()).getEnv().TRUST_PROXY).toBe(0);
    vi.stubEnv("TRUST_PROXY", "");
    expect((await freshEnvModule()).getEnv().TRUST_PROXY).toBe(0);
  });

  it.each([
    ["0", 0],
    ["1", 1],
    ["2", 2],
  ])("reads %s as %i hops", async (raw, hops) => {
    vi.stubEnv("TRUST_PROXY", raw);
    expect((await freshEnvModule()).getEnv().TRUST_PROXY).toBe(hops);
  });

  it.each(["true", "yes", "-1", "1.5", "loopback"])("refuses %s with an error naming TRUST_PROXY and what it takes", async (raw) => {
    vi.stubEnv("TRUST_PROXY", raw);
    const message = await envError();
    expect(message).toMatch(/TRUST_PROXY must be the number of reverse proxies in front of the server/);
  });
});

describe("SESSION_SECRET from the file beside the database", () => {
  it("is read (trimmed) from .session-secret next to DATABASE_PATH when the variable is unset", async () => {
    const dir = tempDir();
    const fileSecret = "f".repeat(48);
    writeFileSync(join(dir, ".session-secret"), `${fileSecret}\n`);
    vi.stubEnv("SESSION_SECRET", undefined);
    vi.stubEnv("DATABASE_PATH", join(dir, "app.db"));
    const { getEnv, sessionSecretPath } = await freshEnvModule();
    expect(sessionSecretPath(join(dir, "app.db"))).toBe(join(dir, ".session-secret"));
    expect(getEnv().SESSION_SECRET).toBe(fileSecret);
  });

  it("the variable wins over the file", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, ".session-secret"), "f".repeat(48));
    vi.stubEnv("DATABASE_PATH", join(dir, "app.db"));
    const { getEnv } = await freshEnvModule();
    expect(getEnv().SESSION_SECRET).toBe(VALID_SECRET);
  });

  it("neither variable nor file → error naming SESSION_SECRET", async () => {
    vi.stubEnv("SESSION_SECRET", undefined);
    vi.stubEnv("DATABASE_PATH", join(tempDir(), "app.db"));
    expect(await envError()).toMatch(/SESSION_SECRET/);
  });

  it("an empty SESSION_SECRET variable counts as unset (the file is used)", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, ".session-secret"), "g".repeat(40));
    vi.stubEnv("SESSION_SECRET", "");
    vi.stubEnv("DATABASE_PATH", join(dir, "app.db"));
    const { getEnv } = await freshEnvModule();
    expect(getEnv().SESSION_SECRET).toBe("g".repeat(40));
  });
});

describe("isOAuthConfigured", () => {
  it("false without OAuth variables", async () => {
    const { getEnv, isOAuthConfigured } = await freshEnvModule();
    expect(isOAuthConfigured(getEnv())).toBe(false);
  });

  it("true with a client id and an issuer", async () => {
    vi.stubEnv("OAUTH_CLIENT_ID", "client");
    vi.stubEnv("OAUTH_ISSUER", "https://idp.example");
    const { isOAuthConfigured } = await freshEnvModule();
    expect(isOAuthConfigured()).toBe(true);
  });

  it("true with a client id and all three explicit endpoints", async () => {
    vi.stubEnv("OAUTH_CLIENT_ID", "client");
    vi.stubEnv("OAUTH_AUTHORIZATION_URL", "https://idp.example/authorize");
    vi.stubEnv("OAUTH_TOKEN_URL", "https://idp.example/token");
    vi.stubEnv("OAUTH_USERINFO_URL", "https://idp.example/userinfo");
    const { getEnv, isOAuthConfigured } = await freshEnvModule();
    expect(isOAuthConfigured(getEnv())).toBe(true);
  });
});

describe("SESSION_SECRET file strength", () => {
  it("a secret file shorter than 32 characters is rejected like a short variable (error naming SESSION_SECRET)", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, ".session-secret"), "too-short\n");
    vi.stubEnv("SESSION_SECRET", undefined);
    vi.stubEnv("DATABASE_PATH", join(dir, "app.db"));
    const message = await envError();
    expect(message).toMatch(/SESSION_SECRET/);
    expect(message).toMatch(/32/);
  });
});

describe("LiteFS (LITEFS_DIR)", () => {
  it("accepts a database directly in the mount with a shared secret, and waits 1 s for replication by default", async () => {
    vi.stubEnv("LITEFS_DIR", "/litefs");
    vi.stubEnv("DATABASE_PATH", "/litefs/fx-trader.db");
    const { getEnv } = await freshEnvModule();
    expect(getEnv()).toMatchObject({ LITEFS_DIR: "/litefs", LITEFS_TX_WAIT_MS: 1_000 });
  });

  it("refuses a database outside the mount, naming DATABASE_PATH and the mount", async () => {
    vi.stubEnv("LITEFS_DIR", "/litefs");
    vi.stubEnv("DATABASE_PATH", "/data/fx-trader.db");
    expect(await envError()).toMatch(/DATABASE_PATH: DATABASE_PATH must name a file directly in LITEFS_DIR \(\/litefs\)/);
  });

  it("requires SESSION_SECRET, which every instance must share", async () => {
    vi.stubEnv("LITEFS_DIR", "/litefs");
    vi.stubEnv("DATABASE_PATH", "/litefs/fx-trader.db");
    vi.stubEnv("SESSION_SECRET", undefined);
    expect(await envError()).toMatch(/SESSION_SECRET: SESSION_SECRET is required when LITEFS_DIR is set/);
  });

  it("refuses a replication wait that is not 0 to 10000 ms", async () => {
    vi.stubEnv("LITEFS_TX_WAIT_MS", "60000");
    expect(await envError()).toMatch(/LITEFS_TX_WAIT_MS: LITEFS_TX_WAIT_MS must be a number of milliseconds from 0 to 10000/);
  });
});

describe("PAGE_CACHE_MAX_AGE_MS", () => {
  it("is 5000 ms unless set; 0 turns the page cache off", async () => {
    expect((await freshEnvModule()).getEnv().PAGE_CACHE_MAX_AGE_MS).toBe(5_000);
    vi.stubEnv("PAGE_CACHE_MAX_AGE_MS", "0");
    expect((await freshEnvModule()).getEnv().PAGE_CACHE_MAX_AGE_MS).toBe(0);
  });

  it("refuses a maximum age that is not 0 to 60000 ms", async () => {
    vi.stubEnv("PAGE_CACHE_MAX_AGE_MS", "120000");
    expect(await envError()).toMatch(/PAGE_CACHE_MAX_AGE_MS: PAGE_CACHE_MAX_AGE_MS must be a number of milliseconds from 0 to 60000/);
  });
});
