/**
 * /about — mission, values, team groups, partners and contact details
 * (spec section 2 "About"). Static content from ~/content/about.
 */
import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ButtonLink } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
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
import { pageMeta } from "~/content/seo";

export const meta: MetaFunction = () => pageMeta(ABOUT_META.title, ABOUT_META.description);

const sectionTitle = "text-2xl font-bold tracking-tight";
const lead = "mt-2 max-w-3xl text-slate-700 dark:text-slate-300";

export default function About() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{ABOUT_INTRO.title}</h1>
        <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{ABOUT_INTRO.lead}</p>
      </header>

      <section
        aria-labelledby="mission"
        className="mt-12 rounded-2xl border border-blue-200 bg-blue-50 p-8 dark:border-blue-900 dark:bg-slate-900"
      >
        <h2 id="mission" className={sectionTitle}>
          {MISSION.title}
        </h2>
        <p className="mt-3 max-w-3xl text-lg text-slate-800 dark:text-slate-200">{MISSION.body}</p>
        <p className="mt-3 max-w-3xl text-sm text-slate-700 dark:text-slate-300">{MISSION.scope}</p>
      </section>

      <section aria-labelledby="values" className="mt-16">
        <h2 id="values" className={sectionTitle}>
          {VALUES_SECTION.title}
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((value) => (
            <li key={value.title}>
              <Card className="h-full">
                <CardHeader>
                  <CardTitle>{value.title}</CardTitle>
                </CardHeader>
                <CardContent>
                  <p className="text-sm text-slate-700 dark:text-slate-300">{value.description}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="team" className="mt-16">
        <h2 id="team" className={sectionTitle}>
          {TEAM_SECTION.title}
        </h2>
        <p className={lead}>{TEAM_SECTION.lead}</p>
        <ul className="mt-6 grid gap-6 md:grid-cols-2">
          {TEAM_GROUPS.map((group) => (
            <li key={group.name}>
              <Card className="h-full">
                <CardHeader>
                  <CardTitle>{group.name}</CardTitle>
                  <p className="text-sm text-slate-700 dark:text-slate-300">{group.description}</p>
                </CardHeader>
                <CardContent>
                  <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 marker:text-blue-700 dark:text-slate-300 dark:marker:text-blue-400">
                    {group.responsibilities.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="partners" className="mt-16">
        <h2 id="partners" className={sectionTitle}>
          {PARTNERS_SECTION.title}
        </h2>
        <p className={lead}>{PARTNERS_SECTION.lead}</p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {PARTNERS.map((partner) => (
            <li key={partner.name} className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900">
              <h3 className="font-semibold">{partner.name}</h3>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{partner.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-16 grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="contact-details">
          <h2 id="contact-details" className={sectionTitle}>
            {CONTACT_SECTION.title}
          </h2>
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
        </section>
        <section
          aria-labelledby="about-cta"
          className="flex flex-col justify-center rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-700 dark:bg-slate-900"
        >
          <h2 id="about-cta" className="text-xl font-bold">
            {ABOUT_CTA.title}
          </h2>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{ABOUT_CTA.body}</p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            {ABOUT_CTA.actions.map((action, index) => (
              <ButtonLink key={action.to} to={action.to} variant={index === 0 ? "default" : "outline"}>
                {action.label}
              </ButtonLink>
            ))}
          </div>
        </section>
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
