import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { InputField, SelectField } from "~/components/ui/field";
import { Alert } from "~/components/ui/form-alert";
import { toast } from "~/components/ui/toast";
import { formatDateTime } from "~/domain/signal-display";
import { describeDevice } from "~/domain/user-agent";
import { deleteOtherSessions, deleteSessionOfUser, listSessions } from "~/models/sessions.server";
import {
  cancelEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  enrolmentQrCode,
  getPendingEnrolment,
  isTwoFactorEnabled,
  startEnrolment,
  twoFactorEnabledAt,
} from "~/models/two-factor.server";
import {
  getSecuritySettings,
  saveSecuritySettings,
  securitySettingsSchema,
  SESSION_TIMEOUT_OPTIONS,
  sessionTimeoutLabel,
} from "~/models/user-settings.server";
import { clientIp } from "~/services/http.server";
import { limitSignIn, resetSignInLimit, retryMessage } from "~/services/rate-limit.server";
import { requireViewer } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Security | FX Trader" }];

/** The page can show a two-factor secret during enrolment: never cache it. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

const PAGE = "/portal/account/security";

export const INVALID_CODE_MESSAGE = "Invalid code. Enter the current 6-digit code from your authenticator app.";

/** Flash toasts after a successful post (post/redirect/get). */
export const SECURITY_TOASTS = {
  enabled: { title: "Two-Factor Enabled", description: "Sign-in now asks for a code from your authenticator app." },
  disabled: { title: "Two-Factor Disabled", description: "Sign-in no longer asks for a code." },
  cancelled: { title: "Two-Factor Setup Cancelled", description: "Two-factor authentication stays off." },
  saved: { title: "Security Settings Saved", description: "Your security preferences have been updated." },
  revoked: { title: "Session Signed Out", description: "That device has been signed out." },
} as const;

/** 'Sessions Signed Out' toast for `count` revoked sessions. */
export function sessionsSignedOutToast(count: number) {
  return {
    title: "Sessions Signed Out",
    description:
      count === 0
        ? "No other sessions were signed in."
        : `${count} other ${count === 1 ? "session was" : "sessions were"} signed out.`,
  };
}

/**
 * The public handle of a session in this page's forms: a hash of its id, so
 * the session ids themselves (the cookie's payload) never appear in HTML.
 */
async function sessionHandle(id: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`session-handle:${id}`));
  return Array.from(new Uint8Array(digest).slice(0, 16), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Groups a base32 secret in fours for reading and typing. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const userId = viewer.user.id;
  const enabledAt = twoFactorEnabledAt(userId);
  const pending = enabledAt ? null : getPendingEnrolment(userId);
  const settings = getSecuritySettings(userId);
  const sessions = await Promise.all(
    listSessions(userId).map(async (session) => ({
      handle: await sessionHandle(session.id),
      device: describeDevice(session.userAgent),
      createdAt: session.createdAt.toISOString(),
      createdText: formatDateTime(session.createdAt),
      lastSeenAt: (session.lastSeenAt ?? session.createdAt).toISOString(),
      lastSeenText: formatDateTime(session.lastSeenAt ?? session.createdAt),
      current: session.id === viewer.sessionId,
    })),
  );
  // The current session first, then newest first (listSessions' order).
  sessions.sort((a, b) => Number(b.current) - Number(a.current));
  return json(
    {
      twoFactor: {
        enabled: enabledAt !== null,
        enabledAt: enabledAt?.toISOString() ?? null,
        enabledText: enabledAt ? formatDateTime(enabledAt) : null,
        pending: pending
          ? {
              secret: groupSecret(pending.secret),
              otpauthUri: pending.otpauthUri,
              qrDataUrl: await enrolmentQrCode(pending.otpauthUri),
            }
          : null,
      },
      settings,
      timeoutOptions: SESSION_TIMEOUT_OPTIONS.map((o) => ({ minutes: o.minutes, label: o.label })),
      sessions,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

type Intent = "2fa-start" | "2fa-confirm" | "2fa-cancel" | "2fa-disable" | "settings" | "revoke" | "logout-others";

interface ActionError {
  intent: Intent | "unknown";
  /** The form field the message belongs to, or "form". */
  field: string;
  title: string;
  message: string;
  /** Submitted settings, to re-render the form as it was sent. */
  values?: { loginNotifications: boolean };
}

function failure(status: number, error: ActionError, headers: HeadersInit = {}) {
  const all = new Headers(headers);
  all.set("Cache-Control", "no-store");
  return json<ActionError>(error, { status, headers: all });
}

function text(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request);
  // Only the viewer's own records are ever touched: any user id in the form is ignored.
  const userId = viewer.user.id;
  const formData = await request.formData();
  const intent = text(formData, "intent");

  switch (intent) {
    case "2fa-start": {
      if (isTwoFactorEnabled(userId)) {
        return failure(400, {
          intent,
          field: "form",
          title: "Already Enabled",
          message: "Two-factor authentication is already on. Disable it first to set up a new authenticator.",
        });
      }
      startEnrolment(userId);
      return redirect(`${PAGE}#two-factor`);
    }

    case "2fa-confirm": {
      if (!getPendingEnrolment(userId)) {
        return failure(400, {
          intent,
          field: "form",
          title: "Setup Expired",
          message: "There is no two-factor setup in progress. Start the setup again.",
        });
      }
      if (!(await confirmEnrolment(userId, text(formData, "code")))) {
        return failure(400, { intent, field: "code", title: "Invalid Code", message: INVALID_CODE_MESSAGE });
      }
      return redirectWithToast(request, PAGE, SECURITY_TOASTS.enabled);
    }

    case "2fa-cancel": {
      cancelEnrolment(userId);
      return redirectWithToast(request, PAGE, SECURITY_TOASTS.cancelled);
    }

    case "2fa-disable": {
      if (!isTwoFactorEnabled(userId)) {
        return failure(400, { intent, field: "form", title: "Not Enabled", message: "Two-factor authentication is already off." });
      }
      // Codes are guessable in bulk: share the per-account budget with the sign-in code step.
      const limitKey = `2fa:${userId}`;
      const retryAfter = await limitSignIn(clientIp(context), limitKey);
      if (retryAfter) {
        return failure(
          429,
          { intent, field: "code", title: "Too Many Attempts", message: `Too many code attempts. ${retryMessage(retryAfter)}` },
          { "Retry-After": String(retryAfter) },
        );
      }
      if (!(await disableTwoFactor(userId, text(formData, "code")))) {
        return failure(400, { intent, field: "code", title: "Invalid Code", message: INVALID_CODE_MESSAGE });
      }
      await resetSignInLimit(limitKey);
      return redirectWithToast(request, PAGE, SECURITY_TOASTS.disabled);
    }

    case "settings": {
      const parsed = securitySettingsSchema.safeParse({
        loginNotifications: formData.get("loginNotifications") ?? undefined,
        sessionTimeoutMinutes: formData.get("sessionTimeoutMinutes") ?? undefined,
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return failure(400, {
          intent,
          field: String(issue?.path[0] ?? "form"),
          title: "Invalid Input",
          message: issue?.message ?? "Check the security settings and try again.",
          values: { loginNotifications: formData.has("loginNotifications") },
        });
      }
      const saved = saveSecuritySettings(userId, parsed.data);
      return redirectWithToast(request, PAGE, {
        title: SECURITY_TOASTS.saved.title,
        description: `Login notifications ${saved.loginNotifications ? "on" : "off"}; new sign-ins last ${sessionTimeoutLabel(saved.sessionTimeoutMinutes)}.`,
      });
    }

    case "revoke": {
      const handle = text(formData, "sessionId");
      // Resolve the handle among the viewer's own sessions only; another user's session is never found.
      const mine = listSessions(userId);
      let target: (typeof mine)[number] | undefined;
      for (const session of mine) {
        if (handle && (await sessionHandle(session.id)) === handle) target = session;
      }
      if (!target) {
        return failure(404, {
          intent,
          field: "form",
          title: "Session Not Found",
          message: "That session was not found. It may have signed out or expired already.",
        });
      }
      if (target.id === viewer.sessionId) {
        return failure(400, {
          intent,
          field: "form",
          title: "Current Session",
          message: "This is the session you are using. Use Log out to end it.",
        });
      }
      if (!deleteSessionOfUser(userId, target.id)) {
        return failure(404, {
          intent,
          field: "form",
          title: "Session Not Found",
          message: "That session was not found. It may have signed out or expired already.",
        });
      }
      return redirectWithToast(request, PAGE, SECURITY_TOASTS.revoked);
    }

    case "logout-others": {
      const count = deleteOtherSessions(userId, viewer.sessionId);
      return redirectWithToast(request, PAGE, sessionsSignedOutToast(count));
    }

    default:
      return failure(400, {
        intent: "unknown",
        field: "form",
        title: "Error",
        message: "That request was not understood. Please try again.",
      });
  }
}

const mutedText = "text-sm text-slate-700 dark:text-slate-300";

export default function SecurityPage() {
  const { twoFactor, settings, timeoutOptions, sessions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === PAGE;
  const busyIntent = busy ? navigation.formData?.get("intent") : null;
  const busySession = busy ? navigation.formData?.get("sessionId") : null;

  useEffect(() => {
    if (actionData) toast({ title: actionData.title, description: actionData.message, variant: "destructive" });
  }, [actionData]);

  const errorFor = (intent: Intent, field: string) =>
    actionData && actionData.intent === intent && actionData.field === field ? actionData.message : undefined;
  const formErrorFor = (intent: Intent) => errorFor(intent, "form");
  const otherSessions = sessions.filter((s) => !s.current).length;
  const loginNotifications =
    actionData?.intent === "settings" && actionData.values ? actionData.values.loginNotifications : settings.loginNotifications;

  return (
    <div className="flex flex-col gap-6">
      {actionData?.intent === "unknown" ? (
        <Alert>
          {actionData.message}
        </Alert>
      ) : null}

      {/* (a) Two-factor authentication */}
      <Card id="two-factor">
        <CardHeader>
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-xl font-semibold">Two-factor authentication</h2>
            {twoFactor.enabled ? (
              <Badge variant="success">On</Badge>
            ) : twoFactor.pending ? (
              <Badge variant="warning">Setup in progress</Badge>
            ) : (
              <Badge variant="secondary">Off</Badge>
            )}
          </div>
          <CardDescription>
            Ask for a 6-digit code from an authenticator app (Google Authenticator, 1Password, Authy and others) each time you sign
            in, with a password or with single sign-on.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {formErrorFor("2fa-start") || formErrorFor("2fa-confirm") || formErrorFor("2fa-disable") ? (
            <Alert>
              {formErrorFor("2fa-start") ?? formErrorFor("2fa-confirm") ?? formErrorFor("2fa-disable")}
            </Alert>
          ) : null}

          {twoFactor.enabled ? (
            <>
              <p className={mutedText}>
                Two-factor authentication is on
                {twoFactor.enabledAt && twoFactor.enabledText ? (
                  <>
                    {" "}
                    since <time dateTime={twoFactor.enabledAt}>{twoFactor.enabledText}</time>
                  </>
                ) : null}
                . To turn it off, enter a current code from your authenticator app.
              </p>
              <Form method="post" action={PAGE} className="flex max-w-sm flex-col gap-3">
                <input type="hidden" name="intent" value="2fa-disable" />
                <CodeInput id="disable-code" error={errorFor("2fa-disable", "code")} />
                <Button type="submit" variant="destructive" disabled={busy} className="self-start">
                  {busyIntent === "2fa-disable" ? "Disabling..." : "Disable two-factor authentication"}
                </Button>
              </Form>
            </>
          ) : twoFactor.pending ? (
            <ol className="flex flex-col gap-5">
              <li className="flex flex-col gap-2">
                <h3 className="font-semibold">1. Scan this QR code with your authenticator app</h3>
                <img
                  src={twoFactor.pending.qrDataUrl}
                  alt="QR code that adds FX Trader to your authenticator app"
                  width={220}
                  height={220}
                  className="rounded-md border border-slate-200 bg-white p-2 dark:border-slate-700"
                />
              </li>
              <li className="flex flex-col gap-2">
                <h3 className="font-semibold">2. Or enter the setup key by hand</h3>
                <p className={mutedText}>Choose a time-based account and type this key:</p>
                <code
                  data-testid="two-factor-secret"
                  className="block max-w-md rounded-md bg-slate-100 p-3 font-mono text-sm tracking-wider break-all text-slate-900 select-all dark:bg-slate-950 dark:text-slate-100"
                >
                  {twoFactor.pending.secret}
                </code>
                <p className={mutedText}>
                  On this phone?{" "}
                  <a href={twoFactor.pending.otpauthUri} className="font-medium text-blue-700 underline dark:text-blue-400">
                    Open in your authenticator app
                  </a>
                </p>
              </li>
              <li className="flex flex-col gap-2">
                <h3 className="font-semibold">3. Enter the code the app shows</h3>
                <Form method="post" action={PAGE} className="flex max-w-sm flex-col gap-3">
                  <input type="hidden" name="intent" value="2fa-confirm" />
                  <CodeInput id="confirm-code" error={errorFor("2fa-confirm", "code")} />
                  <Button type="submit" disabled={busy} className="self-start">
                    {busyIntent === "2fa-confirm" ? "Verifying..." : "Verify and enable"}
                  </Button>
                </Form>
                <Form method="post" action={PAGE}>
                  <input type="hidden" name="intent" value="2fa-cancel" />
                  <Button type="submit" variant="ghost" size="sm" disabled={busy}>
                    Cancel setup
                  </Button>
                </Form>
              </li>
            </ol>
          ) : (
            <Form method="post" action={PAGE}>
              <input type="hidden" name="intent" value="2fa-start" />
              <Button type="submit" disabled={busy}>
                {busyIntent === "2fa-start" ? "Starting..." : "Set up two-factor authentication"}
              </Button>
            </Form>
          )}
        </CardContent>
      </Card>

      {/* (b) Preferences */}
      <Card>
        <CardHeader>
          <h2 className="text-xl font-semibold">Sign-in preferences</h2>
          <CardDescription>How you are told about sign-ins and how long a sign-in lasts.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" action={PAGE} className="flex max-w-md flex-col gap-5">
            <input type="hidden" name="intent" value="settings" />
            {formErrorFor("settings") ? (
              <Alert>
                {formErrorFor("settings")}
              </Alert>
            ) : null}
            <div className="flex items-start gap-3">
              <input
                id="login-notifications"
                name="loginNotifications"
                type="checkbox"
                defaultChecked={loginNotifications}
                aria-describedby="login-notifications-hint"
                className="mt-0.5 h-4 w-4 rounded border-slate-400 accent-blue-700 dark:accent-blue-400"
              />
              <div>
                <label htmlFor="login-notifications" className="text-sm font-medium text-slate-800 dark:text-slate-200">
                  Login notifications
                </label>
                <p id="login-notifications-hint" className="text-xs text-slate-600 dark:text-slate-400">
                  Email me when my account is signed in on a new device. Your choice is saved now; emails start once email
                  delivery is switched on for FX Trader.
                </p>
              </div>
            </div>
            <SelectField
              id="session-timeout"
              name="sessionTimeoutMinutes"
              label="Session timeout"
              defaultValue={String(settings.sessionTimeoutMinutes)}
              hint="How long a new sign-in stays valid. Devices already signed in keep their current expiry."
              error={errorFor("settings", "sessionTimeoutMinutes")}
            >
              {timeoutOptions.map((option) => (
                <option key={option.minutes} value={option.minutes}>
                  {option.label}
                </option>
              ))}
            </SelectField>
            <Button type="submit" disabled={busy} className="self-start">
              {busyIntent === "settings" ? "Saving..." : "Save Security Settings"}
            </Button>
          </Form>
        </CardContent>
      </Card>

      {/* (c) Active sessions */}
      <Card>
        <CardHeader>
          <h2 className="text-xl font-semibold">Active Sessions</h2>
          <CardDescription>Devices signed in to your account. Signing a device out ends its session at once.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {formErrorFor("revoke") ? (
            <Alert>
              {formErrorFor("revoke")}
            </Alert>
          ) : null}
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
                  <Form method="post" action={PAGE}>
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
          <Form method="post" action={PAGE} className="flex flex-wrap items-center gap-3">
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
    </div>
  );
}

function CodeInput({ id, error }: { id: string; error?: string }) {
  return (
    <InputField
      id={id}
      name="code"
      label="6-digit code"
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={7}
      required
      spellCheck={false}
      className="max-w-40 font-mono tracking-widest"
      error={error}
    />
  );
}
