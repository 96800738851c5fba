/** /admin/deliveries: the per-channel table of the last 24 hours (counts and publish-to-delivery latency). */
import { CHANNEL_LABELS, DELIVERIES_TEXT } from "~/content/admin-deliveries";
import { formatLatency } from "~/domain/delivery-stats";

/** One channel's figures as the loader sends them (latencies in ms, null when nothing was sent). */
export interface ChannelRow {
  channel: string;
  sent: number;
  queued: number;
  retrying: number;
  dead: number;
  p50Ms: number | null;
  p99Ms: number | null;
}

const cell = "px-3 py-2 text-right tabular-nums";

/** The table: one row per channel, sent / queued / retrying / dead counts and p50 / p99 latency. */
export function DeliverySummary({ channels }: { channels: readonly ChannelRow[] }) {
  return (
    <section aria-labelledby="delivery-summary-title" className="mt-8">
      <h2 id="delivery-summary-title" className="text-xl font-semibold">
        {DELIVERIES_TEXT.summaryTitle}
      </h2>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full min-w-[32rem] border-collapse text-sm" data-testid="delivery-summary">
          <thead>
            <tr className="border-b border-slate-300 text-left dark:border-slate-600">
              <th scope="col" className="px-3 py-2">
                Channel
              </th>
              <th scope="col" className={cell}>
                Sent
              </th>
              <th scope="col" className={cell}>
                Queued
              </th>
              <th scope="col" className={cell}>
                Retrying
              </th>
              <th scope="col" className={cell}>
                Dead
              </th>
              <th scope="col" className={cell}>
                Latency p50
              </th>
              <th scope="col" className={cell}>
                Latency p99
              </th>
            </tr>
          </thead>
          <tbody>
            {channels.map((row) => (
              <tr key={row.channel} className="border-b border-slate-200 dark:border-slate-700" data-testid={`delivery-channel-${row.channel}`}>
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {CHANNEL_LABELS[row.channel] ?? row.channel}
                </th>
                <td className={cell}>{row.sent}</td>
                <td className={cell}>{row.queued}</td>
                <td className={cell}>{row.retrying}</td>
                <td className={cell}>{row.dead}</td>
                <td className={cell}>{formatLatency(row.p50Ms)}</td>
                <td className={cell}>{formatLatency(row.p99Ms)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
