/**
 * The login notification: after every successful sign-in (password, OAuth,
 * after the two-factor step) of a user whose "Login notifications" setting
 * (Account → Security) is on, an email job goes into the outbox with the time,
 * the client address the server trusts (the rate limiter's, never a request
 * header) and the user agent. The email channel renders it with
 * `renderLoginNotice` and the worker sends it like any other job.
 */
import { LOGIN_NOTICE_TYPE } from "~/domain/delivery";
import { LOGIN_NOTICE } from "~/content/delivery";
import { enqueueJob } from "~/models/outbox.server";
import { getSecuritySettings } from "~/models/user-settings.server";
import type { OutgoingMail } from "~/services/mailer.server";
import { escapeHtml } from "./html";

/** What a login notice job carries: ISO 8601 UTC time, client address, user agent (null when none was sent). */
export interface LoginNoticePayload {
  at: string;
  ip: string;
  userAgent: string | null;
}

/**
 * Enqueues the login notice of `userId` when their login notifications are on.
 * @param signIn.ip the client address from the server's context (`clientIp`); signIn.userAgent the request's User-Agent; signIn.now the sign-in time.
 * @returns true when a job was enqueued.
 */
export function enqueueLoginNotice(userId: number, signIn: { ip: string; userAgent: string | null; now: Date }): boolean {
  if (!getSecuritySettings(userId).loginNotifications) return false;
  const payload: LoginNoticePayload = { at: signIn.now.toISOString(), ip: signIn.ip, userAgent: signIn.userAgent };
  enqueueJob({ userId, channel: "email", targetId: 0, eventType: LOGIN_NOTICE_TYPE, payload, now: signIn.now });
  return true;
}

/**
 * The login notice email: subject, text and HTML bodies.
 * @param payload the job's payload; origin the site's origin, for the Account → Security link.
 * @returns the subject and both bodies (the time as `YYYY-MM-DD HH:MM:SS UTC`).
 */
export function renderLoginNotice(payload: LoginNoticePayload, origin: string): Pick<OutgoingMail, "subject" | "text" | "html"> {
  const time = `${payload.at.slice(0, 19).replace("T", " ")} UTC`;
  const link = `${origin}${LOGIN_NOTICE.securityPath}`;
  const rows: [string, string][] = [
    [LOGIN_NOTICE.time, time],
    [LOGIN_NOTICE.ip, payload.ip],
    [LOGIN_NOTICE.userAgent, payload.userAgent ?? LOGIN_NOTICE.unknownUserAgent],
  ];
  const text = [
    LOGIN_NOTICE.intro,
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    `${LOGIN_NOTICE.warning}: ${link}`,
    "",
    LOGIN_NOTICE.reason,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>${escapeHtml(LOGIN_NOTICE.intro)}</p>
<table style="border-collapse:collapse">${rows.map(([label, value]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join("")}</table>
<p><strong>${escapeHtml(LOGIN_NOTICE.warning)}</strong>: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p style="font-size:12px;color:#475569">${escapeHtml(LOGIN_NOTICE.reason)}</p>
</body></html>`;
  return { subject: LOGIN_NOTICE.subject, text, html };
}
