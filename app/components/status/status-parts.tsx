/** The parts of /status: the overall banner, the components, delivery by channel, scheduled jobs and incident notes. */
import type { ReactNode } from "react";
import { CHANNEL_LABELS, SEVERITY_LABELS, STATUS_LABELS, STATUS_PAGE } from "~/content/status";
import type { ComponentStatus } from "~/domain/status-rules";
import type { StatusIncidentView, StatusReport } from "~/schemas/api/status";

const muted = "text-slate-700 dark:text-slate-300";

const BADGE: Record<ComponentStatus, string> = {
  operational: "border-emerald-600 text-emerald-800 dark:text-emerald-300",
  degraded: "border-amber-600 text-amber-800 dark:text-amber-300",
  down: "border-red-600 text-red-800 dark:text-red-300",
};

/** A component's status as a labelled badge (text, not colour alone). */
export function StatusBadge({ status }: { status: ComponentStatus }) {
  return (
    <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${BADGE[status]}`} data-status={status}>
      {STATUS_LABELS[status]}
    </span>
  );
}

/** The overall status in words, and when it was measured. */
export function OverallBanner({ status, checkedAt }: { status: ComponentStatus; checkedAt: string }) {
  return (
    <section aria-live="polite" className={`mt-8 rounded-xl border-2 p-5 ${BADGE[status]}`} data-testid="overall-status">
      <p className="text-xl font-semibold">{STATUS_PAGE.overall[status]}</p>
      <p className={`mt-1 text-sm ${muted}`}>
        {STATUS_PAGE.checkedAt} <time dateTime={checkedAt}>{checkedAt.replace("T", " ").slice(0, 19)} UTC</time>
      </p>
    </section>
  );
}

const ageText = (seconds: number | null) => (seconds === null ? STATUS_PAGE.never : seconds < 120 ? `${seconds} s ago` : `${Math.round(seconds / 60)} min ago`);

function Row({ name, status, children }: { name: string; status?: ComponentStatus; children?: ReactNode }) {
  return (
    <tr className="border-t border-slate-200 dark:border-slate-700">
      <th scope="row" className="py-3 pr-4 text-left align-top font-medium">
        {name}
      </th>
      <td className="py-3 pr-4 align-top">{status ? <StatusBadge status={status} /> : null}</td>
      <td className={`py-3 align-top text-sm ${muted}`}>{children}</td>
    </tr>
  );
}

/** Each polled symbol's newest bar, missing minutes and stale mark; or why there is none. */
function PriceFeedFacts({ priceFeed }: { priceFeed: StatusReport["components"]["priceFeed"] }) {
  if (!priceFeed.configured && priceFeed.symbols.length === 0) return <>{STATUS_PAGE.priceFeedNotConfigured}</>;
  if (priceFeed.symbols.length === 0) return <>{STATUS_PAGE.priceFeedNoSymbols}</>;
  return (
    <ul data-testid="price-feed-symbols">
      {priceFeed.symbols.map((row) => (
        <li key={row.symbol} data-stale={row.stale ? "true" : "false"}>
          {row.symbol} ({row.source}) · {STATUS_PAGE.priceFeedLastBar}: {row.lastBarAt ? `${row.lastBarAt.replace("T", " ").slice(0, 16)} UTC` : STATUS_PAGE.never} · {STATUS_PAGE.priceFeedMissing}: {row.missingMinutes}
          {row.stale ? <strong className="ml-2 text-red-700 dark:text-red-400">{STATUS_PAGE.priceFeedStale}</strong> : null}
        </li>
      ))}
    </ul>
  );
}

/** Every component with its status and measured facts. */
export function ComponentTable({ components }: { components: StatusReport["components"] }) {
  const { database, worker, liveFeed, ledger, backups, priceFeed } = components;
  return (
    <section aria-labelledby="status-components" className="mt-10">
      <h2 id="status-components" className="text-xl font-semibold">
        {STATUS_PAGE.componentsTitle}
      </h2>
      <table className="mt-4 w-full">
        <tbody>
          <Row name={STATUS_PAGE.web} status={components.web.status} />
          <Row name={STATUS_PAGE.database} status={database.status}>
            {STATUS_PAGE.databaseRead}: {database.read ? "OK" : "failing"} · {STATUS_PAGE.databaseWrite}: {database.write ? "OK" : "failing"}
          </Row>
          <Row name={STATUS_PAGE.worker} status={worker.status}>
            {STATUS_PAGE.queueDepth}: {worker.queueDepth} · {STATUS_PAGE.oldestDue}: {worker.oldestDueAgeSeconds === null ? "none due" : `${worker.oldestDueAgeSeconds} s`} ·{" "}
            {STATUS_PAGE.heartbeat}: {ageText(worker.heartbeatAgeSeconds)}
          </Row>
          <Row name={STATUS_PAGE.liveFeed} status={liveFeed.status}>
            {STATUS_PAGE.connectedClients}: {liveFeed.connectedClients}
          </Row>
          <Row name={STATUS_PAGE.ledger} status={ledger.status}>
            {STATUS_PAGE.ledgerHead}: #{ledger.head.seq} <code className="break-all">{ledger.head.hash.slice(0, 16)}…</code> · {STATUS_PAGE.checkpoint}: size{" "}
            {ledger.checkpoint.treeSize}, root <code className="break-all">{ledger.checkpoint.rootHash.slice(0, 16)}…</code> ·{" "}
            <a href={ledger.checkpoint.url} className="text-blue-700 underline dark:text-blue-400">
              {STATUS_PAGE.checkpointLink}
            </a>
          </Row>
          <Row name={STATUS_PAGE.priceFeed} status={priceFeed.configured || priceFeed.symbols.length > 0 ? priceFeed.status : undefined}>
            <PriceFeedFacts priceFeed={priceFeed} />
          </Row>
          <Row name={STATUS_PAGE.backups}>{backups.configured ? `${STATUS_PAGE.backupsLastCopy}: ${ageText(backups.lastBackupAgeSeconds)}` : STATUS_PAGE.backupsNotConfigured}</Row>
        </tbody>
      </table>
    </section>
  );
}

const ms = (value: number | null) => (value === null ? "–" : `${value} ms`);

/** Each channel's sent/failed counts and p50/p99 latency over the last hour and 24 hours. */
export function ChannelTable({ channels }: { channels: StatusReport["components"]["channels"] }) {
  return (
    <section aria-labelledby="status-channels" className="mt-10">
      <h2 id="status-channels" className="text-xl font-semibold">
        {STATUS_PAGE.channelsTitle}
      </h2>
      <p className={`mt-1 text-sm ${muted}`}>{STATUS_PAGE.channelsNote}</p>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr>
              <th scope="col" className="py-2 pr-4 text-left">Channel</th>
              <th scope="col" className="py-2 pr-4 text-left">Status</th>
              <th scope="col" className="py-2 pr-4 text-left">{STATUS_PAGE.lastHour}</th>
              <th scope="col" className="py-2 text-left">{STATUS_PAGE.last24Hours}</th>
            </tr>
          </thead>
          <tbody>
            {channels.map((c) => (
              <tr key={c.channel} className="border-t border-slate-200 dark:border-slate-700" data-channel={c.channel}>
                <th scope="row" className="py-2 pr-4 text-left font-medium">{CHANNEL_LABELS[c.channel] ?? c.channel}</th>
                <td className="py-2 pr-4"><StatusBadge status={c.status} /></td>
                {[c.lastHour, c.last24Hours].map((w, i) => (
                  <td key={i} className={`py-2 pr-4 ${muted}`}>
                    {w.sent} sent · {w.failed} failed · p50 {ms(w.p50Ms)} · p99 {ms(w.p99Ms)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The scheduled jobs: each one's last run and its recent outcomes. */
export function JobTable({ jobs, status }: { jobs: StatusReport["components"]["scheduler"]["jobs"]; status: ComponentStatus }) {
  const c = STATUS_PAGE.jobColumns;
  return (
    <section aria-labelledby="status-jobs" className="mt-10">
      <h2 id="status-jobs" className="flex items-center gap-3 text-xl font-semibold">
        {STATUS_PAGE.jobsTitle} <StatusBadge status={status} />
      </h2>
      {jobs.length === 0 ? <p className={`mt-2 text-sm ${muted}`}>{STATUS_PAGE.jobsEmpty}</p> : null}
      {jobs.length > 0 ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr>
                {[c.name, c.started, c.duration, c.outcome, c.recent].map((label) => (
                  <th key={label} scope="col" className="py-2 pr-4 text-left">{label}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => (
                <tr key={job.name} className="border-t border-slate-200 dark:border-slate-700" data-job={job.name}>
                  <th scope="row" className="py-2 pr-4 text-left font-mono font-normal">{job.name}</th>
                  <td className={`py-2 pr-4 ${muted}`}>{job.lastRun.startedAt.replace("T", " ").slice(0, 19)}</td>
                  <td className={`py-2 pr-4 ${muted}`}>{job.lastRun.durationMs} ms</td>
                  <td className="py-2 pr-4">
                    {job.lastRun.outcome}
                    {job.lastRun.error ? <span className={`block text-xs ${muted}`}>{job.lastRun.error}</span> : null}
                  </td>
                  <td className={`py-2 ${muted}`}>
                    {job.recentRuns.filter((r) => r.outcome === "ok").length} ok, {job.recentRuns.filter((r) => r.outcome === "failed").length} failed of the last{" "}
                    {job.recentRuns.length}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/** The incident notes, newest first. */
export function IncidentList({ incidents }: { incidents: StatusIncidentView[] }) {
  return (
    <section aria-labelledby="status-incidents" className="mt-10">
      <h2 id="status-incidents" className="text-xl font-semibold">
        {STATUS_PAGE.incidentsTitle}
      </h2>
      {incidents.length === 0 ? <p className={`mt-2 text-sm ${muted}`}>{STATUS_PAGE.incidentsEmpty}</p> : null}
      <ol className="mt-4 space-y-4">
        {incidents.map((incident) => (
          <li key={incident.id} id={`incident-${incident.id}`} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
            <h3 className="font-semibold">{incident.title}</h3>
            <p className={`mt-1 text-xs ${muted}`}>
              {SEVERITY_LABELS[incident.severity]} · {incident.resolved ? STATUS_PAGE.resolved : STATUS_PAGE.open} · {STATUS_PAGE.posted}{" "}
              {incident.createdAt.replace("T", " ").slice(0, 16)} UTC · {STATUS_PAGE.updated} {incident.updatedAt.replace("T", " ").slice(0, 16)} UTC
            </p>
            <p className="mt-2 whitespace-pre-line text-sm">{incident.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
