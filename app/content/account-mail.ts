/** Texts of the account emails (reset, verification, email change, sign-up of a registered address) and of their pages. */
import { VERIFY_EMAIL_PATH } from "./verify-email-banner";

/** One email's fixed texts: subject, paragraphs before the link, the link's label, paragraphs after it. */
export interface AccountMailText {
  subject: string;
  intro: string[];
  action?: string;
  outro: string[];
}

export const ACCOUNT_MAIL = {
  passwordReset: {
    subject: "Reset your FX Trader password",
    intro: ["Someone asked to reset the password of the FX Trader account with this email address.", "The link works once, for 30 minutes:"],
    action: "Choose a new password",
    outro: ["If this wasn't you, ignore this email: your password stays as it is."],
  },
  passwordChanged: {
    subject: "Your FX Trader password was changed",
    intro: ["The password of your FX Trader account was just reset, and every other session was signed out."],
    action: "Review your account security",
    outro: ["If this wasn't you, reset your password again at once and turn on two-factor authentication."],
  },
  signupExisting: {
    subject: "Someone tried to sign up with your email",
    intro: [
      "Someone tried to create a new FX Trader account with this email address, which already has an account. No new account was made.",
      "If it was you, sign in instead, or reset your password:",
    ],
    action: "Reset your password",
    outro: ["If it wasn't you, you can ignore this email."],
  },
  verifyEmail: {
    subject: "Verify your email for FX Trader",
    intro: ["Confirm that this address belongs to your FX Trader account. The link works once, for 24 hours:"],
    action: "Verify my email",
    outro: ["Until it is verified, signals are not emailed to this address. If you did not sign up, ignore this email."],
  },
  emailChange: {
    subject: "Confirm your new email for FX Trader",
    intro: ["Someone asked to move an FX Trader account to this email address. Confirm to make the change; the link works once, for 24 hours:"],
    action: "Confirm the new address",
    outro: ["If this wasn't you, ignore this email and nothing changes."],
  },
  emailChangeNotice: {
    subject: "A change of your FX Trader email was requested",
    intro: ["Someone signed in to your FX Trader account asked to change its email address. Nothing changes until the new address is confirmed."],
    action: "Review your account security",
    outro: ["If this wasn't you, sign out every session and reset your password."],
  },
} satisfies Record<string, AccountMailText>;

/** Paths the emails link to. */
export const ACCOUNT_PATHS = {
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  verifyEmail: VERIFY_EMAIL_PATH,
  security: "/portal/account/security",
  subscription: "/portal/account/subscription",
  login: "/login",
} as const;

/** The forgot-password, reset-password and verify-email pages. */
export const ACCOUNT_PAGES = {
  forgot: {
    title: "Forgot Password | FX Trader",
    heading: "Forgot your password?",
    description: "Enter your account's email address and we'll email you a link to choose a new password.",
    submit: "Email me a reset link",
    busy: "Sending...",
    sentTitle: "Check your email",
    sent: "If an account uses that address, a link to reset its password is on its way. The link works for 30 minutes.",
    tooMany: "Too many reset requests.",
  },
  reset: {
    title: "Reset Password | FX Trader",
    heading: "Choose a new password",
    description: "Your new password ends every other session of your account.",
    submit: "Set new password",
    busy: "Saving...",
    invalidHeading: "This link no longer works",
    invalid: "Reset links work once, for 30 minutes, and only the newest one. Ask for a new link.",
    askAgain: "Ask for a new link",
    doneToast: { title: "Password Changed", description: "Your new password is set and every other session was signed out." },
  },
  verify: {
    title: "Verify Email | FX Trader",
    heading: "Verify your email",
    changeHeading: "Confirm your new email",
    description: "Confirm that you receive mail at",
    submit: "Confirm",
    invalidHeading: "This link no longer works",
    invalid: "Verification links work once, for 24 hours, and only the newest one. Sign in to send a new one.",
    verifiedToast: { title: "Email Verified", description: "Your email address is verified." },
    changedToast: { title: "Email Changed", description: "Your account now uses its new email address." },
    takenToast: { title: "Email Not Changed", description: "That address is no longer available. Try another one." },
    resentToast: { title: "Verification Email Sent", description: "Check your inbox for the new link." },
  },
  signupSent: {
    title: "Check Your Email | FX Trader",
    heading: "Check your email",
    description:
      "We sent a message to the address you gave. Follow its link to verify your address, then sign in. If the address already has an account, the message tells you how to sign in.",
    signIn: "Sign in",
  },
  emailChangeSentToast: {
    title: "Check Your New Address",
    description: "We emailed a link to the new address. Your email changes when you open it.",
  },
} as const;
