/**
 * Pieces the public marketing pages (landing, about, academy, pricing,
 * services, performance) share: calls to action, and the section, card and
 * tile layouts those pages repeat. The disabled "Not available yet" button
 * is in placeholder-button.tsx.
 */
import type { ReactNode } from "react";
import { ButtonLink, type ButtonSize, type ButtonVariant } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { CallToAction } from "~/content/pricing";
import { isDocumentLink } from "~/domain/links";

const muted = "text-slate-700 dark:text-slate-300";

/** A call to action as a button link; links to /api routes load as a full document. */
export function CtaButton({
  action,
  variant,
  size,
  className,
  "aria-describedby": describedBy,
}: {
  action: CallToAction;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  "aria-describedby"?: string;
}) {
  return (
    <ButtonLink
      to={action.to}
      reloadDocument={isDocumentLink(action.to)}
      variant={variant}
      size={size}
      className={className}
      aria-describedby={describedBy}
    >
      {action.label}
    </ButtonLink>
  );
}

/** A row of calls to action: the first is the primary button, the others outlined. */
export function CtaButtons({ actions, size, className }: { actions: readonly CallToAction[]; size?: ButtonSize; className: string }) {
  return (
    <div className={className}>
      {actions.map((action, index) => (
        <CtaButton key={action.to + action.label} action={action} size={size} variant={index === 0 ? "default" : "outline"} />
      ))}
    </div>
  );
}

/** A marketing page's header: its h1 and lead paragraph, then anything else given (e.g. key figures). */
export function PageHeader({
  title,
  lead,
  className = "max-w-3xl",
  leadMargin = "mt-4",
  children,
}: {
  title: ReactNode;
  lead: ReactNode;
  className?: string;
  /** The space above the lead paragraph. */
  leadMargin?: "mt-3" | "mt-4";
  children?: ReactNode;
}) {
  return (
    <header className={className}>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className={`${leadMargin} text-lg ${muted}`}>{lead}</p>
      {children}
    </header>
  );
}

/** A page section with its h2 and an optional lead paragraph. */
export function MarketingSection({
  id,
  title,
  lead,
  className = "mt-16",
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  lead?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`offscreen-skipped ${className}`}>
      <h2 id={id} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      {lead ? <p className={`mt-2 max-w-3xl ${muted}`}>{lead}</p> : null}
      {children}
    </section>
  );
}

/** A section of the landing page: centred at the page width, its h2 (the landing page's larger size) and lead paragraph, then `children`. */
export function LandingSection({
  id,
  title,
  lead,
  className,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  lead: ReactNode;
  /** The section's vertical padding. */
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`offscreen-skipped mx-auto max-w-6xl px-4 ${className}`}>
      <h2 id={id} className="text-3xl font-bold tracking-tight">
        {title}
      </h2>
      <p className={`mt-3 max-w-2xl ${muted}`}>{lead}</p>
      {children}
    </section>
  );
}

/** A boxed call-to-action section: heading, body text, then its actions. */
export function CtaCard({
  id,
  title,
  body,
  className = "",
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  body: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`${className} rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-700 dark:bg-slate-900`.trim()}
    >
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      <p className={`mt-2 ${muted}`}>{body}</p>
      {children}
    </section>
  );
}

/** A page's closing call to action: a centred box with its h2, body text and a row of large buttons (the first primary). */
export function ClosingCta({
  id,
  title,
  body,
  actions,
  className,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  body: ReactNode;
  actions: readonly CallToAction[];
  /** The section's top margin. */
  className: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`${className} rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-700 dark:bg-slate-900`}
    >
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      <p className={`mx-auto mt-3 max-w-2xl ${muted}`}>{body}</p>
      <CtaButtons actions={actions} size="lg" className="mt-6 flex flex-col justify-center gap-3 sm:flex-row" />
    </section>
  );
}

/** A full-height card: title, optional subtitle, then a description and/or other content. */
export function FeatureCard({
  title,
  subtitle,
  description,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {subtitle ? <p className={`text-sm ${muted}`}>{subtitle}</p> : null}
      </CardHeader>
      <CardContent>
        {description ? <p className={`text-sm ${muted}`}>{description}</p> : null}
        {children}
      </CardContent>
    </Card>
  );
}

/** A grid of small bordered tiles, each a title and a line of text. */
export function TileList({
  items,
  className,
}: {
  items: readonly { title: string; description: string }[];
  /** The grid's margin and columns. */
  className: string;
}) {
  return (
    <ul className={`${className} grid gap-4`}>
      {items.map((item) => (
        <li key={item.title} className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900">
          <h3 className="font-semibold">{item.title}</h3>
          <p className={`mt-1 text-sm ${muted}`}>{item.description}</p>
        </li>
      ))}
    </ul>
  );
}
