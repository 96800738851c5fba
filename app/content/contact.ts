/**
 * Fixed content of /contact (spec sections 2 "Contact", 5 and 9): option
 * labels, side cards and the form's messages.
 */
import type { ContactTopic, PREFERRED_TIMES, TRADING_EXPERIENCE } from "~/schemas/contact-fields";

export const CONTACT_COPY = {
  title: "Contact Us",
  description:
    "Questions about a strategy, your subscription or the platform? Send us a message and our team will get back to you.",
  formTitle: "Send Us a Message",
  formDescription: "Fields marked * are required.",
  submit: "Send Message",
  pending: "Sending...",
} as const;

/** Spec section 8: contact toasts. */
export const CONTACT_TOASTS = {
  missing: { title: "Missing Information", description: "Please fill in all required fields.", variant: "destructive" },
  sent: { title: "Message Sent!", description: "We'll get back to you within 24 hours." },
} as const;

/** Shown inline after a successful send (also without JavaScript). */
export const CONTACT_SENT_NOTE = "Message Sent! We'll get back to you within 24 hours.";

/** Form-level message when a field is present but invalid (e.g. a malformed email). */
export const CONTACT_INVALID_MESSAGE = "Please check the highlighted fields.";

export const EXPERIENCE_LABELS: Record<(typeof TRADING_EXPERIENCE)[number], string> = {
  beginner: "Beginner (less than 1 year)",
  intermediate: "Intermediate (1-3 years)",
  advanced: "Advanced (3+ years)",
  professional: "Professional trader",
};

export const PREFERRED_TIME_LABELS: Record<(typeof PREFERRED_TIMES)[number], string> = {
  morning: "Morning (9:00 AM-12:00 PM EST)",
  afternoon: "Afternoon (12:00 PM-6:00 PM EST)",
  evening: "Evening (after 6:00 PM EST)",
  flexible: "Flexible",
};

export const TOPIC_LABELS: Record<ContactTopic, string> = {
  general: "General question",
  "strategy-call": "Strategy call",
};

export { STRATEGY_CALL_PATH } from "~/content/paths";

/** The strategy call's time field (docs/decisions/0056-strategy-call-booking.md). */
export const CALL_SLOT_FIELD = {
  label: "Preferred call time *",
  placeholder: "Select a time",
  hint: "Free 30-minute calls, Mon-Fri 9:00 AM-6:00 PM New York time (EST, or EDT in summer). We confirm the time by email.",
  unavailable: "That time is no longer available. Please choose another.",
} as const;

/** Shown inline after a strategy call request ({slot}: the chosen time, e.g. 'Tue, Nov 24, 9:30 AM EST'). */
export const CALL_REQUESTED_NOTE = "Call requested for {slot}. We'll confirm it by email within 24 hours.";

export const SUPPORT_CARD = {
  title: "Direct Support",
  description: "Prefer email? Reach our support team directly.",
  email: "support@fxtrader.example",
} as const;

export const BUSINESS_HOURS_CARD = {
  title: "Business Hours",
  hours: [
    { days: "Mon-Fri", time: "9:00 AM-6:00 PM EST" },
    { days: "Sat-Sun", time: "Closed" },
  ],
} as const;

export const STRATEGY_CALL_CARD = {
  title: "Schedule a Strategy Call",
  description: "Book a free 30-minute consultation to find the strategies and plan that fit your trading.",
  button: "Book a Call",
} as const;

export const TELEGRAM_CARD = {
  title: "Join Our Telegram Community",
  description: "Talk with other FX Trader members, get platform updates and follow market discussion.",
  /** Said plainly instead of a disabled button: there is no public group yet; the bot is mentioned only while it runs (the claims register's `telegramMembers`, app/content/claims.ts). */
  statusOn: "The community group is not open yet. Members can already receive every signal from our Telegram bot.",
  /** Said instead of `statusOn` while the bot is off. */
  statusOff: "The community group is not open yet, and Telegram alerts are not switched on yet.",
  /** For signed-in members: where they link their chat to the bot. */
  settingsLink: { label: "Set up Telegram alerts", to: "/portal/account/notifications" },
} as const;

export const QUICK_ANSWERS_CARD = {
  title: "Quick Answers",
  items: [
    "We respond to every message within 24 hours.",
    "Technical support requests are answered within 4 hours during business hours.",
  ],
} as const;

