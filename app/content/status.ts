/** Fixed texts of the Status Page (/status), its RSS feed (/status.rss) and the admins' incident notes (/admin/incidents). */
import type { ComponentStatus } from "~/domain/status-rules";

export const STATUS_PATH = "/status";
export const STATUS_RSS_PATH = "/status.rss";
export const ADMIN_INCIDENTS_PATH = "/admin/incidents";

export const STATUS_PAGE = {
  title: "Status",
  description: "Live health of FX Trader: the website, the database, signal delivery by channel, the live feed, the ledger, scheduled jobs and incident notes.",
  lead: "How each part of FX Trader is working right now. The page is measured when you load it.",
  checkedAt: "Checked at",
  rss: "Incident notes as RSS",
  api: "The same as JSON: /api/status",
  overall: {
    operational: "All systems operational",
    degraded: "Some systems are degraded",
    down: "A major system is down",
  } satisfies Record<ComponentStatus, string>,
  componentsTitle: "Components",
  web: "Website and API",
  database: "Database",
  databaseRead: "Reads",
  databaseWrite: "Writes",
  worker: "Delivery worker",
  queueDepth: "Jobs waiting",
  oldestDue: "Oldest due job waiting",
  heartbeat: "Last heartbeat",
  never: "never",
  liveFeed: "Live feed",
  connectedClients: "Connected clients",
  ledger: "Ledger",
  ledgerHead: "Head",
  checkpoint: "Latest checkpoint",
  checkpointLink: "Signed checkpoint",
  backups: "Backups",
  backupsNotConfigured: "Not configured",
  backupsLastCopy: "Newest restorable copy",
  priceFeed: "Price feed",
  priceFeedNotConfigured: "Not configured: outcomes come from prices the operator enters",
  priceFeedNoSymbols: "No symbol polled yet",
  priceFeedLastBar: "last bar",
  priceFeedMissing: "missing minutes",
  priceFeedStale: "STALE",
  channelsTitle: "Signal delivery, by channel",
  channelsNote: "Attempts in the window: sent, failed (failed attempts are retried), and the time an attempt took at the median (p50) and the 99th percentile (p99).",
  lastHour: "Last hour",
  last24Hours: "Last 24 hours",
  jobsTitle: "Scheduled jobs",
  jobsEmpty: "No scheduled job has run yet.",
  jobColumns: { name: "Job", started: "Last run (UTC)", duration: "Duration", outcome: "Outcome", recent: "Recent runs" },
  incidentsTitle: "Incidents",
  incidentsEmpty: "No incidents have been posted.",
  resolved: "Resolved",
  open: "Ongoing",
  posted: "Posted",
  updated: "Updated",
  adminLink: "Post an incident note",
  helpLink: "Help Center",
} as const;

export const STATUS_LABELS: Record<ComponentStatus, string> = { operational: "Operational", degraded: "Degraded", down: "Down" };

export const CHANNEL_LABELS: Record<string, string> = { webhook: "Webhooks", email: "Email", telegram: "Telegram", push: "Web push" };

export const SEVERITY_LABELS = { minor: "Minor", major: "Major", critical: "Critical" } as const;

export const STATUS_FEED = {
  title: "FX Trader status: incidents",
  description: "Incident notes posted on the FX Trader Status Page.",
} as const;

export const ADMIN_INCIDENTS_PAGE = {
  title: "Incident notes",
  lead: "Notes posted here show on the public Status Page and in its RSS feed. Write for subscribers: no e-mail addresses, host names or error texts.",
  newTitle: "Post a note",
  titleLabel: "Title",
  bodyLabel: "What is happening",
  severityLabel: "Severity",
  resolvedLabel: "Already resolved",
  post: "Post note",
  resolve: "Mark resolved",
  reopen: "Reopen",
  listTitle: "Posted notes",
  empty: "No notes yet.",
  posted: { title: "Note posted", description: "It shows on the Status Page." },
  updated: { title: "Note updated", description: "The Status Page shows the change." },
  notFound: "That note was not found.",
} as const;
