/**
 * /services — 'What We Offer' (spec section 2 "Services"). Static content
 * from ~/content/services; the 'API Docs' button leads to /docs/api.
 */
import type { MetaFunction } from "@remix-run/node";
import type { ReactNode } from "react";
import { ClosingCta, CtaButtons, PageHeader } from "~/components/marketing";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { pageMeta } from "~/domain/page-meta";
import {
  API_INTEGRATIONS,
  DELIVERY_CHANNELS,
  EDUCATION,
  RESEARCH,
  SERVICE_NOTICE,
  SERVICES_CTA,
  SERVICES_INTRO,
  SERVICES_META,
  SIGNAL_SUBSCRIPTIONS,
  type ServiceCard as ServiceCardContent,
} from "~/content/services";
import { PLANS } from "~/content/pricing";
import { formatUsd } from "~/domain/money";

export const meta: MetaFunction = () => pageMeta(SERVICES_META.title, SERVICES_META.description);

export default function Services() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <PageHeader title={SERVICES_INTRO.title} lead={SERVICES_INTRO.lead} />

      <div className="mt-10 grid gap-6 lg:grid-cols-2">
        <ServiceCard service={SIGNAL_SUBSCRIPTIONS}>
          <h3 className="mt-5 text-sm font-semibold">{SIGNAL_SUBSCRIPTIONS.tiersLabel}</h3>
          <ul className="mt-2 grid gap-2 sm:grid-cols-3">
            {PLANS.map((plan) => (
              <li key={plan.name} className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700">
                <span className="block font-semibold">{plan.name}</span>
                <span className="text-sm text-slate-700 tabular-nums dark:text-slate-300">
                  {formatUsd(plan.priceUsd)}/{plan.period}
                </span>
              </li>
            ))}
          </ul>
          <h3 className="mt-5 text-sm font-semibold">{SIGNAL_SUBSCRIPTIONS.channelsLabel}</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {DELIVERY_CHANNELS.map((channel) => (
              <li key={channel}>
                <Badge variant="outline">{channel}</Badge>
              </li>
            ))}
          </ul>
        </ServiceCard>

        <ServiceCard service={RESEARCH} />
        <ServiceCard service={EDUCATION} />

        <ServiceCard service={API_INTEGRATIONS}>
          <figure className="mt-5 min-w-0">
            <figcaption className="text-sm font-semibold">{API_INTEGRATIONS.payloadLabel}</figcaption>
            <pre
              tabIndex={0}
              role="region"
              aria-label={API_INTEGRATIONS.payloadLabel}
              className="mt-2 max-w-full overflow-x-auto rounded-lg bg-slate-900 p-4 text-xs leading-relaxed text-slate-100 dark:bg-slate-950 dark:ring-1 dark:ring-slate-700"
            >
              <code>{API_INTEGRATIONS.payload}</code>
            </pre>
          </figure>
        </ServiceCard>
      </div>

      <aside
        aria-labelledby="service-notice"
        className="mt-10 rounded-xl border border-amber-300 bg-amber-50 p-6 dark:border-amber-700 dark:bg-amber-950"
      >
        <h2 id="service-notice" className="font-semibold text-amber-950 dark:text-amber-100">
          {SERVICE_NOTICE.title}
        </h2>
        <p className="mt-2 text-sm text-amber-950 dark:text-amber-100">{SERVICE_NOTICE.body}</p>
      </aside>

      <ClosingCta
        id="services-cta"
        title={SERVICES_CTA.title}
        body={SERVICES_CTA.body}
        actions={[SERVICES_CTA.primary, SERVICES_CTA.secondary]}
        className="mt-10"
      />
    </div>
  );
}

function ServiceCard({ service, children }: { service: ServiceCardContent; children?: ReactNode }) {
  const titleId = `service-${service.id}`;
  return (
    <Card className="flex min-w-0 flex-col" role="region" aria-labelledby={titleId}>
      <CardHeader>
        <h2 id={titleId} className="text-xl leading-tight font-semibold">
          {service.title}
        </h2>
        <p className="text-base text-slate-700 dark:text-slate-300">{service.description}</p>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col">
        {service.points.length > 0 ? (
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 marker:text-blue-700 dark:text-slate-300 dark:marker:text-blue-400">
            {service.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        ) : null}
        {children}
        {service.links.length > 0 ? <CtaButtons actions={service.links} className="mt-auto flex flex-wrap gap-3 pt-6" /> : null}
      </CardContent>
    </Card>
  );
}
