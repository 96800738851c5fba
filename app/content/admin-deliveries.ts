/** Texts of /admin/deliveries. */
export const DELIVERIES_TEXT = {
  title: "Deliveries",
  intro: "Signal delivery jobs created in the last 24 hours, per channel. Latency runs from the ledger event's publication to the job's delivery (nearest-rank percentiles).",
  summaryTitle: "Last 24 hours",
  deadTitle: "Dead jobs",
  deadIntro: "Jobs that used every retry or whose target is gone. Retry queues one again with a fresh retry schedule.",
  noDead: "No dead jobs.",
  retry: "Retry",
  retrying: "Retrying…",
  heldTitle: "Held targets",
  heldIntro: "Per-target order keeps later events behind an undelivered one; the subscriber can skip it from their Webhooks page.",
  noHeld: "No target is held.",
  heldBehind: (seq: number, since: string, waiting: number) => `held behind event ${seq} since ${since} UTC (${waiting} waiting)`,
};

/** How a channel is named on the dashboard. */
export const CHANNEL_LABELS: Record<string, string> = { webhook: "Webhooks", email: "Email", telegram: "Telegram", push: "Push" };

/** Toasts of the Retry button. */
export const DELIVERIES_TOASTS = {
  retried: { title: "Job Queued", description: "The job is queued again and will be sent within seconds." },
  notDead: { title: "Cannot Retry", description: "That job is no longer dead (it was retried or removed).", variant: "destructive" },
} as const;

/** Most dead jobs listed. */
export const DEAD_JOBS_SHOWN = 100;
