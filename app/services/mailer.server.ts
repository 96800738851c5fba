/**
 * Outgoing email (docs/decisions/0046-email-and-live-feed.md): nodemailer over
 * SMTP_URL (pooled), from MAIL_FROM; without SMTP_URL every message is written
 * as an `.eml` file in the `mail` folder beside the database (data/mail/ by
 * default), so a fresh machine "sends" with nothing to set up. Also the
 * signed one-click unsubscribe tokens (RFC 8058) the messages link to.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { appOrigin } from "~/services/auth.server";
import { getEnv } from "~/platform/env.server";

/** One message to send. `unsubscribeUrl` adds List-Unsubscribe and List-Unsubscribe-Post (one-click). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  unsubscribeUrl?: string;
  /** Extra headers, e.g. a stable Message-ID seed. */
  headers?: Record<string, string>;
}

/** What the transport answered: the SMTP reply code and text (250 for a written file). */
export interface MailReceipt {
  messageId: string;
  statusCode: number;
  response: string;
}

/** The folder `.eml` files are written to when SMTP_URL is not set: `mail/` beside the database file. */
export function mailFolder(): string {
  return join(dirname(resolve(getEnv().DATABASE_PATH)), "mail");
}

let transporter: Transporter | undefined;

function getTransporter(): Transporter {
  const url = getEnv().SMTP_URL;
  transporter ??= url
    ? nodemailer.createTransport(`${url}${url.includes("?") ? "&" : "?"}pool=true&maxConnections=5&maxMessages=1000`)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return transporter;
}

/** Closes the SMTP pool (the worker calls it when it stops). */
export function closeMailer(): void {
  transporter?.close();
  transporter = undefined;
}

/** The first line of an SMTP reply ("250 2.0.0 OK ...") as a code, or 250 when none came. */
function replyCode(response: string | undefined): number {
  const code = Number(/^(\d{3})/.exec(response ?? "")?.[1]);
  return Number.isInteger(code) && code > 0 ? code : 250;
}

/**
 * Sends `mail` from MAIL_FROM, or writes it to `mailFolder()` as
 * `<time>-<message id>.eml` when SMTP_URL is not set.
 * @returns the message id and the server's reply.
 * @throws the transport's error (connection refused, rejected recipient, ...).
 */
export async function sendMail(mail: OutgoingMail): Promise<MailReceipt> {
  const headers: Record<string, string> = { ...mail.headers };
  if (mail.unsubscribeUrl) headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  const info = (await getTransporter().sendMail({
    from: getEnv().MAIL_FROM,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers,
    list: mail.unsubscribeUrl ? { unsubscribe: mail.unsubscribeUrl } : undefined,
  })) as { messageId: string; response?: string; message?: Buffer };
  if (info.message) {
    const folder = mailFolder();
    mkdirSync(folder, { recursive: true });
    const name = `${Date.now()}-${info.messageId.replace(/[^A-Za-z0-9.-]/g, "_")}.eml`;
    writeFileSync(join(folder, name), info.message);
    return { messageId: info.messageId, statusCode: 250, response: `written to ${join(folder, name)}` };
  }
  return { messageId: info.messageId, statusCode: replyCode(info.response), response: info.response ?? "" };
}

// ---------------------------------------------------------------------------
// One-click unsubscribe tokens

function tokenMac(userId: number): string {
  return createHmac("sha256", getEnv().SESSION_SECRET).update(`unsubscribe:${userId}`).digest("base64url");
}

/** A token naming `userId` for the unsubscribe route: `<userId>.<HMAC-SHA256 of it under SESSION_SECRET>`. */
export function unsubscribeToken(userId: number): string {
  return `${userId}.${tokenMac(userId)}`;
}

/**
 * The user id a token names when its signature is valid.
 * @returns the id, or null for a malformed or forged token.
 */
export function verifyUnsubscribeToken(token: string | null | undefined): number | null {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
  if (!match) return null;
  const userId = Number(match[1]);
  const expected = Buffer.from(tokenMac(userId));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}

/** The absolute one-click unsubscribe URL of `userId` (APP_URL or the local origin). */
export function unsubscribeUrl(userId: number): string {
  return `${appOrigin()}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(userId))}`;
}
