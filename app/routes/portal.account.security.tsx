/**
 * /portal/account/security — two-factor authentication (set up, confirm,
 * cancel, disable), sign-in preferences, and the active sessions with Sign
 * out and "Logout All Other Sessions". Every form posts a hidden `intent`
 * handled by `handleIntent` with `securityIntentSchema`; success redirects
 * with a flash toast, refusals re-render with a 4xx status, a message and a
 * toast for JavaScript users. Only the viewer's own records are ever touched.
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SessionsCard } from "~/components/account/security/sessions-card";
import { SignInPreferences } from "~/components/account/security/sign-in-preferences";
import { SECURITY_PAGE } from "~/components/account/security/styles";
import { TwoFactorCard } from "~/components/account/security/two-factor-card";
import { type IntentReplyData, UnknownIntentAlert, useReplyToast } from "~/components/portal/intent-form";
import type { ToastMessage } from "~/components/ui/toast";
import { SECURITY_REFUSALS, SECURITY_TOASTS, SESSION_TIMEOUT_OPTIONS } from "~/content/account";
import { groupSecret, securitySavedToast, sessionsSignedOutToast } from "~/domain/account-security";
import { formatDateTime } from "~/domain/signal-display";
import { describeDevice } from "~/domain/user-agent";
import { deleteOtherSessions, listSessionsWithHandles, revokeSessionByHandle } from "~/models/sessions.server";
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
import { getSecuritySettings, saveSecuritySettings } from "~/models/user-settings.server";
import { securityIntentSchema } from "~/schemas/account";
import { handleIntent, type IntentOutcome } from "~/services/form-intent.server";
import { clientIp } from "~/services/http.server";
import { limitSignIn, resetSignInLimit, retryMessage } from "~/services/rate-limit.server";
import { requireViewer } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Security | FX Trader" }];

/** The page can show a two-factor secret during enrolment: never cache it. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request);
  const userId = viewer.user.id;
  const enabledAt = twoFactorEnabledAt(userId);
  const pending = enabledAt ? null : getPendingEnrolment(userId);
  return json(
    {
      twoFactor: {
        enabled: enabledAt !== null,
        enabledAt: enabledAt?.toISOString() ?? null,
        enabledText: enabledAt ? formatDateTime(enabledAt) : null,
        pending: pending
          ? { secret: groupSecret(pending.secret), otpauthUri: pending.otpauthUri, qrDataUrl: await enrolmentQrCode(pending.otpauthUri) }
          : null,
      },
      settings: getSecuritySettings(userId),
      timeoutOptions: SESSION_TIMEOUT_OPTIONS.map((o) => ({ minutes: o.minutes, label: o.label })),
      // The current session first, then newest first.
      sessions: listSessionsWithHandles(userId, viewer.sessionId).map((session) => ({
        handle: session.handle,
        device: describeDevice(session.userAgent),
        createdAt: session.createdAt.toISOString(),
        createdText: formatDateTime(session.createdAt),
        lastSeenAt: (session.lastSeenAt ?? session.createdAt).toISOString(),
        lastSeenText: formatDateTime(session.lastSeenAt ?? session.createdAt),
        current: session.current,
      })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

type Refusal = { toast: ToastMessage };

/** A refused action: `message` on the `field` (else the form), a destructive toast, status 400 unless told. */
function refuse(
  refusal: { title: string; message: string },
  options: { status?: number; field?: "code"; headers?: HeadersInit } = {},
): IntentOutcome<Refusal> {
  const { status = 400, field, headers } = options;
  const data = { toast: { title: refusal.title, description: refusal.message, variant: "destructive" as const } };
  return field
    ? { fieldErrors: { [field]: [refusal.message] }, data, status, headers }
    : { formErrors: [refusal.message], data, status, headers };
}

/** Disables two-factor with `code`; codes are guessable in bulk, so attempts share the sign-in code step's budget. */
async function disable(ip: string, userId: number, code: string): Promise<IntentOutcome<Refusal>> {
  if (!isTwoFactorEnabled(userId)) return refuse(SECURITY_REFUSALS.notEnabled);
  const limitKey = `2fa:${userId}`;
  const retryAfter = await limitSignIn(ip, limitKey);
  if (retryAfter) {
    const message = `${SECURITY_REFUSALS.tooManyAttempts.message} ${retryMessage(retryAfter)}`;
    return refuse({ ...SECURITY_REFUSALS.tooManyAttempts, message }, { status: 429, field: "code", headers: { "Retry-After": String(retryAfter) } });
  }
  if (!(await disableTwoFactor(userId, code))) return refuse(SECURITY_REFUSALS.invalidCode, { field: "code" });
  await resetSignInLimit(limitKey);
  return { toast: SECURITY_TOASTS.disabled, redirectTo: SECURITY_PAGE };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request);
  // Only the viewer's own records are ever touched: any user id in the form is ignored.
  const userId = viewer.user.id;
  return handleIntent(request, securityIntentSchema, async (value): Promise<IntentOutcome<Refusal>> => {
    switch (value.intent) {
      case "2fa-start":
        if (isTwoFactorEnabled(userId)) return refuse(SECURITY_REFUSALS.alreadyEnabled);
        startEnrolment(userId);
        return redirect(`${SECURITY_PAGE}#two-factor`);
      case "2fa-confirm":
        if (!getPendingEnrolment(userId)) return refuse(SECURITY_REFUSALS.setupExpired);
        if (!(await confirmEnrolment(userId, value.code ?? ""))) return refuse(SECURITY_REFUSALS.invalidCode, { field: "code" });
        return { toast: SECURITY_TOASTS.enabled, redirectTo: SECURITY_PAGE };
      case "2fa-cancel":
        cancelEnrolment(userId);
        return { toast: SECURITY_TOASTS.cancelled, redirectTo: SECURITY_PAGE };
      case "2fa-disable":
        return disable(clientIp(context), userId, value.code ?? "");
      case "settings": {
        const saved = saveSecuritySettings(userId, value);
        return { toast: securitySavedToast(saved), redirectTo: SECURITY_PAGE };
      }
      case "revoke": {
        const outcome = revokeSessionByHandle(userId, value.sessionId ?? "", viewer.sessionId);
        if (outcome === "current") return refuse(SECURITY_REFUSALS.currentSession);
        if (outcome === "not-found") return refuse(SECURITY_REFUSALS.sessionNotFound, { status: 404 });
        return { toast: SECURITY_TOASTS.revoked, redirectTo: SECURITY_PAGE };
      }
      case "logout-others":
        return { toast: sessionsSignedOutToast(deleteOtherSessions(userId, viewer.sessionId)), redirectTo: SECURITY_PAGE };
    }
  });
}

export default function SecurityPage() {
  const { twoFactor, settings, timeoutOptions, sessions } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as IntentReplyData<Refusal>;
  useReplyToast(reply);
  return (
    <div className="flex flex-col gap-6">
      <UnknownIntentAlert reply={reply} />
      <TwoFactorCard twoFactor={twoFactor} reply={reply} />
      <SignInPreferences settings={settings} timeoutOptions={timeoutOptions} reply={reply} />
      <SessionsCard sessions={sessions} reply={reply} />
    </div>
  );
}
