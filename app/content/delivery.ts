/**
 * Fixed texts of signal delivery: email subjects and lines per event type,
 * the risk disclaimer every alert carries, the webhook test event, the
 * endpoint-disabled notice, the login notification and the Account → Webhooks page.
 */

/** What happened, per event type name, as an email or toast says it. */
export const EVENT_HEADLINES: Record<string, string> = {
  "signal.published": "New signal",
  "signal.triggered": "Signal triggered",
  "signal.modified": "Signal levels changed",
  "signal.partially_closed": "Signal partially closed",
  "signal.closed": "Signal closed",
  "signal.cancelled": "Signal cancelled",
  "signal.expired": "Signal expired",
};

/** The risk text of the site (spec: forex trading involves significant risk of loss, past performance is not indicative, nothing is investment advice). */
export const ALERT_DISCLAIMER =
  "Forex trading involves significant risk of loss. Past performance is not indicative of future results. Nothing in this alert is investment advice.";

export const ALERT_FOOTER = {
  reason: "You receive this because email alerts are on for a strategy you follow on FX Trader.",
  unsubscribe: "Unsubscribe from signal emails",
  settings: "Change your alert settings in My Strategies → Settings.",
};

export const TEST_EVENT_MESSAGE = "This is a test event from FX Trader. Your endpoint received and can verify it.";

export const DISABLED_NOTICE = {
  subject: "Your FX Trader webhook was disabled",
  body: (url: string) =>
    `Deliveries to ${url} have failed for 5 days, so the endpoint was disabled and its pending deliveries stopped. Fix the endpoint, then add it again under Account → Webhooks.`,
  goneBody: (url: string) =>
    `${url} answered 410 Gone, so the endpoint was disabled at once and its pending deliveries stopped. If it should receive events again, add it again under Account → Webhooks.`,
};

/** The login notification (Account → Security → Login notifications): labels of the email's lines. */
export const LOGIN_NOTICE = {
  subject: "New sign-in to your FX Trader account",
  intro: "Your FX Trader account was just signed in to.",
  time: "Time (UTC)",
  ip: "IP address",
  userAgent: "Browser",
  unknownUserAgent: "Not sent by the browser",
  warning: "If this wasn't you, sign out all sessions and change your password",
  securityPath: "/portal/account/security",
  reason: "You receive this because login notifications are on in Account → Security.",
};

export const UNSUBSCRIBE_PAGE = {
  title: "Unsubscribe from signal emails",
  intro: "Stop receiving signal alerts by email. You can turn them on again in My Strategies → Settings.",
  button: "Unsubscribe",
  done: "You are unsubscribed. FX Trader will send you no more signal alerts by email.",
  invalid: "This unsubscribe link is not valid. Open the link from one of our emails, or turn alerts off in My Strategies → Settings.",
};

export const WEBHOOKS_PAGE = {
  intro:
    "Receive every signal event as a signed HTTPS request (Standard Webhooks). Verify each request with the endpoint's secret; the webhook-id header stays the same on retries, so you can de-duplicate.",
  addTitle: "Add an endpoint",
  urlLabel: "Endpoint URL",
  eventsLabel: "Event types",
  add: "Add endpoint",
  secretTitle: "Signing secret",
  secretNote: "Copy it now: it is shown only once.",
  none: "No endpoints yet.",
  paused: "Your endpoints are paused: kept as they are, with no deliveries, until your plan includes webhooks again.",
  test: "Send test event",
  rotate: "Rotate secret",
  delete: "Delete",
  redeliver: "Redeliver",
  logTitle: "Delivery log",
  logEmpty: "No deliveries yet.",
  disabled: "Disabled: it answered 410 Gone, or deliveries failed for 5 days",
  overlap: "The previous secret also signs until",
  heldBehind: (seq: number, since: string, waiting: number) =>
    `Held behind event ${seq} since ${since} UTC: ${waiting} later ${waiting === 1 ? "event waits" : "events wait"} until it is delivered or skipped.`,
  skip: "Skip this event",
  limit: (max: number) => `Up to ${max} endpoints.`,
};

export const WEBHOOK_TOASTS = {
  skipped: { title: "Event skipped", description: "The events behind it are being delivered." },
  added: { title: "Endpoint added", description: "Copy the signing secret now: it is not shown again." },
  deleted: { title: "Endpoint deleted", description: "It receives no more events." },
  tested: { title: "Test event queued", description: "It appears in the delivery log in a moment." },
  rotated: { title: "Secret rotated", description: "The previous secret keeps signing for 24 hours." },
  redelivered: { title: "Delivery queued again", description: "It is sent again with the same webhook-id." },
};

export const WEBHOOK_NOT_FOUND_MESSAGE = "That endpoint or delivery was not found. Reload the page and try again.";

/* Telegram (docs/decisions/0050-telegram-channel.md) ------------------ */

/** Fixed lines of a Telegram signal alert (HTML-escaped where sent). */
export const TELEGRAM_ALERT = {
  locked: "Levels are locked: your plan does not include this strategy right now.",
  view: "View signal",
  settings: "Turn Telegram alerts off in My Strategies → Settings, or send /stop.",
} as const;

/** The bot's answers to commands in its chat. */
export const TELEGRAM_REPLIES = {
  linked: "Linked to FX Trader. Signals of the strategies you follow arrive here while Telegram alerts are on in My Strategies → Settings. Send /stop to unlink.",
  codeRefused: "This link has expired or was already used. Open Account → Notifications on FX Trader and choose Link Telegram again.",
  stopped: "Unlinked. You will get no more signals here.",
  notLinked: "This chat is not linked to an FX Trader account. Open Account → Notifications on FX Trader and choose Link Telegram.",
  help: "To link this chat, open Account → Notifications on FX Trader and choose Link Telegram. Send /stop to unlink it.",
} as const;

/** Account → Notifications. */
export const NOTIFICATIONS_PAGE = {
  title: "Telegram",
  intro: "Get every signal event of the strategies you follow in a Telegram chat with our bot.",
  off: "Telegram alerts are not available on this server yet (no bot is configured).",
  unreachable: "Telegram cannot be reached right now. Try again in a minute.",
  linkButton: "Link Telegram",
  relinkButton: "Link another chat",
  unlinkButton: "Unlink",
  linkedAs: "Linked chat",
  linkedSince: "Linked since",
  notLinked: "No Telegram chat is linked.",
  deepLinkLabel: "Open this link in Telegram and press Start",
  deepLinkExpires: "The link works once, for 15 minutes.",
  toggleHint: "Alerts are sent while the Telegram toggle is on in My Strategies → Settings.",
  toggleOn: "Telegram toggle: on",
  toggleOff: "Telegram toggle: off — turn it on in My Strategies → Settings.",
  settingsLink: "My Strategies → Settings",
} as const;

export const TELEGRAM_TOASTS = {
  unlinked: { title: "Telegram unlinked", description: "No more signals are sent to that chat." },
  notLinked: "No Telegram chat is linked.",
  unavailable: "Telegram is not available on this server.",
} as const;

/** The words of what happened, under each message's headline (app/domain/event-summary.ts). */
export const EVENT_SUMMARY_TEXTS = {
  levels: { sl: "Stop loss", tp1: "Take profit 1", tp2: "Take profit 2" },
  none: "none",
  changed: "Levels changed",
  partialClosed: "Closed",
  partialReasons: { TP1: "take profit 1", MANUAL: "closed by the desk" },
  onThatPart: "on that part",
  closedBy: "Closed",
  closeReasons: {
    TP1: "take profit 1 hit",
    TP2: "take profit 2 hit",
    SL: "stop loss hit",
    BREAKEVEN: "stopped at breakeven",
    MANUAL: "closed by the desk",
    EXPIRY: "closed at expiry",
  },
  exit: "Exit",
  result: "Result",
  cancelledWhy: "Cancelled by the desk",
  cancelledNoNote: "Cancelled by the desk; no reason was given.",
  expired: "Expired: the entry price was not reached before",
} as const;
