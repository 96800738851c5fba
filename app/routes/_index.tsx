/**
 * / — the landing page for signed-out visitors, the home variant of the
 * dashboard for signed-in users (spec section 2 "Landing page", "Dashboard home").
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { HomeDashboard } from "~/components/dashboard/home-dashboard";
import { LiveWinRate } from "~/components/strategy-card";
import { CtaButtons, FeatureCard, LandingSection } from "~/components/marketing";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import {
  CLOSING_CTA,
  HERO,
  HIGHLIGHTS_SECTION,
  HOME_META,
  LANDING_DISCLAIMER,
  LANDING_META,
  LIVE_SIGNALS_SAMPLE,
  STRATEGY_HIGHLIGHTS,
  TRUST_BADGES,
  WHY_POINTS,
  WHY_SECTION,
} from "~/content/landing";
import { pageMeta } from "~/domain/page-meta";
import { formatPrice, riskBadgeVariant } from "~/domain/signal-display";
import { loadDashboard } from "~/models/read-models/dashboard.server";
import { liveCardFigures, type LiveCardFigures } from "~/models/read-models/track-record.server";
import { getViewer } from "~/services/session.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.signedIn ? pageMeta(HOME_META.title, HOME_META.description) : pageMeta(LANDING_META.title, LANDING_META.description);

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await getViewer(request);
  // The page depends on the session cookie: never share a cached copy between visitors.
  const headers = { "Cache-Control": "private, no-cache", Vary: "Cookie" };
  if (!viewer) return json({ signedIn: false as const, live: liveCardFigures() }, { headers });
  return json({ signedIn: true as const, dashboard: await loadDashboard(viewer.user, "home") }, { headers });
}

export default function Index() {
  const data = useLoaderData<typeof loader>();
  if (data.signedIn) return <HomeDashboard data={data.dashboard} />;
  return <Landing live={data.live} />;
}

function Landing({ live }: { live: Record<string, LiveCardFigures> }) {
  return (
    <>
      <section
        aria-labelledby="hero-title"
        className="border-b border-slate-200 bg-linear-to-b from-blue-50 to-slate-50 dark:border-slate-800 dark:from-slate-900 dark:to-slate-950"
      >
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:py-20 lg:grid-cols-[1.1fr_1fr]">
          <div>
            <p className="text-sm font-semibold tracking-wide text-blue-800 uppercase dark:text-blue-300">{HERO.eyebrow}</p>
            <h1 id="hero-title" className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
              {HERO.title}
            </h1>
            <p className="mt-5 max-w-xl text-lg text-slate-700 dark:text-slate-300">{HERO.lead}</p>
            <CtaButtons actions={[HERO.primary, HERO.secondary]} size="lg" className="mt-8 flex flex-col gap-3 sm:flex-row" />
            <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">{HERO.note}</p>
          </div>
          <LiveSignalsSample />
        </div>
        <div className="mx-auto max-w-6xl px-4 pb-14">
          <ul aria-label="Our standards" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {TRUST_BADGES.map((badge) => (
              <li
                key={badge.title}
                className="rounded-lg border border-slate-200 bg-white/80 p-4 dark:border-slate-700 dark:bg-slate-900/80"
              >
                <p className="flex items-center gap-2 font-semibold">
                  <span aria-hidden="true" className="inline-block size-2 rounded-full bg-blue-700 dark:bg-blue-400" />
                  {badge.title}
                </p>
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{badge.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <LandingSection id="why-title" title={WHY_SECTION.title} lead={WHY_SECTION.lead} className="py-16">
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {WHY_POINTS.map((point) => (
            <li key={point.title}>
              <FeatureCard title={point.title} description={point.description} />
            </li>
          ))}
        </ul>
      </LandingSection>

      <LandingSection id="highlights-title" title={HIGHLIGHTS_SECTION.title} lead={HIGHLIGHTS_SECTION.lead} className="py-8">
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {STRATEGY_HIGHLIGHTS.map((strategy) => (
            <li key={strategy.slug}>
              <Card className="flex h-full flex-col">
                <CardHeader>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <CardTitle>{strategy.name}</CardTitle>
                    <Badge variant={riskBadgeVariant(strategy.riskClass)}>{strategy.riskClass}</Badge>
                  </div>
                  <CardDescription>
                    {strategy.timeframes} · {strategy.instruments}
                  </CardDescription>
                </CardHeader>
                <CardContent className="flex flex-1 flex-col">
                  <p className="text-sm text-slate-700 dark:text-slate-300">{strategy.description}</p>
                  <p className="mt-4">
                    <span className="text-3xl font-bold tabular-nums">{strategy.winRate}%</span>{" "}
                    <span className="text-sm text-slate-700 dark:text-slate-300">{HIGHLIGHTS_SECTION.winRateLabel}</span>
                  </p>
                  <LiveWinRate live={live[strategy.slug] ?? { trades: 0, winRate: null }} className="mt-2" />
                  <Link
                    to={`/strategies/${strategy.slug}`}
                    className="mt-auto pt-4 text-sm font-semibold text-blue-800 underline-offset-4 hover:underline dark:text-blue-300"
                  >
                    {HIGHLIGHTS_SECTION.linkLabel}
                    <span className="sr-only">: {strategy.name}</span>
                  </Link>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">{HIGHLIGHTS_SECTION.note}</p>
      </LandingSection>

      <section aria-labelledby="closing-title" className="mx-auto max-w-6xl px-4 py-16">
        <div className="rounded-2xl border border-blue-200 bg-blue-50 px-6 py-12 text-center sm:px-12 dark:border-blue-900 dark:bg-slate-900">
          <h2 id="closing-title" className="text-3xl font-bold tracking-tight text-balance">
            {CLOSING_CTA.title}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-slate-700 dark:text-slate-300">{CLOSING_CTA.body}</p>
          <CtaButtons
            actions={[CLOSING_CTA.primary, CLOSING_CTA.secondary]}
            size="lg"
            className="mt-8 flex flex-col justify-center gap-3 sm:flex-row"
          />
        </div>
        <p className="mt-6 text-xs leading-relaxed text-slate-700 dark:text-slate-300">{LANDING_DISCLAIMER}</p>
      </section>
    </>
  );
}

function LiveSignalsSample() {
  return (
    <Card aria-labelledby="live-signals-title" role="region">
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <h2 id="live-signals-title" className="flex items-center gap-2 text-lg font-semibold">
            <span aria-hidden="true" className="inline-block size-2.5 rounded-full bg-green-600" />
            {LIVE_SIGNALS_SAMPLE.title}
          </h2>
          <Badge variant="warning">{LIVE_SIGNALS_SAMPLE.badge}</Badge>
        </div>
        <p className="text-sm text-slate-700 dark:text-slate-300">{LIVE_SIGNALS_SAMPLE.caption}</p>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">
          {LIVE_SIGNALS_SAMPLE.rows.map((row) => (
            <li key={row.symbol} className="py-3 first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="flex items-center gap-2">
                  <span className="font-semibold">{row.symbol}</span>
                  <Badge variant={row.side === "LONG" ? "success" : "destructive"}>{row.side}</Badge>
                </p>
                <p className="text-xs text-slate-700 dark:text-slate-300">{row.age}</p>
              </div>
              <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
                <div>
                  <dt className="text-xs text-slate-700 dark:text-slate-300">Entry</dt>
                  <dd className="font-medium tabular-nums">{formatPrice(row.symbol, row.entry)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-700 dark:text-slate-300">Stop loss</dt>
                  <dd className="font-medium tabular-nums">{formatPrice(row.symbol, row.stopLoss)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-700 dark:text-slate-300">Take profit</dt>
                  <dd className="font-medium tabular-nums">{formatPrice(row.symbol, row.takeProfit)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
