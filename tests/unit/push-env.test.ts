/**
 * The Web Push variables of app/platform/env.server.ts: all three or none,
 * each in the form `npx web-push generate-vapid-keys` prints, and
 * `vapidConfig` null until they are set.
 */
import webpush from "web-push";
import { afterEach, describe, expect, it, vi } from "vitest";

const keys = webpush.generateVAPIDKeys();
const ALL = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: "mailto:ops@fx.example" };

async function load(vars: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries({ VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined, VAPID_SUBJECT: undefined, ...vars })) vi.stubEnv(name, value);
  vi.resetModules();
  const module = await import("~/platform/env.server");
  try {
    return { config: module.vapidConfig(module.getEnv()), error: null };
  } catch (error) {
    return { config: null, error: (error as Error).message };
  }
}

describe("VAPID variables", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("push is off without them and on with all three", async () => {
    expect(await load({})).toEqual({ config: null, error: null });
    expect(await load(ALL)).toEqual({ config: { publicKey: keys.publicKey, privateKey: keys.privateKey, subject: "mailto:ops@fx.example" }, error: null });
  });

  it("refuses a partial or malformed set, naming the variable", async () => {
    expect((await load({ VAPID_PUBLIC_KEY: keys.publicKey })).error).toMatch(/VAPID_PUBLIC_KEY: set all of VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT/);
    expect((await load({ ...ALL, VAPID_PRIVATE_KEY: "short" })).error).toMatch(/VAPID_PRIVATE_KEY: VAPID_PRIVATE_KEY must be the base64url private key/);
    expect((await load({ ...ALL, VAPID_SUBJECT: "ops@fx.example" })).error).toMatch(/VAPID_SUBJECT: VAPID_SUBJECT must be a mailto: address or an https:\/\/ URL/);
  });
});
