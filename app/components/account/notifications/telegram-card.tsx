/**
 * Account → Notifications: the Telegram card. Off when the server has no bot;
 * otherwise the linked chat with Unlink, and "Link Telegram", whose reply
 * carries the one-time deep link (shown only in that reply: the code is stored hashed).
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { type IntentReplyData, replyFormError } from "~/components/portal/intent-form";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Alert } from "~/components/ui/form-alert";
import { NOTIFICATIONS_PAGE } from "~/content/delivery";

/** The reply to "Link Telegram": the deep link and when its code expires (ISO 8601). */
export interface TelegramLinkReply {
  deepLink: string;
  expiresAt: string;
}

export interface TelegramCardProps {
  enabled: boolean;
  /** The linked chat, or null. `linkedAt` is ISO 8601. */
  link: { chatName: string; linkedAt: string } | null;
  /** The Telegram toggle of My Strategies → Settings. */
  toggleOn: boolean;
  reply: IntentReplyData<TelegramLinkReply>;
}

const muted = "text-sm text-slate-700 dark:text-slate-300";
const linkClass = "font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900 dark:text-blue-300 dark:hover:text-blue-200";

function IntentButton({ intent, label, variant }: { intent: string; label: string; variant?: "outline" }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={variant} disabled={busy}>
        {label}
      </Button>
    </Form>
  );
}

export function TelegramCard({ enabled, link, toggleOn, reply }: TelegramCardProps) {
  const created = reply?.intent === "link-telegram" ? reply.data : undefined;
  const error = replyFormError(reply);
  return (
    <Card data-testid="telegram-card">
      <CardHeader>
        <h2 className="text-xl font-semibold">{NOTIFICATIONS_PAGE.title}</h2>
        <CardDescription>{NOTIFICATIONS_PAGE.intro}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!enabled ? (
          <p className={muted} data-testid="telegram-off">
            {NOTIFICATIONS_PAGE.off}
          </p>
        ) : (
          <>
            {error ? <Alert>{error}</Alert> : null}
            {link ? (
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="telegram-linked">
                <dt className="font-medium">{NOTIFICATIONS_PAGE.linkedAs}</dt>
                <dd>{link.chatName}</dd>
                <dt className="font-medium">{NOTIFICATIONS_PAGE.linkedSince}</dt>
                <dd>
                  <time dateTime={link.linkedAt}>{link.linkedAt.slice(0, 16).replace("T", " ")} UTC</time>
                </dd>
              </dl>
            ) : (
              <p className={muted}>{NOTIFICATIONS_PAGE.notLinked}</p>
            )}
            {created ? (
              <section aria-labelledby="telegram-deep-link-title" className="rounded-lg border border-blue-300 bg-blue-50 p-4 text-blue-950 dark:border-blue-700 dark:bg-blue-950 dark:text-blue-100">
                <h3 id="telegram-deep-link-title" className="font-semibold">
                  {NOTIFICATIONS_PAGE.deepLinkLabel}
                </h3>
                <a href={created.deepLink} className={`${linkClass} break-all`} data-testid="telegram-deep-link" target="_blank" rel="noreferrer">
                  {created.deepLink}
                </a>
                <p className="mt-1 text-sm">{NOTIFICATIONS_PAGE.deepLinkExpires}</p>
              </section>
            ) : null}
            <div className="flex flex-wrap gap-3">
              <IntentButton intent="link-telegram" label={link ? NOTIFICATIONS_PAGE.relinkButton : NOTIFICATIONS_PAGE.linkButton} />
              {link ? <IntentButton intent="unlink-telegram" label={NOTIFICATIONS_PAGE.unlinkButton} variant="outline" /> : null}
            </div>
            <p className={muted} data-testid="telegram-toggle">
              {toggleOn ? NOTIFICATIONS_PAGE.toggleOn : NOTIFICATIONS_PAGE.toggleOff}{" "}
              <Link to="/portal/strategies?tab=settings" className={linkClass}>
                {NOTIFICATIONS_PAGE.settingsLink}
              </Link>
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
