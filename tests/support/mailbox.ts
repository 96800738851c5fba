/**
 * Waiting for mail in the SMTP sink (tests/support/smtp-sink.ts) and reading
 * the account links out of it.
 */
import type { ReceivedMail, SmtpSink } from "./smtp-sink";

/**
 * The first message to `to` whose subject contains `subject` among those not in `seen`, once it arrives.
 * @throws Error after `timeoutMs` without one.
 */
export async function waitForMail(sink: SmtpSink, to: string, subject: string, timeoutMs = 5_000, seen: ReceivedMail[] = []): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = sink.messages.find((m) => !seen.includes(m) && m.to.includes(to) && (m.header("Subject") ?? "").includes(subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The messages the sink received for `to`. */
export function mailTo(sink: SmtpSink, to: string): ReceivedMail[] {
  return sink.messages.filter((m) => m.to.includes(to));
}

/** The token of the first `<path>?token=…` link in a message's text body. */
export function tokenLinkIn(mail: ReceivedMail, path: string): { url: URL; token: string } {
  const match = new RegExp(`(https?://[^\\s"<>]+${path.replace(/[/]/g, "\\/")}\\?token=[A-Za-z0-9_%-]+)`).exec(mail.decoded);
  if (!match) throw new Error(`no ${path} link in "${mail.header("Subject")}"`);
  const url = new URL(match[1]!);
  return { url, token: url.searchParams.get("token")! };
}
