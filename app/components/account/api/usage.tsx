/** This month's API usage against the limit, and how to call the API with a key. */
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { progressBarClass } from "~/components/ui/progress";
import { formatDate } from "~/domain/signal-display";

const numberFormat = new Intl.NumberFormat("en-US");

/** Requests made with the viewer's keys this month, as a progress bar towards the monthly limit. */
export function UsageThisMonth({ usage }: { usage: { requests: number; limit: number; resetsAt: string } }) {
  const percent = Math.min(100, Math.round((usage.requests / usage.limit) * 1000) / 10);
  return (
  <Card>
    <CardHeader>
      <CardTitle id="api-usage-title">Usage this month</CardTitle>
      <CardDescription>Every request made with one of your keys counts. Past the limit the API answers 429 until the month resets.</CardDescription>
    </CardHeader>
    <CardContent className="flex flex-col gap-2">
      <p className="text-sm" data-testid="api-usage">
        <span className="text-2xl font-bold tabular-nums">{numberFormat.format(usage.requests)}</span>
        {` / ${numberFormat.format(usage.limit)} requests`}
      </p>
      <progress
        max={100}
        value={percent}
        aria-labelledby="api-usage-title"
        aria-valuetext={`${percent}% used, ${numberFormat.format(usage.requests)} of ${numberFormat.format(usage.limit)} requests`}
        className={progressBarClass}
      >
        {`${percent}%`}
      </progress>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Resets on <time dateTime={usage.resetsAt}>{formatDate(usage.resetsAt)}</time> (00:00 UTC).
      </p>
    </CardContent>
  </Card>
  );
}

/** A curl example and the MT5 queue URL on this site's origin. */
export function ApiUsageHelp({ origin }: { origin: string }) {
  return (
  <Card>
    <CardHeader>
      <CardTitle>Usage</CardTitle>
      <CardDescription>Send the key in the Authorization header of any GET request under /api.</CardDescription>
    </CardHeader>
    <CardContent className="flex flex-col gap-3 text-sm">
      <pre className="overflow-x-auto rounded-md bg-slate-100 p-3 font-mono text-xs text-slate-900 dark:bg-slate-950 dark:text-slate-100">
        <code>{`curl -H "Authorization: Bearer <key>" ${origin}/api/signals?limit=5`}</code>
      </pre>
      <p id="mt5-queue" className="text-slate-700 dark:text-slate-300">
        MetaTrader 5 Expert Advisors poll <code className="font-mono">{`${origin}/api/mt5/queue?after=<nextCursor>`}</code> for
        the signals you send or auto-send to MT5, and acknowledge what they placed with{" "}
        <code className="font-mono">POST {`${origin}/api/mt5/ack`}</code>: an entry comes again after a minute until it is
        acknowledged, and again when its signal changes.
      </p>
    </CardContent>
  </Card>
  );
}
