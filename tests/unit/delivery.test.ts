/**
 * app/domain/delivery.ts (recipients, retry schedule, endpoint limits, blocked
 * addresses) and the delivery variables of app/platform/env.server.ts.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { isBlockedAddress, webhookUrlProblem } from "~/domain/webhook-address";
import {
  chooseDeliveries,
  deliveryEventType,
  MAX_ATTEMPTS,
  isTelegramStop,
  retryDelay,
  shouldDisableEndpoint,
  telegramDeepLink,
  telegramStartCode,
  type DeliveryRecipient,
} from "~/domain/delivery";

const NOW = new Date("2026-11-23T12:00:00Z");
const LIVE = { plan: "institutional" as const, status: "ACTIVE" as const, endDate: new Date("2026-12-20T00:00:00Z"), cancelAtPeriodEnd: false, pendingPlan: null };

function recipient(overrides: Partial<DeliveryRecipient> & { userId: number }): DeliveryRecipient {
  return { role: "user", subscription: LIVE, chosenStrategyIds: [1], emailAlerts: true, newsBlackout: false, webhooks: [], telegramAlerts: false, telegramLinked: false, pushAlerts: false, pushSubscriptionIds: [], ...overrides };
}

describe("chooseDeliveries", () => {
  const choose = (recipients: DeliveryRecipient[], eventType: "published" | "closed" = "published") =>
    chooseDeliveries({ eventType, strategyId: 1, recipients, allStrategyIds: [1, 2, 3], now: NOW });

  it("gives an entitled follower email and each endpoint that wants the event type", () => {
    const jobs = choose([
      recipient({ userId: 7, webhooks: [{ id: 70, eventTypes: ["signal.published"] }, { id: 71, eventTypes: ["signal.closed"] }] }),
    ]);
    expect(jobs).toEqual([
      { userId: 7, channel: "email", targetId: 0 },
      { userId: 7, channel: "webhook", targetId: 70 },
    ]);
  });

  it("gives nothing to a follower without a live subscription, or beyond the plan's strategy limit", () => {
    const hooks = [{ id: 1, eventTypes: ["signal.published", "signal.closed"] }];
    expect(choose([recipient({ userId: 1, subscription: { ...LIVE, status: "EXPIRED" }, webhooks: hooks })])).toEqual([]);
    expect(choose([recipient({ userId: 2, subscription: { ...LIVE, endDate: new Date("2026-11-01T00:00:00Z"), cancelAtPeriodEnd: true }, webhooks: hooks })])).toEqual([]);
    expect(choose([recipient({ userId: 3, subscription: null, webhooks: hooks })], "closed")).toEqual([]);
    expect(choose([recipient({ userId: 4, subscription: { ...LIVE, plan: "starter" }, chosenStrategyIds: [2, 1], webhooks: hooks })])).toEqual([]);
  });

  it("respects the email toggle", () => {
    expect(choose([recipient({ userId: 5, emailAlerts: false })])).toEqual([]);
  });
});

describe("Telegram", () => {
  const choose = (recipients: DeliveryRecipient[]) => chooseDeliveries({ eventType: "published", strategyId: 1, recipients, allStrategyIds: [1], now: NOW });

  it("sends to a linked chat only when the Telegram toggle is on, and never to a follower who is not entitled", () => {
    expect(choose([recipient({ userId: 8, emailAlerts: false, telegramAlerts: true, telegramLinked: true })])).toEqual([{ userId: 8, channel: "telegram", targetId: 0 }]);
    expect(choose([recipient({ userId: 9, emailAlerts: false, telegramAlerts: true, telegramLinked: false })])).toEqual([]);
    expect(choose([recipient({ userId: 10, emailAlerts: false, telegramAlerts: false, telegramLinked: true })])).toEqual([]);
    expect(choose([recipient({ userId: 11, subscription: null, telegramAlerts: true, telegramLinked: true })])).toEqual([]);
  });

  it("reads /start <code> and /stop, with or without the bot's name", () => {
    expect(telegramStartCode("/start abc_DEF-123")).toBe("abc_DEF-123");
    expect(telegramStartCode("/start@FxTraderBot abc")).toBe("abc");
    expect(telegramStartCode("/start")).toBeNull();
    expect(telegramStartCode("/start a b")).toBeNull();
    expect(telegramStartCode("hello /start abc")).toBeNull();
    expect(isTelegramStop("/stop")).toBe(true);
    expect(isTelegramStop("/stop@FxTraderBot")).toBe(true);
    expect(isTelegramStop("/stopnow")).toBe(false);
    expect(telegramDeepLink("FxTraderBot", "abc")).toBe("https://t.me/FxTraderBot?start=abc");
  });
});

describe("retries", () => {
  it("waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then the job is dead after 8 attempts", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelay)).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(retryDelay(8)).toBeNull();
    expect(MAX_ATTEMPTS).toBe(8);
  });

  it("disables an endpoint once it has failed for 5 days", () => {
    expect(shouldDisableEndpoint(null, NOW)).toBe(false);
    expect(shouldDisableEndpoint(new Date(NOW.getTime() - 5 * 86_400_000 + 1), NOW)).toBe(false);
    expect(shouldDisableEndpoint(new Date(NOW.getTime() - 5 * 86_400_000), NOW)).toBe(true);
  });

  it("names event types signal.<ledger type>", () => {
    expect(deliveryEventType("partially_closed")).toBe("signal.partially_closed");
  });
});

describe("blocked addresses", () => {
  it.each(["127.0.0.1", "10.0.0.1", "172.16.5.4", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "::", "fe80::1", "fd12::1", "::ffff:10.0.0.1", "::ffff:7f00:1", "not-an-ip"])("%s is blocked", (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(["93.184.215.14", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("%s is public", (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });

  it.each([
    ["::127.0.0.1", "IPv4-compatible loopback"],
    ["::7f00:1", "IPv4-compatible loopback, in hex"],
    ["::10.1.2.3", "IPv4-compatible private"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:0:127.0.0.1", "SIIT (RFC 6145) loopback"],
    ["::ffff:0:a9fe:a9fe", "SIIT link-local (cloud metadata)"],
    ["64:ff9b::127.0.0.1", "NAT64 loopback"],
    ["64:ff9b::a00:1", "NAT64 private"],
    ["64:ff9b:1::8.8.8.8", "NAT64 for local use"],
    ["2002:7f00:1::", "6to4 of 127.0.0.1"],
    ["2002:c0a8:101::1", "6to4 of 192.168.1.1"],
    ["2002:a9fe:a9fe::", "6to4 of 169.254.169.254"],
    ["2001:0:4136:e378:8000:63bf:80ff:fffe", "Teredo, client 127.0.0.1"],
    ["2001:0:7f00:1:8000:63bf:3fff:fdd2", "Teredo, server 127.0.0.1"],
    ["fe80::1%eth0", "link-local with a zone"],
    ["2001:db8::1", "documentation"],
    ["0x7f.0.0.1", "IPv4 in hex"],
    ["0177.0.0.1", "IPv4 in octal"],
    ["2130706433", "IPv4 as one number"],
  ])("%s (%s) is blocked", (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each([
    ["::8.8.8.8", "IPv4-compatible public"],
    ["64:ff9b::808:808", "NAT64 of 8.8.8.8"],
    ["2002:808:808::1", "6to4 of 8.8.8.8"],
    ["2001:0:4136:e378:8000:63bf:f7f7:f7f7", "Teredo, public server and client 8.8.8.8"],
  ])("%s (%s) is judged by its public IPv4 address", (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });

  it.each(["https://[::127.0.0.1]/", "https://[2002:7f00:1::]/", "https://[::ffff:127.0.0.1]/x", "https://[64:ff9b::7f00:1]/", "https://0x7f000001/"])(
    "the webhook URL %s is refused at registration",
    (url) => {
      expect(webhookUrlProblem(url, false)).toMatch(/private network/);
    },
  );

  it("refuses http, credentials and local names unless private targets are allowed", () => {
    expect(webhookUrlProblem("http://example.com/x", false)).toMatch(/https/);
    expect(webhookUrlProblem("https://user:pw@example.com/x", false)).toMatch(/password/);
    expect(webhookUrlProblem("https://api.localhost/x", false)).toMatch(/private/);
    expect(webhookUrlProblem("not a url", false)).toMatch(/absolute URL/);
    expect(webhookUrlProblem("https://example.com/x", false)).toBeNull();
    expect(webhookUrlProblem("http://127.0.0.1:8080/x", true)).toBeNull();
    expect(webhookUrlProblem("ftp://127.0.0.1/x", true)).toMatch(/https/);
  });
});

describe("delivery variables", () => {
  afterEach(() => vi.unstubAllEnvs());

  async function env(vars: Record<string, string | undefined>) {
    for (const [name, value] of Object.entries({
      SMTP_URL: undefined,
      MAIL_FROM: undefined,
      WEBHOOK_ALLOW_PRIVATE: undefined,
      DELIVERY_WORKER: undefined,
      TELEGRAM_BOT_TOKEN: undefined,
      TELEGRAM_API_ROOT: undefined,
      TELEGRAM_WEBHOOK_SECRET: undefined,
      ...vars,
    })) vi.stubEnv(name, value);
    vi.resetModules();
    const { getEnv } = await import("~/platform/env.server");
    try {
      return getEnv();
    } catch (error) {
      return (error as Error).message;
    }
  }

  it("defaults: no SMTP, a local sender, private targets refused, the worker inline", async () => {
    const defaults = await env({});
    expect(typeof defaults === "object" && defaults.SMTP_URL).toBeUndefined();
    expect(defaults).toMatchObject({ MAIL_FROM: "FX Trader <signals@localhost>", WEBHOOK_ALLOW_PRIVATE: false, DELIVERY_WORKER: "inline" });
    expect(await env({ WEBHOOK_ALLOW_PRIVATE: "1", DELIVERY_WORKER: "off", SMTP_URL: "smtps://u:p@mail.example.com:465" })).toMatchObject({
      WEBHOOK_ALLOW_PRIVATE: true,
      DELIVERY_WORKER: "off",
      SMTP_URL: "smtps://u:p@mail.example.com:465",
    });
  });

  it("names each invalid variable", async () => {
    expect(await env({ SMTP_URL: "http://mail.example.com" })).toMatch(/SMTP_URL: SMTP_URL must start with smtp:\/\/ or smtps:\/\//);
    expect(await env({ MAIL_FROM: "nobody" })).toMatch(/MAIL_FROM: MAIL_FROM must be an address/);
    expect(await env({ WEBHOOK_ALLOW_PRIVATE: "yes" })).toMatch(/WEBHOOK_ALLOW_PRIVATE: WEBHOOK_ALLOW_PRIVATE must be 1/);
    expect(await env({ DELIVERY_WORKER: "sometimes" })).toMatch(/DELIVERY_WORKER: DELIVERY_WORKER must be inline/);
  });

  it("Telegram: off without a token; a token needs a webhook secret; the API root defaults to Telegram's", async () => {
    const { telegramConfig } = await import("~/platform/env.server");
    const off = await env({});
    expect(typeof off === "object" && telegramConfig(off)).toBeNull();
    const token = "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    expect(await env({ TELEGRAM_BOT_TOKEN: token })).toMatch(/TELEGRAM_WEBHOOK_SECRET: TELEGRAM_WEBHOOK_SECRET is required/);
    expect(await env({ TELEGRAM_BOT_TOKEN: "not-a-token", TELEGRAM_WEBHOOK_SECRET: "s".repeat(20) })).toMatch(/TELEGRAM_BOT_TOKEN: TELEGRAM_BOT_TOKEN must be a bot token/);
    expect(await env({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_WEBHOOK_SECRET: "short" })).toMatch(/TELEGRAM_WEBHOOK_SECRET: TELEGRAM_WEBHOOK_SECRET must be 16 to 256/);
    expect(await env({ TELEGRAM_API_ROOT: "ftp://bots.example" })).toMatch(/TELEGRAM_API_ROOT: TELEGRAM_API_ROOT must start with http/);
    const on = await env({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_WEBHOOK_SECRET: "s".repeat(20), TELEGRAM_API_ROOT: "http://127.0.0.1:8081/" });
    expect(typeof on === "object" && telegramConfig(on)).toEqual({ token, apiRoot: "http://127.0.0.1:8081", webhookSecret: "s".repeat(20) });
    expect(await env({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_WEBHOOK_SECRET: "s".repeat(20) })).toMatchObject({ TELEGRAM_API_ROOT: "https://api.telegram.org" });
  });
});
