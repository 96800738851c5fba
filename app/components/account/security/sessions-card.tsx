/** The active sessions card of the Security tab: each device with Sign out, and "Logout All Other Sessions". */
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { type IntentReplyData, replyFormError, useIntentForm } from "~/components/portal/intent-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Alert } from "~/components/ui/form-alert";
import { securityIntentSchema } from "~/schemas/account";
import { mutedText, SECURITY_PAGE } from "./styles";

export interface SessionRow {
  /** The session's public handle (never its id). */
  handle: string;
  device: string;
  createdAt: string;
  createdText: string;
  lastSeenAt: string;
  lastSeenText: string;
  current: boolean;
}

export function SessionsCard({ sessions, reply }: { sessions: SessionRow[]; reply: IntentReplyData }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === SECURITY_PAGE;
  const busyIntent = busy ? navigation.formData?.get("intent") : null;
  const busySession = busy ? navigation.formData?.get("sessionId") : null;
  const [othersForm] = useIntentForm(reply, { intent: "logout-others", schema: securityIntentSchema });
  const revokeError = replyFormError(reply, "revoke");
  const otherSessions = sessions.filter((s) => !s.current).length;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold">Active Sessions</h2>
        <CardDescription>Devices signed in to your account. Signing a device out ends its session at once.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {revokeError ? <Alert>{revokeError}</Alert> : null}
        <ul className="divide-y divide-slate-200 dark:divide-slate-700" aria-label="Active sessions">
          {sessions.map((session) => (
            <li key={session.handle} data-testid="session-row" className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {session.device}
                  {session.current ? <Badge variant="success">This device</Badge> : null}
                </p>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  Signed in <time dateTime={session.createdAt}>{session.createdText}</time>
                  {" · "}
                  Last active <time dateTime={session.lastSeenAt}>{session.lastSeenText}</time>
                </p>
              </div>
              {session.current ? null : (
                <Form method="post" action={SECURITY_PAGE}>
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="sessionId" value={session.handle} />
                  <Button
                    type="submit"
                    variant="outline"
                    size="sm"
                    disabled={busy}
                    aria-label={`Sign out ${session.device}, signed in ${session.createdText}`}
                  >
                    {busyIntent === "revoke" && busySession === session.handle ? "Signing out..." : "Sign out"}
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        <Form method="post" action={SECURITY_PAGE} {...getFormProps(othersForm)} className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="logout-others" />
          <Button type="submit" variant="destructive" disabled={busy}>
            {busyIntent === "logout-others" ? "Signing out..." : "Logout All Other Sessions"}
          </Button>
          <p className={mutedText}>
            {otherSessions === 0
              ? "No other devices are signed in."
              : `${otherSessions} other ${otherSessions === 1 ? "device is" : "devices are"} signed in.`}
          </p>
        </Form>
      </CardContent>
    </Card>
  );
}
