/** Texts of the MT5 auto-send toggle (My Strategies → Overview). */
export const MT5_AUTO_SEND_TEXT = {
  label: "Auto-send to MT5",
  hint: "New active and pending signals of this strategy go to your MT5 Expert Advisor's queue.",
  turnOn: "Turn on auto-send",
  turnOff: "Turn off auto-send",
  on: "On",
  off: "Off",
  setupLink: "Set up the Expert Advisor",
} as const;

/** Toasts of the auto-send toggle. */
export const MT5_AUTO_SEND_TOASTS = {
  on: { title: "Auto-send On", description: "New signals of this strategy will be queued for your MT5 Expert Advisor." },
  off: { title: "Auto-send Off", description: "New signals of this strategy will no longer be queued for MT5." },
  notFollowed: { title: "Cannot Auto-send", description: "Follow this strategy first, then turn on auto-send.", variant: "destructive" },
} as const;
