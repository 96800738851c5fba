/**
 * The /docs/api guide's TypeScript webhook verifier, run as a reader would
 * paste it, accepts what the webhook channel signs (both secrets during a
 * rotation) and refuses a changed body, a foreign secret and a stale time.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GETTING_STARTED } from "~/content/docs";
import { signatureHeader } from "~/services/channels/webhook.server";

type Verify = (secret: string, headers: Headers, body: string, now?: number) => boolean;

const SECRET = `whsec_${Buffer.from("a 32-byte secret for this test!!").toString("base64")}`;
const OLD_SECRET = `whsec_${Buffer.from("the secret before the rotation!!").toString("base64")}`;
const OTHER = `whsec_${Buffer.from("somebody else's secret, 32 bytes").toString("base64")}`;
const AT = new Date("2026-11-23T10:00:00.000Z");
const BODY = JSON.stringify({ type: "signal.published", timestamp: AT.toISOString(), data: { eventId: "evt_1", seq: 1 } });

let directory: string;
let verifyWebhook: Verify;

beforeAll(async () => {
  const example = GETTING_STARTED.sections.find((s) => s.id === "webhooks")!.examples.find((e) => e.language === "typescript")!;
  directory = mkdtempSync(join(tmpdir(), "fxt-docs-"));
  const file = join(directory, "verify.ts");
  writeFileSync(file, example.code);
  ({ verifyWebhook } = (await import(/* @vite-ignore */ file)) as { verifyWebhook: Verify });
});

afterAll(() => rmSync(directory, { recursive: true, force: true }));

function headers(secrets: string[], body = BODY): Headers {
  return new Headers({
    "webhook-id": "msg_1",
    "webhook-timestamp": String(Math.floor(AT.getTime() / 1000)),
    "webhook-signature": signatureHeader(secrets, "msg_1", AT, body),
  });
}

describe("the guide's TypeScript webhook verifier", () => {
  it("accepts a delivery signed by the channel, also with two signatures during a rotation", () => {
    expect(verifyWebhook(SECRET, headers([SECRET]), BODY, AT.getTime())).toBe(true);
    expect(verifyWebhook(SECRET, headers([SECRET, OLD_SECRET]), BODY, AT.getTime())).toBe(true);
    expect(verifyWebhook(OLD_SECRET, headers([SECRET, OLD_SECRET]), BODY, AT.getTime())).toBe(true);
  });

  it("refuses a changed body, another secret, and a timestamp over 5 minutes off", () => {
    expect(verifyWebhook(SECRET, headers([SECRET]), BODY.replace("evt_1", "evt_2"), AT.getTime())).toBe(false);
    expect(verifyWebhook(OTHER, headers([SECRET]), BODY, AT.getTime())).toBe(false);
    expect(verifyWebhook(SECRET, headers([SECRET]), BODY, AT.getTime() + 301_000)).toBe(false);
  });
});
