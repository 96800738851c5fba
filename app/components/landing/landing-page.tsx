/** The landing page's sections: hero with the sample signals, standards, why us, strategy highlights, closing call. */
import { Link } from "@remix-run/react";
import { CtaButtons, FeatureCard, LandingSection } from "~/components/marketing";
import { LiveWinRate } from "~/components/live-win-rate";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { LandingPageView } from "~/domain/landing-page";
import type { LiveCardFigures } from "~/models/read-models/track-record.server";

/**
 * The signed-out landing page (spec section 2 "Landing page"): `content` is
 * `landingPageView(LANDING_PAGE)`, `live` the live card figures by strategy slug.
 */
export function LandingPage({ content, live }: { content: LandingPageView; live: Record<string, LiveCardFigures> }) {
  const { hero, trustBadges, why, whyPoints, highlights, strategyHighlights, closing, disclaimer } = content;
  return (
    <>
      <section
        aria-labelledby="hero-title"
        className="border-b border-slate-200 bg-linear-to-b from-blue-50 to-slate-50 dark:border-slate-800 dark:from-slate-900 dark:to-slate-950"
      >
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:py-20 lg:grid-cols-[1.1fr_1fr]">
          <div>
            <p className="text-sm font-semibold tracking-wide text-blue-800 uppercase dark:text-blue-300">{hero.eyebrow}</p>
            <h1 id="hero-title" className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
              {hero.title}
            </h1>
            <p className="mt-5 max-w-xl text-lg text-slate-700 dark:text-slate-300">{hero.lead}</p>
            <CtaButtons actions={[hero.primary, hero.secondary]} size="lg" className="mt-8 flex flex-col gap-3 sm:flex-row" />
            <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">{hero.note}</p>
          </div>
          <LiveSignalsSample sample={content.liveSignalsSample} />
        </div>
        <div className="mx-auto max-w-6xl px-4 pb-14">
          <ul aria-label="Our standards" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {trustBadges.map((badge) => (
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

      <LandingSection id="why-title" title={why.title} lead={why.lead} className="py-16">
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {whyPoints.map((point) => (
            <li key={point.title}>
              <FeatureCard title={point.title} description={point.description} />
            </li>
          ))}
        </ul>
      </LandingSection>

      <LandingSection id="highlights-title" title={highlights.title} lead={highlights.lead} className="py-8">
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {strategyHighlights.map((strategy) => (
            <li key={strategy.slug}>
              <Card className="flex h-full flex-col">
                <CardHeader>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <CardTitle>{strategy.name}</CardTitle>
                    <Badge variant={strategy.riskVariant}>{strategy.riskClass}</Badge>
                  </div>
                  <CardDescription>
                    {strategy.timeframes} · {strategy.instruments}
                  </CardDescription>
                </CardHeader>
                <CardContent className="flex flex-1 flex-col">
                  <p className="text-sm text-slate-700 dark:text-slate-300">{strategy.description}</p>
                  <LiveWinRate live={live[strategy.slug] ?? { trades: 0, winRate: null }} className="mt-4" />
                  <Link
                    to={`/strategies/${strategy.slug}`}
                    className="mt-auto pt-4 text-sm font-semibold text-blue-800 underline-offset-4 hover:underline dark:text-blue-300"
                  >
                    {highlights.linkLabel}
                    <span className="sr-only">: {strategy.name}</span>
                  </Link>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">{highlights.note}</p>
      </LandingSection>

      <section aria-labelledby="closing-title" className="mx-auto max-w-6xl px-4 py-16">
        <div className="rounded-2xl border border-blue-200 bg-blue-50 px-6 py-12 text-center sm:px-12 dark:border-blue-900 dark:bg-slate-900">
          <h2 id="closing-title" className="text-3xl font-bold tracking-tight text-balance">
            {closing.title}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-slate-700 dark:text-slate-300">{closing.body}</p>
          <CtaButtons
            actions={[closing.primary, closing.secondary]}
            size="lg"
            className="mt-8 flex flex-col justify-center gap-3 sm:flex-row"
          />
        </div>
        <p className="mt-6 text-xs leading-relaxed text-slate-700 dark:text-slate-300">{disclaimer}</p>
      </section>
    </>
  );
}

function LiveSignalsSample({ sample }: { sample: LandingPageView["liveSignalsSample"] }) {
  return (
    <Card aria-labelledby="live-signals-title" role="region">
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <h2 id="live-signals-title" className="flex items-center gap-2 text-lg font-semibold">
            <span aria-hidden="true" className="inline-block size-2.5 rounded-full bg-green-600" />
            {sample.title}
          </h2>
          <Badge variant="warning">{sample.badge}</Badge>
        </div>
        <p className="text-sm text-slate-700 dark:text-slate-300">{sample.caption}</p>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">
          {sample.rows.map((row) => (
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
                  <dd className="font-medium tabular-nums">{row.entry}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-700 dark:text-slate-300">Stop loss</dt>
                  <dd className="font-medium tabular-nums">{row.stopLoss}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-700 dark:text-slate-300">Take profit</dt>
                  <dd className="font-medium tabular-nums">{row.takeProfit}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
