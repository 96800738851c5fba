/** The cards beside the /contact form: support, hours, strategy call, Telegram, quick answers, office. */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import {
  BUSINESS_HOURS_CARD,
  QUICK_ANSWERS_CARD,
  STRATEGY_CALL_CARD,
  STRATEGY_CALL_PATH,
  SUPPORT_CARD,
  TELEGRAM_CARD,
} from "~/content/contact";

function SideCard({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      {children ? <CardContent className="text-sm text-slate-700 dark:text-slate-300">{children}</CardContent> : null}
    </Card>
  );
}

/** The side column of /contact; `signedIn` members get a link to their Telegram alerts. */
export function ContactSideCards({ signedIn, telegramOn }: { signedIn: boolean; telegramOn: boolean }) {
  return (
    <aside className="flex flex-col gap-6" aria-label="Other ways to reach us">
      <SideCard title={SUPPORT_CARD.title} description={SUPPORT_CARD.description}>
        <dl className="flex flex-col gap-2">
          <div>
            <dt className="font-medium text-slate-900 dark:text-slate-100">Email</dt>
            <dd>
              <a className="text-blue-700 underline dark:text-blue-400" href={`mailto:${SUPPORT_CARD.email}`}>
                {SUPPORT_CARD.email}
              </a>
            </dd>
          </div>
        </dl>
      </SideCard>

      <SideCard title={BUSINESS_HOURS_CARD.title}>
        <dl className="flex flex-col gap-1.5">
          {BUSINESS_HOURS_CARD.hours.map((row) => (
            <div key={row.days} className="flex justify-between gap-4">
              <dt>{row.days}</dt>
              <dd className="font-medium text-slate-900 dark:text-slate-100">{row.time}</dd>
            </div>
          ))}
        </dl>
      </SideCard>

      <SideCard title={STRATEGY_CALL_CARD.title} description={STRATEGY_CALL_CARD.description}>
        <Link to={STRATEGY_CALL_PATH} className={buttonClass("default", "md", "w-full")}>
          {STRATEGY_CALL_CARD.button}
        </Link>
      </SideCard>

      <SideCard title={TELEGRAM_CARD.title} description={TELEGRAM_CARD.description}>
        <p data-testid="telegram-status">{telegramOn ? TELEGRAM_CARD.statusOn : TELEGRAM_CARD.statusOff}</p>
        {signedIn ? (
          <Link to={TELEGRAM_CARD.settingsLink.to} className={buttonClass("outline", "md", "mt-3 w-full")}>
            {TELEGRAM_CARD.settingsLink.label}
          </Link>
        ) : null}
      </SideCard>

      <SideCard title={QUICK_ANSWERS_CARD.title}>
        <ul className="list-disc space-y-1.5 pl-5">
          {QUICK_ANSWERS_CARD.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </SideCard>

    </aside>
  );
}
