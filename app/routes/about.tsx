/**
 * /about — mission, values, team groups, partners and contact details
 * (spec section 2 "About"). Content from ~/content/about; partners whose
 * registered claim does not hold on this server are left out by the loader
 * (docs/decisions/0158-claims-register.md).
 */
import { json, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CtaButtons, CtaCard, FeatureCard, MarketingSection, PageHeader, TileList } from "~/components/marketing";
import {
  ABOUT_CTA,
  ABOUT_INTRO,
  ABOUT_META,
  CONTACT_DETAILS,
  CONTACT_SECTION,
  MISSION,
  PARTNERS,
  PARTNERS_SECTION,
  TEAM_GROUPS,
  TEAM_SECTION,
  VALUES,
  VALUES_SECTION,
  type ContactDetail,
} from "~/content/about";
import { pageMeta } from "~/domain/page-meta";
import { claimsThatHold } from "~/domain/claims";
import { siteCapabilities } from "~/platform/env.server";

/** The partners whose claims hold here (`claimsThatHold` of `siteCapabilities`). */
export function loader() {
  const holding = claimsThatHold(siteCapabilities());
  return json({ partners: PARTNERS.filter((partner) => partner.claim === undefined || holding.includes(partner.claim)) });
}

export const meta: MetaFunction = () => pageMeta(ABOUT_META.title, ABOUT_META.description);

export default function About() {
  const { partners } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <PageHeader title={ABOUT_INTRO.title} lead={ABOUT_INTRO.lead} />

      <section
        aria-labelledby="mission"
        className="mt-12 rounded-2xl border border-blue-200 bg-blue-50 p-8 dark:border-blue-900 dark:bg-slate-900"
      >
        <h2 id="mission" className="text-2xl font-bold tracking-tight">
          {MISSION.title}
        </h2>
        <p className="mt-3 max-w-3xl text-lg text-slate-800 dark:text-slate-200">{MISSION.body}</p>
        <p className="mt-3 max-w-3xl text-sm text-slate-700 dark:text-slate-300">{MISSION.scope}</p>
      </section>

      <MarketingSection id="values" title={VALUES_SECTION.title}>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((value) => (
            <li key={value.title}>
              <FeatureCard title={value.title} description={value.description} />
            </li>
          ))}
        </ul>
      </MarketingSection>

      <MarketingSection id="team" title={TEAM_SECTION.title} lead={TEAM_SECTION.lead}>
        <ul className="mt-6 grid gap-6 md:grid-cols-2">
          {TEAM_GROUPS.map((group) => (
            <li key={group.name}>
              <FeatureCard title={group.name} subtitle={group.description}>
                <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 marker:text-blue-700 dark:text-slate-300 dark:marker:text-blue-400">
                  {group.responsibilities.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </FeatureCard>
            </li>
          ))}
        </ul>
      </MarketingSection>

      <MarketingSection id="partners" title={PARTNERS_SECTION.title} lead={PARTNERS_SECTION.lead}>
        <TileList
          items={partners.map((partner) => ({ title: partner.name, description: partner.description }))}
          className="mt-6 sm:grid-cols-2"
        />
      </MarketingSection>

      <div className="mt-16 grid gap-8 lg:grid-cols-2">
        <MarketingSection id="contact-details" title={CONTACT_SECTION.title} className="">
          <dl className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-700 dark:border-slate-700 dark:bg-slate-900">
            {CONTACT_DETAILS.map((detail) => (
              <div key={detail.label} className="grid gap-1 px-5 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
                <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{detail.label}</dt>
                <dd className="min-w-0 break-words">
                  <ContactValue detail={detail} />
                </dd>
              </div>
            ))}
          </dl>
        </MarketingSection>
        <CtaCard id="about-cta" title={ABOUT_CTA.title} body={ABOUT_CTA.body} className="flex flex-col justify-center">
          <CtaButtons actions={ABOUT_CTA.actions} className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap" />
        </CtaCard>
      </div>
    </div>
  );
}

const linkClass = "font-medium text-blue-800 underline underline-offset-4 hover:no-underline dark:text-blue-300";

function ContactValue({ detail }: { detail: ContactDetail }) {
  if (!detail.href) return <>{detail.value}</>;
  if (detail.href.startsWith("/")) {
    return (
      <Link to={detail.href} className={linkClass}>
        {detail.value}
      </Link>
    );
  }
  return (
    <a href={detail.href} className={linkClass}>
      {detail.value}
    </a>
  );
}
