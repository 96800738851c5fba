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
  breakersTitle: "Hosts held back",
  breakersIntro:
    "A host that keeps timing out has its circuit opened: its webhooks wait without spending attempts, one trial goes after the cool-down, and an answer closes it again. Other hosts are never held up.",
  noBreakers: "Every host's circuit is closed.",
  breakerLine: (state: string, timeouts: number, openedAt: string | null, retryAt: string | null) =>
    state === "closed"
      ? `closed again (changed ${openedAt ?? "recently"} UTC)`
      : `${state}: ${timeouts} timeouts${openedAt ? `, opened ${openedAt} UTC` : ""}${retryAt ? `; next trial ${state === "open" ? "at" : "since"} ${retryAt} UTC` : ""}`,
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
