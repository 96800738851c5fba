/**
 * /portal/account/security — two-factor authentication (set up, confirm,
 * cancel, disable; recovery codes shown once at enrolment and regenerable
 * with a code, docs/decisions/0049-two-factor-recovery-codes.md), sign-in preferences, and the active sessions with Sign
 * out and "Logout All Other Sessions". Every form posts a hidden `intent`
 * handled by `handleIntent` with `securityIntentSchema`; success redirects
 * with a flash toast, refusals re-render with a 4xx status, a message and a
 * toast for JavaScript users. Only the viewer's own records are ever touched.
 * Passkeys are listed with rename and remove forms; adding one is a JavaScript
 * enhancement posting to /api/auth/passkeys/registration/* (docs/decisions/0130-passkeys.md).
 */
import { HelpLink } from "~/components/help/help-link";
import { HELP_LINKS } from "~/content/help-paths";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PasskeysCard } from "~/components/account/security/passkeys-card";
import { SessionsCard } from "~/components/account/security/sessions-card";
import { SignInPreferences } from "~/components/account/security/sign-in-preferences";
import { SECURITY_PAGE } from "~/components/account/security/styles";
import { TwoFactorCard } from "~/components/account/security/two-factor-card";
import { type IntentReplyData, UnknownIntentAlert, useReplyToast } from "~/components/portal/intent-form";
import type { ToastMessage } from "~/components/ui/toast";
import { SECURITY_REFUSALS, SECURITY_TOASTS, SESSION_TIMEOUT_OPTIONS } from "~/content/account";
import { PASSKEY_REFUSALS, PASSKEY_TOASTS } from "~/content/passkeys";
import { groupSecret, securitySavedToast, sessionsSignedOutToast } from "~/domain/account-security";
import { formatDateTime } from "~/domain/signal-display";
import { describeDevice } from "~/domain/user-agent";
import { listPasskeys, removePasskey, renamePasskey } from "~/models/passkeys.server";
import { deleteOtherSessions, listSessionsWithHandles, revokeSessionByHandle } from "~/models/sessions.server";
import {
  cancelEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  enrolmentQrCode,
  getPendingEnrolment,
  isTwoFactorEnabled,
  recoveryCodesLeft,
  regenerateRecoveryCodes,
  startEnrolment,
  twoFactorEnabledAt,
  verifySecondFactor,
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
        recoveryCodesLeft: enabledAt ? recoveryCodesLeft(userId) : null,
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
      passkeys: listPasskeys(userId).map((passkey) => ({
        id: passkey.id,
        name: passkey.name,
        createdAt: passkey.createdAt.toISOString(),
        createdText: formatDateTime(passkey.createdAt),
        lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
        lastUsedText: passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : null,
        synced: passkey.backedUp,
      })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** What a re-rendered page carries: a toast for JavaScript users and, once, freshly issued recovery codes. */
type Refusal = { toast: ToastMessage; recoveryCodes?: string[] };

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

/** The page re-rendered (200) with freshly issued recovery codes, shown once, and `toast` for JavaScript users. */
function showRecoveryCodes(recoveryCodes: string[], toast: ToastMessage): IntentOutcome<Refusal> {
  return { data: { toast, recoveryCodes }, status: 200 };
}

/**
 * Runs `act` with a second factor (an authenticator code or a recovery code)
 * of a user with two-factor on; codes are guessable in bulk, so attempts share
 * the sign-in code step's budget. `act` returns null for a wrong code.
 */
async function withSecondFactor(
  ip: string,
  userId: number,
  act: () => Promise<IntentOutcome<Refusal> | null>,
): Promise<IntentOutcome<Refusal>> {
  if (!isTwoFactorEnabled(userId)) return refuse(SECURITY_REFUSALS.notEnabled);
  const limitKey = `2fa:${userId}`;
  const retryAfter = await limitSignIn(ip, limitKey);
  if (retryAfter) {
    const message = `${SECURITY_REFUSALS.tooManyAttempts.message} ${retryMessage(retryAfter)}`;
    return refuse({ ...SECURITY_REFUSALS.tooManyAttempts, message }, { status: 429, field: "code", headers: { "Retry-After": String(retryAfter) } });
  }
  const outcome = await act();
  if (!outcome) return refuse(SECURITY_REFUSALS.invalidCode, { field: "code" });
  await resetSignInLimit(limitKey);
  return outcome;
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
      case "2fa-confirm": {
        if (!getPendingEnrolment(userId)) return refuse(SECURITY_REFUSALS.setupExpired);
        const codes = await confirmEnrolment(userId, value.code ?? "");
        if (!codes) return refuse(SECURITY_REFUSALS.invalidCode, { field: "code" });
        return showRecoveryCodes(codes, SECURITY_TOASTS.enabled);
      }
      case "2fa-cancel":
        cancelEnrolment(userId);
        return { toast: SECURITY_TOASTS.cancelled, redirectTo: SECURITY_PAGE };
      case "2fa-disable":
        return withSecondFactor(clientIp(context), userId, async () =>
          (await disableTwoFactor(userId, value.code ?? "")) ? { toast: SECURITY_TOASTS.disabled, redirectTo: SECURITY_PAGE } : null,
        );
      case "2fa-recovery-codes":
        return withSecondFactor(clientIp(context), userId, async () => {
          if (!(await verifySecondFactor(userId, value.code ?? ""))) return null;
          const codes = regenerateRecoveryCodes(userId);
          return codes ? showRecoveryCodes(codes, SECURITY_TOASTS.recoveryCodes) : refuse(SECURITY_REFUSALS.notEnabled);
        });
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
      case "passkey-rename":
        if (!renamePasskey(userId, value.passkeyId, value.name)) return refuse(PASSKEY_REFUSALS.notFound, { status: 404 });
        return { toast: PASSKEY_TOASTS.renamed, redirectTo: `${SECURITY_PAGE}#passkeys` };
      case "passkey-remove":
        if (!removePasskey(userId, value.passkeyId)) return refuse(PASSKEY_REFUSALS.notFound, { status: 404 });
        return { toast: PASSKEY_TOASTS.removed, redirectTo: `${SECURITY_PAGE}#passkeys` };
    }
  });
}

export default function SecurityPage() {
  const { twoFactor, settings, timeoutOptions, sessions, passkeys } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as IntentReplyData<Refusal>;
  useReplyToast(reply);
  return (
    <div className="flex flex-col gap-6">
      <HelpLink slug={HELP_LINKS.twoFactor} label="Help: two-factor sign-in and recovery codes" />
      <UnknownIntentAlert reply={reply} />
      <TwoFactorCard twoFactor={twoFactor} reply={reply} recoveryCodes={reply?.data?.recoveryCodes ?? null} />
      <PasskeysCard passkeys={passkeys} reply={reply} />
      <SignInPreferences settings={settings} timeoutOptions={timeoutOptions} reply={reply} />
      <SessionsCard sessions={sessions} reply={reply} />
    </div>
  );
}
