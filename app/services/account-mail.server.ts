/**
 * The account emails (docs/decisions/0115-account-links.md): reset and
 * verification links, the password-changed and email-change notices, and the
 * note to the owner when someone signs up with their address. Sent through the
 * mailer (SMTP_URL, else `.eml` files) without waiting, so a request answers in
 * the same time whether or not it sent mail; a failed send is logged without
 * the message (which may carry a token).
 */
import { ACCOUNT_MAIL, ACCOUNT_PATHS, type AccountMailText } from "~/content/account-mail";
import { BILLING_MAIL } from "~/content/billing";
import { appOrigin } from "~/services/auth.server";
import { escapeHtml } from "~/services/channels/html";
import { sendMail, type OutgoingMail } from "~/services/mailer.server";

/**
 * Subject, text and HTML of an account email.
 * @param link the absolute URL of its one button, when it has one.
 */
export function renderAccountMail(text: AccountMailText, link: string | null): Pick<OutgoingMail, "subject" | "text" | "html"> {
  const linkLine = link && text.action ? [`${text.action}: ${link}`, ""] : [];
  const plain = [...text.intro, "", ...linkLine, ...text.outro, "", "FX Trader"].join("\n");
  const button =
    link && text.action
      ? `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(text.action)}</a></p><p style="font-size:12px;color:#475569">${escapeHtml(link)}</p>`
      : "";
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
${text.intro.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
${button}
${text.outro.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
</body></html>`;
  return { subject: text.subject, text: plain, html };
}

/** Sends in the background; the caller does not wait. Errors are logged by kind only. */
function dispatch(to: string, text: AccountMailText, link: string | null): void {
  sendMail({ to, ...renderAccountMail(text, link) }).catch((error: unknown) => {
    console.error(`account email "${text.subject}" not sent: ${error instanceof Error ? error.name : "error"}`);
  });
}

function tokenLink(path: string, token: string): string {
  return `${appOrigin()}${path}?token=${encodeURIComponent(token)}`;
}

/** Mails the password reset link carrying `token` to `to`. */
export function mailPasswordReset(to: string, token: string): void {
  dispatch(to, ACCOUNT_MAIL.passwordReset, tokenLink(ACCOUNT_PATHS.resetPassword, token));
}

/** Tells `to` that the account's password was reset. */
export function mailPasswordChanged(to: string): void {
  dispatch(to, ACCOUNT_MAIL.passwordChanged, `${appOrigin()}${ACCOUNT_PATHS.security}`);
}

/** Tells the owner of `to` that someone tried to sign up with it (the sign-up itself answers as for a new address). */
export function mailSignupExisting(to: string): void {
  dispatch(to, ACCOUNT_MAIL.signupExisting, `${appOrigin()}${ACCOUNT_PATHS.forgotPassword}`);
}

/** Mails the verification link carrying `token` to `to`. */
export function mailVerifyEmail(to: string, token: string): void {
  dispatch(to, ACCOUNT_MAIL.verifyEmail, tokenLink(ACCOUNT_PATHS.verifyEmail, token));
}

/** Mails the email-change link carrying `token` to the new address `to`. */
export function mailEmailChange(to: string, token: string): void {
  dispatch(to, ACCOUNT_MAIL.emailChange, tokenLink(ACCOUNT_PATHS.verifyEmail, token));
}

/** Tells the current address `to` that a change of the account's email was asked for. */
export function mailEmailChangeNotice(to: string): void {
  dispatch(to, ACCOUNT_MAIL.emailChangeNotice, `${appOrigin()}${ACCOUNT_PATHS.security}`);
}

/** Tells `to` that a subscription payment failed, with the link to pay or update the card (`link`, absolute). */
export function mailPaymentFailed(to: string, link: string): void {
  dispatch(to, BILLING_MAIL.paymentFailed, link);
}

/** Tells `to` that the Stripe trial ends in a few days (`customer.subscription.trial_will_end`). */
export function mailTrialEnding(to: string): void {
  dispatch(to, BILLING_MAIL.trialEnding, `${appOrigin()}${ACCOUNT_PATHS.subscription}`);
}
