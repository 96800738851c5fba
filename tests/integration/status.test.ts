/**
 * The Status Page on this file's real temporary SQLite: GET /api/status's
 * shape (checked against the OpenAPI document by callRoute) and figures
 * (queue, heartbeat, per-channel counts and p50/p99 over one hour and 24
 * hours, ledger head and tree, scheduled jobs, backups), the incident notes
 * posted by admins only (/admin/incidents) and shown on /status and in
 * /status.rss with escaped text, and that nothing private leaks.
 */
import { afterEach, describe, expect, it } from "vitest";
import { recordJobRun } from "~/models/job-runs.server";
import { beat, WORKER_HEARTBEAT } from "~/models/operations.server";
import { getDb } from "~/platform/db.server";
import * as adminIncidents from "~/routes/admin.incidents";
import * as apiStatus from "~/routes/api.status";
import * as statusPage from "~/routes/status";
import * as statusRss from "~/routes/status[.]rss";
import type { StatusReport } from "~/schemas/api/status";
import { createUser, HOUR, MINUTE, signedInCookie } from "../support/fixtures";
import { callRoute, formRequest, getRequest } from "../support/http";

const BASE = "http://localhost";

async function apiReport(): Promise<StatusReport> {
  const response = await callRoute(apiStatus.loader, getRequest(`${BASE}/api/status`));
  expect(response.status).toBe(200);
  return (await response.json()) as StatusReport;
}

/** A delivery job of `channel` with one attempt per entry of `attempts` (`[msAgo, latencyMs, ok]`). */
function insertAttempts(userId: number, channel: string, attempts: [number, number, boolean][], status = "sent"): void {
  const client = getDb().$client;
  const now = Date.now();
  const job = client
    .prepare("INSERT INTO delivery_jobs (user_id, channel, target_id, event_type, status, attempts, next_attempt_at, created_at) VALUES (?, ?, ?, 'webhook.test', ?, ?, ?, ?) RETURNING id")
    .pluck()
    .get(userId, channel, Math.floor(Math.random() * 1e9), status, attempts.length, now, now) as number;
  const insert = client.prepare("INSERT INTO delivery_attempts (job_id, attempt, attempted_at, status_code, latency_ms, error) VALUES (?, ?, ?, ?, ?, ?)");
  attempts.forEach(([ago, latency, ok], index) => insert.run(job, index + 1, now - ago, ok ? 200 : 500, latency, ok ? null : "connect ECONNREFUSED hooks.receiver.example:443"));
}

afterEach(() => {
  delete process.env.LITESTREAM_REPLICA_URL;
});

describe("GET /api/status", () => {
  it("reports the worker down before its first heartbeat, and operational after one", async () => {
    const before = await apiReport();
    expect(before.components.worker).toMatchObject({ status: "down", lastHeartbeatAt: null, heartbeatAgeSeconds: null });
    expect(before.status).toBe("down");
    beat(WORKER_HEARTBEAT, "host-secret:1:abc", new Date());
    const after = await apiReport();
    expect(after.components.worker.status).toBe("operational");
    expect(after.components.worker.heartbeatAgeSeconds).toBeLessThan(5);
    expect(after.components.database).toEqual({ status: "operational", read: true, write: true });
    expect(after.components.web.status).toBe("operational");
    expect(JSON.stringify(after)).not.toContain("host-secret");
  });

  it("counts sent and failed attempts and p50/p99 per channel over the last hour and 24 hours, and judges each channel", async () => {
    beat(WORKER_HEARTBEAT, "w", new Date());
    const user = createUser({ firstName: "Quinn" });
    // webhook: in the last hour 3 ok + 3 failed (50 % failed: down); 2 more ok 3 hours ago.
    insertAttempts(user.id, "webhook", [[10 * MINUTE, 100, true], [11 * MINUTE, 200, true], [12 * MINUTE, 300, true], [13 * MINUTE, 400, false], [14 * MINUTE, 500, false], [15 * MINUTE, 600, false]]);
    insertAttempts(user.id, "webhook", [[3 * HOUR, 700, true], [3 * HOUR + 1, 800, true]]);
    // email: 10 quick successes in the hour; one 30 hours ago is outside both windows.
    insertAttempts(user.id, "email", Array.from({ length: 10 }, (_, i): [number, number, boolean] => [MINUTE * (i + 1), 20 + i, true]));
    insertAttempts(user.id, "email", [[30 * HOUR, 9999, false]]);
    const report = await apiReport();
    const webhook = report.components.channels.find((c) => c.channel === "webhook")!;
    expect(webhook.lastHour).toEqual({ sent: 3, failed: 3, p50Ms: 300, p99Ms: 600 });
    expect(webhook.last24Hours).toEqual({ sent: 5, failed: 3, p50Ms: 400, p99Ms: 800 });
    expect(webhook.status).toBe("down");
    const email = report.components.channels.find((c) => c.channel === "email")!;
    expect(email.lastHour).toEqual({ sent: 10, failed: 0, p50Ms: 24, p99Ms: 29 });
    expect(email.last24Hours.failed).toBe(0);
    expect(email.status).toBe("operational");
    expect(report.components.channels.map((c) => c.channel)).toEqual(["webhook", "email", "telegram", "push"]);
    expect(report.status).toBe("down");
    expect(JSON.stringify(report)).not.toContain("receiver.example");
  });

  it("shows the queue depth and the oldest due job's wait", async () => {
    const user = createUser({ firstName: "Rene" });
    const client = getDb().$client;
    const due = Date.now() - 20 * MINUTE;
    client
      .prepare("INSERT INTO delivery_jobs (user_id, channel, target_id, event_type, status, attempts, next_attempt_at, created_at) VALUES (?, 'telegram', 0, 'webhook.test', 'retrying', 1, ?, ?)")
      .run(user.id, due, due);
    beat(WORKER_HEARTBEAT, "w", new Date());
    const { worker } = (await apiReport()).components;
    expect(worker.queueDepth).toBeGreaterThanOrEqual(1);
    expect(worker.oldestDueAgeSeconds).toBeGreaterThanOrEqual(20 * 60);
    expect(worker.status).toBe("down");
    client.prepare("DELETE FROM delivery_jobs WHERE user_id = ?").run(user.id);
  });

  it("lists the scheduled jobs' runs with errors stripped of paths and hosts; the scheduler is degraded after a failed run", async () => {
    recordJobRun({ job: "status-test-ok", startedAt: new Date(), durationMs: 12, outcome: "ok" });
    recordJobRun({ job: "status-test-broken", startedAt: new Date(), durationMs: 3, outcome: "failed", error: "SQLITE_CANTOPEN: unable to open '/var/lib/fx/secret.db' on db.internal.example.org" });
    const { scheduler } = (await apiReport()).components;
    const broken = scheduler.jobs.find((job) => job.name === "status-test-broken")!;
    expect(broken.lastRun.outcome).toBe("failed");
    expect(broken.lastRun.error).toContain("SQLITE_CANTOPEN");
    expect(broken.lastRun.error).not.toContain("/var/lib");
    expect(broken.lastRun.error).not.toContain("internal.example");
    expect(scheduler.jobs.find((job) => job.name === "status-test-ok")!.recentRuns).toHaveLength(1);
    expect(scheduler.status).toBe("degraded");
  });

  it("shows the ledger head and the tree its checkpoints sign", async () => {
    const { ledger } = (await apiReport()).components;
    expect(ledger.head.seq).toBe(ledger.checkpoint.treeSize);
    expect(ledger.checkpoint.rootHash).toMatch(/^[0-9a-f]{64}$/);
    expect(ledger.checkpoint.url).toBe("/api/ledger/checkpoint");
    expect(ledger.status).toBe("operational");
  });

  it("backups are 'not configured' until LITESTREAM_REPLICA_URL is set", async () => {
    expect((await apiReport()).components.backups).toEqual({ configured: false, lastBackupAgeSeconds: null });
    process.env.LITESTREAM_REPLICA_URL = "s3://bucket/fx";
    const report = await apiReport();
    expect(report.components.backups.configured).toBe(true);
    expect(JSON.stringify(report)).not.toContain("bucket");
  });
});

describe("incident notes", () => {
  const post = (fields: Record<string, string>, cookie?: string) => callRoute(adminIncidents.action, formRequest(`${BASE}/admin/incidents`, fields, { cookie }));

  it("only admins may post or resolve: visitors are sent to sign in, users get 403", async () => {
    const user = createUser({ firstName: "Uma" });
    const fields = { intent: "create", title: "Nope", body: "Nope", severity: "minor" };
    const anonymous = await post(fields);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/login\?returnTo=%2Fadmin%2Fincidents/);
    expect((await post(fields, await signedInCookie(user.id))).status).toBe(403);
    expect((await callRoute(adminIncidents.loader, getRequest(`${BASE}/admin/incidents`, { cookie: await signedInCookie(user.id) }))).status).toBe(403);
    expect((await apiReport()).incidents.map((i) => i.title)).not.toContain("Nope");
  });

  it("an admin posts a note (fields checked), it shows on /status, in /api/status and in /status.rss escaped, and can be resolved", async () => {
    const admin = createUser({ firstName: "Ada", role: "admin" });
    const cookie = await signedInCookie(admin.id);
    const invalid = await post({ intent: "create", title: "", body: "x", severity: "apocalyptic" }, cookie);
    expect(invalid.status).toBe(400);
    const errors = (await invalid.json()).submission.error;
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(["title", "severity"]));

    const title = `Email delays <b>& "quotes"</b>`;
    const created = await post({ intent: "create", title, body: "Alerts by email arrive late.\nWe are on it.", severity: "major" }, cookie);
    expect(created.status).toBe(302);
    const report = await apiReport();
    const note = report.incidents.find((i) => i.title === title)!;
    expect(note).toMatchObject({ severity: "major", resolved: false });

    const page = await callRoute(statusPage.loader, getRequest(`${BASE}/status`));
    expect((await page.json()).report.incidents[0].title).toBe(title);

    const rss = await callRoute(statusRss.loader, getRequest(`${BASE}/status.rss`));
    expect(rss.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await rss.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain("<title>[Ongoing] Email delays &lt;b&gt;&amp; &quot;quotes&quot;&lt;/b&gt;</title>");
    expect(xml).not.toContain("<b>");
    expect(xml).toContain(`<link>${BASE}/status#incident-${note.id}</link>`);
    expect(xml).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/);

    expect((await post({ intent: "resolve", id: String(note.id) }, cookie)).status).toBe(302);
    expect((await apiReport()).incidents.find((i) => i.id === note.id)!.resolved).toBe(true);
    expect(await (await callRoute(statusRss.loader, getRequest(`${BASE}/status.rss`))).text()).toContain("[Resolved] Email delays");
    expect((await post({ intent: "resolve", id: "999999" }, cookie)).status).toBe(404);
  });
});

describe("/status shows nothing private", () => {
  it("no e-mail address, receiver host or worker owner in the page's data", async () => {
    const user = createUser({ email: "private.person@example.com" });
    beat(WORKER_HEARTBEAT, "worker-host-7:123:xyz", new Date());
    insertAttempts(user.id, "webhook", [[MINUTE, 50, false]], "retrying");
    getDb().$client.prepare("UPDATE delivery_jobs SET last_error = 'connect ECONNREFUSED hooks.private-receiver.example:443' WHERE user_id = ?").run(user.id);
    const text = JSON.stringify(await (await callRoute(statusPage.loader, getRequest(`${BASE}/status`))).json());
    for (const secret of ["private.person", "private-receiver", "worker-host-7", "ECONNREFUSED"]) expect(text).not.toContain(secret);
  });
});
