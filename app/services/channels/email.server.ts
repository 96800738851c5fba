/**
 * The email channel (docs/decisions/0046-email-and-live-feed.md): one
 * plain-text and one HTML message per signal event, with the levels the
 * recipient may see, the risk disclaimer and a one-click unsubscribe link
 * (List-Unsubscribe + List-Unsubscribe-Post, RFC 8058); and the notice sent
 * when a webhook endpoint is disabled and the login notification. Sent through `sendMail`.
 */
import type { DeliveryJob } from "../../../db/schema";
import { checkpointLine, DISABLED_NOTICE_TYPE, eventId, LOGIN_NOTICE_TYPE } from "~/domain/delivery";
import type { ApiSignal } from "~/domain/signals";
import { RISK_LINE } from "~/content/legal-paths";
import { ALERT_DISCLAIMER, ALERT_FOOTER, DISABLED_NOTICE, EVENT_HEADLINES } from "~/content/delivery";
import { getStrategyById } from "~/models/strategies.server";
import { getUserById } from "~/models/users.server";
import { appOrigin } from "~/services/auth.server";
import { sendMail, unsubscribeUrl, type OutgoingMail } from "~/services/mailer.server";
import { jobEventData } from "./event-data.server";
import { escapeHtml } from "./html";
import { renderLoginNotice, type LoginNoticePayload } from "./login-notice.server";
import type { ChannelAdapter, SendResult } from "./types";

const level = (value: number | null) => (value === null ? "—" : String(value));

/** The rows of a signal's levels, as label/value pairs. */
function levelRows(signal: ApiSignal): [string, string][] {
  const rows: [string, string][] = [
    ["Status", signal.status],
    ["Entry", `${level(signal.entryPrice)} (${signal.entryJson.method})`],
    ["Stop loss", level(signal.stopLoss)],
    ["Take profit 1", level(signal.takeProfit1)],
    ["Take profit 2", level(signal.takeProfit2)],
  ];
  if (signal.exitPrice !== null) rows.push(["Exit", String(signal.exitPrice)]);
  if (signal.resultPips !== null) rows.push(["Result", `${signal.resultPips} pips (${signal.resultR} R)`]);
  return rows;
}

/**
 * The alert for a signal event: subject, text and HTML bodies.
 * @param input.eventType `signal.published` …; input.strategyName for the subject; input.origin the site's origin for links;
 *   input.summary what happened (`eventSummary`: old → new levels, partial and final results, why it ended), shown first.
 */
export function renderSignalEmail(input: {
  eventType: string;
  signal: ApiSignal;
  strategyName: string;
  origin: string;
  unsubscribeUrl: string;
  summary?: readonly string[];
}): Pick<OutgoingMail, "subject" | "text" | "html"> {
  const summary = input.summary ?? [];
  const { signal } = input;
  const headline = EVENT_HEADLINES[input.eventType] ?? input.eventType;
  const subject = `${headline}: ${signal.symbol} ${signal.side} — ${input.strategyName}`;
  const link = `${input.origin}/portal/dashboard`;
  const rows = levelRows(signal);
  const riskUrl = `${input.origin}${RISK_LINE.path}`;
  const text = [
    `${headline}: ${signal.symbol} ${signal.side} (${input.strategyName})`,
    "",
    ...(summary.length ? [...summary, ""] : []),
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(signal.rationale ? ["", signal.rationale] : []),
    "",
    link,
    "",
    ALERT_DISCLAIMER,
    `${RISK_LINE.linkLabel}: ${riskUrl}`,
    "",
    ALERT_FOOTER.reason,
    `${ALERT_FOOTER.unsubscribe}: ${input.unsubscribeUrl}`,
    ALERT_FOOTER.settings,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<h1 style="font-size:20px">${escapeHtml(headline)}: ${escapeHtml(signal.symbol)} ${escapeHtml(signal.side)}</h1>
<p>${escapeHtml(input.strategyName)}</p>
${summary.length ? `<ul>${summary.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>` : ""}
<table style="border-collapse:collapse">${rows.map(([label, value]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join("")}</table>
${signal.rationale ? `<p>${escapeHtml(signal.rationale)}</p>` : ""}
<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p style="font-size:12px;color:#475569">${escapeHtml(ALERT_DISCLAIMER)} <a href="${escapeHtml(riskUrl)}">${escapeHtml(RISK_LINE.linkLabel)}</a></p>
<p style="font-size:12px;color:#475569">${escapeHtml(ALERT_FOOTER.reason)} <a href="${escapeHtml(input.unsubscribeUrl)}">${escapeHtml(ALERT_FOOTER.unsubscribe)}</a>. ${escapeHtml(ALERT_FOOTER.settings)}</p>
</body></html>`;
  return { subject, text, html };
}

/** The email channel: ledger jobs become alerts, `webhook.disabled` and `account.signed_in` jobs their notices. */
export function createEmailChannel(): ChannelAdapter {
  return {
    async send(job: DeliveryJob, now: Date): Promise<SendResult> {
      const user = getUserById(job.userId);
      if (!user) return { ok: false, permanent: true, statusCode: null, responseExcerpt: null, error: "The user no longer exists" };
      let mail: OutgoingMail;
      if (job.eventType === DISABLED_NOTICE_TYPE) {
        const { url, reason } = JSON.parse(job.payload ?? "{}") as { url: string; reason?: "failing" | "gone" };
        const body = reason === "gone" ? DISABLED_NOTICE.goneBody(url) : DISABLED_NOTICE.body(url);
        mail = { to: user.email, subject: DISABLED_NOTICE.subject, text: body, html: `<p>${escapeHtml(body)}</p>` };
      } else if (job.eventType === LOGIN_NOTICE_TYPE) {
        mail = { to: user.email, ...renderLoginNotice(JSON.parse(job.payload ?? "{}") as LoginNoticePayload, appOrigin()) };
      } else {
        const found = jobEventData(job, now);
        if (!found) return { ok: false, permanent: true, statusCode: null, responseExcerpt: null, error: "The event is no longer in the ledger" };
        const unsubscribe = unsubscribeUrl(user.id);
        const strategyName = getStrategyById(found.signal.strategyId)?.name ?? "FX Trader";
        const rendered = renderSignalEmail({ eventType: job.eventType, signal: found.signal, strategyName, origin: appOrigin(), unsubscribeUrl: unsubscribe, summary: found.summary });
        const checkpoint = checkpointLine(found.event.checkpoint);
        mail = {
          to: user.email,
          ...rendered,
          text: `${rendered.text}\n\n${checkpoint}\n`,
          html: `${rendered.html}<p style="font-size:12px;color:#555">${escapeHtml(checkpoint)}</p>`,
          unsubscribeUrl: unsubscribe,
          headers: { "X-FX-Event-Id": eventId(found.event.seq) },
        };
      }
      try {
        const receipt = await sendMail(mail);
        return { ok: true, statusCode: receipt.statusCode, responseExcerpt: receipt.response, error: null };
      } catch (error) {
        const e = error as { responseCode?: number; message?: string };
        const permanent = typeof e.responseCode === "number" && e.responseCode >= 500 && e.responseCode < 600;
        return { ok: false, permanent, statusCode: e.responseCode ?? null, responseExcerpt: null, error: e.message ?? String(error) };
      }
    },
  };
}
