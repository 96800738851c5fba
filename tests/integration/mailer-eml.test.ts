/**
 * Without SMTP_URL (the embedded default) messages are written as .eml files
 * in the `mail` folder beside the database; unsubscribe tokens are signed.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mailFolder, sendMail, unsubscribeToken, verifyUnsubscribeToken } from "~/services/mailer.server";

describe("the .eml fallback", () => {
  it("writes the message, with its one-click unsubscribe headers, to data/mail beside the database", async () => {
    delete process.env.SMTP_URL;
    const receipt = await sendMail({ to: "tia@example.com", subject: "Hello", text: "Plain body", html: "<p>HTML body</p>", unsubscribeUrl: "https://fx.example/unsubscribe?token=1.x" });
    expect(receipt.statusCode).toBe(250);
    expect(mailFolder()).toBe(join(process.env.DATABASE_PATH!, "..", "mail"));
    const files = readdirSync(mailFolder()).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const raw = readFileSync(join(mailFolder(), files[0]!), "utf8");
    expect(raw).toMatch(/^To: tia@example.com$/m);
    expect(raw).toMatch(/^List-Unsubscribe: <https:\/\/fx.example\/unsubscribe\?token=1.x>$/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(raw).toContain("Plain body");
  });
});

describe("unsubscribe tokens", () => {
  it("verify only when the signature matches the user id", () => {
    const token = unsubscribeToken(42);
    expect(verifyUnsubscribeToken(token)).toBe(42);
    expect(verifyUnsubscribeToken(token.replace(/^42/, "43"))).toBeNull();
    expect(verifyUnsubscribeToken("42.short")).toBeNull();
    expect(verifyUnsubscribeToken(null)).toBeNull();
  });
});
