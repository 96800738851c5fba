/** The sidebar of /strategies/:slug: Quick Stats, Get Started and the risk disclaimer (spec section 2). */
import { Link } from "@remix-run/react";

import { formatWinRate } from "~/components/live-win-rate";
import { ActiveBadge, RiskBadge } from "~/components/strategy-card";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { STRATEGY_CALL_PATH } from "~/content/contact";
import { CallToActionButton } from "~/components/call-to-action";
import type { CallToAction } from "~/domain/calls-to-action";
import { DisclaimerBox } from "./disclaimer-box";
import type { StrategyData } from "./strategy-panels";

/** The sidebar for `strategy`; `action` is its "Get Started" button, decided by viewer (app/domain/calls-to-action.ts). */
export function StrategySidebar({ strategy, action }: { strategy: StrategyData; action: CallToAction }) {
  return (
    <aside aria-label="Strategy summary" className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <h2 className="text-lg leading-tight font-semibold">Quick Stats</h2>
        </CardHeader>
        <CardContent>
          <dl className="flex flex-col gap-3 text-sm">
            <div className="flex items-center justify-between gap-4">
              <dt className="text-slate-700 dark:text-slate-300">Win Rate</dt>
              <dd className="font-semibold tabular-nums">
                {strategy.winRate === null ? "Not yet published" : formatWinRate(strategy.winRate)}
              </dd>
            </div>
            <div className="flex items-center justify-between gap-4">
              <dt className="text-slate-700 dark:text-slate-300">Risk Class</dt>
              <dd>
                <RiskBadge riskClass={strategy.riskClass} />
              </dd>
            </div>
            <div className="flex items-center justify-between gap-4">
              <dt className="text-slate-700 dark:text-slate-300">Status</dt>
              <dd>
                <ActiveBadge isActive={strategy.isActive} />
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <h2 className="text-lg leading-tight font-semibold">Get Started</h2>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Follow {strategy.name} with real-time signals by email, Telegram and the web portal.
          </p>
          <CallToActionButton cta={action} className="w-full" />
          <Link to={STRATEGY_CALL_PATH} className={buttonClass("outline", "md", "w-full")}>
            Book a Strategy Call
          </Link>
          <Link
            to="/strategies"
            className="text-center text-sm font-medium text-blue-800 underline underline-offset-2 dark:text-blue-300"
          >
            Compare all strategies
          </Link>
        </CardContent>
      </Card>

      <DisclaimerBox id="risk-disclaimer" title="Risk Disclaimer" level="h2" className="rounded-xl">
        Forex trading involves significant risk of loss and is not suitable for every investor. Win rates and other
        figures are hypothetical or historical; past performance is not indicative of future results. Nothing on this
        page is investment advice.
      </DisclaimerBox>
    </aside>
  );
}
