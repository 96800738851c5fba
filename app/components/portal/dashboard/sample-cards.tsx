/** The portal dashboard's static sample cards: the market outlook and the risk meter (labelled as samples). */
import { muted } from "~/components/portal/styles";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeaderBar } from "~/components/ui/card";
import { progressBarClass } from "~/components/ui/progress";
import { MARKET_OUTLOOK, RISK_METER } from "~/content/portal";
import { formatUsd } from "~/domain/money";

/** Session focus, event risk and sentiment: illustrative text, not a live market view. */
export function MarketOutlook() {
  return (
    <Card className="min-w-0" role="region" aria-labelledby="market-outlook" data-testid="market-outlook">
      <CardHeaderBar id="market-outlook" title={MARKET_OUTLOOK.title} badge={<Badge variant="warning">{MARKET_OUTLOOK.label}</Badge>} />
      <CardContent>
        <dl className="grid gap-5 md:grid-cols-3">
          {MARKET_OUTLOOK.items.map((item) => (
            <div key={item.id} className="min-w-0">
              <dt className={`text-xs font-semibold tracking-wide uppercase ${muted}`}>{item.title}</dt>
              <dd className="mt-1">
                <span className="block font-semibold">{item.headline}</span>
                <span className={`mt-1 block text-sm ${muted}`}>{item.body}</span>
              </dd>
            </div>
          ))}
        </dl>
        <p className={`mt-5 border-t border-slate-200 pt-3 text-xs dark:border-slate-700 ${muted}`}>{MARKET_OUTLOOK.note}</p>
      </CardContent>
    </Card>
  );
}

/** Daily risk used, open trades and maximum daily loss: sample figures, not account data. */
export function RiskMeter() {
  const used = RISK_METER.dailyRiskUsedPercent;
  return (
    <Card role="region" aria-labelledby="risk-meter" data-testid="risk-meter">
      <CardHeaderBar id="risk-meter" title={RISK_METER.title} badge={<Badge variant="warning">{RISK_METER.label}</Badge>} />
      <CardContent>
        <div className="flex items-baseline justify-between gap-2">
          <p id="risk-meter-used" className="text-sm font-medium">
            Daily risk used
          </p>
          <p className="text-2xl font-bold tabular-nums" data-testid="risk-used">
            {used}%
          </p>
        </div>
        <progress
          max={RISK_METER.max}
          value={used}
          aria-labelledby="risk-meter-used"
          aria-valuetext={`${used}% of the daily risk budget used`}
          className={`mt-2 ${progressBarClass}`}
        >
          {used}%
        </progress>
        <dl className="mt-4 grid grid-cols-2 gap-4">
          <div>
            <dt className={`text-xs font-medium ${muted}`}>Open trades</dt>
            <dd className="text-xl font-bold tabular-nums" data-testid="risk-open-trades">
              {RISK_METER.openTrades}
            </dd>
          </div>
          <div>
            <dt className={`text-xs font-medium ${muted}`}>Max daily loss</dt>
            <dd className="text-xl font-bold tabular-nums" data-testid="risk-max-loss">
              {formatUsd(RISK_METER.maxDailyLossUsd)}
            </dd>
          </div>
        </dl>
        <p className={`mt-4 text-xs ${muted}`}>{RISK_METER.note}</p>
      </CardContent>
    </Card>
  );
}
