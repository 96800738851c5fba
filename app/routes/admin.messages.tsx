/**
 * /admin/messages — messages sent through /contact, newest first; strategy
 * call requests are marked with their requested time in New York and UTC;
 * messages from accounts whose plan has the priority support queue come first,
 * marked "Priority" (docs/decisions/0157-plans-as-entitlements.md). Admins only:
 * signed-out visitors are sent to sign in, other users get a 403 page.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminErrorPage } from "~/components/admin/admin-error";
import { buttonClass } from "~/components/ui/button";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { EXPERIENCE_LABELS, PREFERRED_TIME_LABELS, TOPIC_LABELS } from "~/content/contact";
import { formatCallSlot } from "~/domain/call-slots";
import { formatDateTime } from "~/domain/signal-display";
import { listContactMessages, prioritySenders } from "~/models/contact.server";
import { requireAdminViewer } from "~/services/session.server";
import { listDriftNotices } from "~/models/projection-check.server";
import { ProjectionDriftBanner } from "~/components/admin/projection-drift-banner";

/** How many messages the page lists. */
const MESSAGES_SHOWN = 200;

export const meta: MetaFunction = () => [
  { title: "Contact Messages | FX Trader Admin" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminViewer(request);
  const rows = listContactMessages(MESSAGES_SHOWN);
  const priority = prioritySenders(rows.map((m) => m.email), new Date());
  const listed = rows.map((m) => ({
    id: m.id,
    priority: priority.has(m.email.toLowerCase()),
    name: m.name,
    email: m.email,
    tradingExperience: m.tradingExperience,
    preferredTime: m.preferredTime,
    goals: m.goals,
    message: m.message,
    topic: m.topic,
    callSlot: m.callSlot ? m.callSlot.toISOString() : null,
    /** The requested call's start as New York shows it, e.g. 'Tue, Nov 24, 9:30 AM EST'. */
    callSlotText: m.callSlot ? formatCallSlot(m.callSlot) : null,
    createdAt: m.createdAt.toISOString(),
  }));
  const messages = [...listed.filter((m) => m.priority), ...listed.filter((m) => !m.priority)];
  return json({ messages, drift: listDriftNotices() }, { headers: { "Cache-Control": "private, no-store" } });
}

function label(map: Record<string, string>, value: string | null): string {
  if (!value) return "Not given";
  return map[value] ?? value;
}

export default function AdminMessages() {
  const { messages, drift } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
      <ProjectionDriftBanner drift={drift} />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Contact Messages</h1>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            Messages sent through the contact form, priority support queue first, then newest first ({messages.length} shown).
          </p>
        </div>
        <Link to="/admin/signals" className={buttonClass("outline", "sm")}>
          Admin signals
        </Link>
      </header>

      {messages.length === 0 ? (
        <p className="mt-10 rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-700 dark:border-slate-600 dark:text-slate-300">
          No messages yet
        </p>
      ) : (
        <ol className="mt-8 flex flex-col gap-4">
          {messages.map((m) => (
            <li key={m.id}>
              <Card>
                <CardHeader className="flex-row flex-wrap items-baseline justify-between gap-2">
                  <h2 className="text-lg font-semibold">
                    {m.priority ? <Badge className="mr-2">Priority</Badge> : null}
                    {m.name}{" "}
                    <a href={`mailto:${m.email}`} className="text-base font-normal text-blue-700 underline dark:text-blue-400">
                      {m.email}
                    </a>
                  </h2>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    Received <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                  </p>
                </CardHeader>
                <CardContent className="flex flex-col gap-3 text-sm">
                  {m.topic === "strategy-call" ? (
                    <p data-testid="call-request" className="font-medium text-slate-900 dark:text-slate-100">
                      {TOPIC_LABELS["strategy-call"]} requested for{" "}
                      {m.callSlot ? (
                        <time dateTime={m.callSlot} title={formatDateTime(m.callSlot)}>
                          {m.callSlotText}
                        </time>
                      ) : (
                        "no time given"
                      )}
                    </p>
                  ) : null}
                  <div className="flex flex-wrap gap-2">
                    <Badge variant="secondary">Experience: {label(EXPERIENCE_LABELS, m.tradingExperience)}</Badge>
                    <Badge variant="outline">Preferred time: {label(PREFERRED_TIME_LABELS, m.preferredTime)}</Badge>
                  </div>
                  {m.goals ? (
                    <div>
                      <h3 className="font-medium">Trading goals</h3>
                      <p className="mt-1 whitespace-pre-line text-slate-700 dark:text-slate-300">{m.goals}</p>
                    </div>
                  ) : null}
                  <div>
                    <h3 className="font-medium">Message</h3>
                    <p className="mt-1 whitespace-pre-line text-slate-700 dark:text-slate-300">{m.message}</p>
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorPage failed="The messages could not be loaded. Please try again." />;
}
