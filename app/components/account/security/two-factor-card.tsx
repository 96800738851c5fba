/**
 * The two-factor authentication card of the Security tab: set up (QR code,
 * key, confirm), cancel, or disable with a code; the recovery codes (shown
 * once when issued, the count left, new ones on request with a code).
 */
import { getFormProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { type IntentReplyData, replyFormError, useIntentForm } from "~/components/portal/intent-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { FormInputField } from "~/components/ui/field";
import { Alert } from "~/components/ui/form-alert";
import { RECOVERY_CODE_TEXTS } from "~/content/account";
import { recoveryCodesLeftText } from "~/domain/recovery-codes";
import { securityIntentSchema } from "~/schemas/account";
import { mutedText, SECURITY_PAGE } from "./styles";
import { CopyButton } from "~/components/ui/copy-button";

export interface TwoFactorState {
  enabled: boolean;
  enabledAt: string | null;
  enabledText: string | null;
  /** Unused recovery codes while two-factor is on, else null. */
  recoveryCodesLeft: number | null;
  /** The setup in progress: the key grouped for typing, the otpauth URI and its QR code. */
  pending: { secret: string; otpauthUri: string; qrDataUrl: string } | null;
}

const TWO_FACTOR_INTENTS = ["2fa-start", "2fa-confirm", "2fa-cancel", "2fa-disable", "2fa-recovery-codes"] as const;

/** A form of the card: no fields but the hidden intent, or a code (a 6-digit one, or with `codeLabel` also a recovery code). */
function IntentForm({
  reply,
  intent,
  withCode,
  codeLabel,
  children,
  className,
}: {
  reply: IntentReplyData;
  intent: string;
  withCode?: boolean;
  codeLabel?: string;
  children: ReactNode;
  className?: string;
}) {
  const [form, fields] = useIntentForm(reply, { intent, schema: securityIntentSchema });
  return (
    <Form method="post" action={SECURITY_PAGE} {...getFormProps(form)} className={className}>
      <input type="hidden" name="intent" value={intent} />
      {withCode ? (
        <FormInputField
          field={fields.code}
          label={codeLabel ?? "6-digit code"}
          type="text"
          inputMode={codeLabel ? "text" : "numeric"}
          autoComplete="one-time-code"
          pattern={codeLabel ? undefined : "[0-9 ]*"}
          maxLength={codeLabel ? 32 : 7}
          required
          spellCheck={false}
          className="max-w-40 font-mono tracking-widest"
        />
      ) : null}
      {children}
    </Form>
  );
}

/** Freshly issued recovery codes, shown once with how to keep them. */
function NewRecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section
      aria-labelledby="recovery-codes-title"
      className="rounded-md border border-blue-200 bg-blue-50 p-4 text-blue-950 dark:border-blue-800 dark:bg-blue-950/40 dark:text-blue-50"
    >
      <h3 id="recovery-codes-title" className="font-semibold">
        {RECOVERY_CODE_TEXTS.savePrompt}
      </h3>
      <p className="mt-1 text-sm">{RECOVERY_CODE_TEXTS.saveHelp}</p>
      <ol data-testid="recovery-codes" className="mt-3 grid gap-x-6 gap-y-1 font-mono text-sm select-all sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        <CopyButton text={codes.join("\n")} label="Copy codes" />
        <a download="fx-trader-recovery-codes.txt" href={`data:text/plain;charset=utf-8,${encodeURIComponent(`${codes.join("\n")}\n`)}`} className="font-medium text-blue-800 underline dark:text-blue-300">
          Download codes
        </a>
        <Link to={SECURITY_PAGE} className="font-medium text-blue-800 underline dark:text-blue-300">
          {RECOVERY_CODE_TEXTS.saved}
        </Link>
      </div>
    </section>
  );
}

/** The count of unused recovery codes and the form that replaces them. */
function RecoveryCodes({ left, reply, busy }: { left: number; reply: IntentReplyData; busy: boolean }) {
  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
      <h3 className="font-semibold">Recovery codes</h3>
      <p className={mutedText}>
        {recoveryCodesLeftText(left)}. Each one signs you in once if you lose your authenticator app. New codes replace all the old
        ones.
      </p>
      <IntentForm
        reply={reply}
        intent="2fa-recovery-codes"
        withCode
        codeLabel={RECOVERY_CODE_TEXTS.codeLabel}
        className="flex max-w-sm flex-col gap-3"
      >
        <Button type="submit" variant="outline" disabled={busy} className="self-start">
          Generate new recovery codes
        </Button>
      </IntentForm>
    </div>
  );
}

export function TwoFactorCard({
  twoFactor,
  reply,
  recoveryCodes,
}: {
  twoFactor: TwoFactorState;
  reply: IntentReplyData;
  /** Recovery codes issued by the action that rendered this page: shown once. */
  recoveryCodes: string[] | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === SECURITY_PAGE;
  const busyIntent = busy ? navigation.formData?.get("intent") : null;
  // Shown above the forms: a refused form may no longer be on the page (e.g. setup already expired).
  const refusal = TWO_FACTOR_INTENTS.map((intent) => replyFormError(reply, intent)).find(Boolean);
  return (
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
          Ask for a 6-digit code from an authenticator app (Google Authenticator, 1Password, Authy and others) each time you sign in,
          with a password or with single sign-on.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {refusal ? <Alert>{refusal}</Alert> : null}
        {recoveryCodes ? <NewRecoveryCodes codes={recoveryCodes} /> : null}
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
              . To turn it off, enter a current code from your authenticator app, or one of your recovery codes.
            </p>
            <IntentForm
              reply={reply}
              intent="2fa-disable"
              withCode
              codeLabel="6-digit code or recovery code"
              className="flex max-w-sm flex-col gap-3"
            >
              <Button type="submit" variant="destructive" disabled={busy} className="self-start">
                {busyIntent === "2fa-disable" ? "Disabling..." : "Disable two-factor authentication"}
              </Button>
            </IntentForm>
            {twoFactor.recoveryCodesLeft !== null ? <RecoveryCodes left={twoFactor.recoveryCodesLeft} reply={reply} busy={busy} /> : null}
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
              <IntentForm reply={reply} intent="2fa-confirm" withCode className="flex max-w-sm flex-col gap-3">
                <Button type="submit" disabled={busy} className="self-start">
                  {busyIntent === "2fa-confirm" ? "Verifying..." : "Verify and enable"}
                </Button>
              </IntentForm>
              <IntentForm reply={reply} intent="2fa-cancel">
                <Button type="submit" variant="ghost" size="sm" disabled={busy}>
                  Cancel setup
                </Button>
              </IntentForm>
            </li>
          </ol>
        ) : (
          <IntentForm reply={reply} intent="2fa-start" className="flex flex-col gap-3">
            <Button type="submit" disabled={busy} className="self-start">
              {busyIntent === "2fa-start" ? "Starting..." : "Set up two-factor authentication"}
            </Button>
          </IntentForm>
        )}
      </CardContent>
    </Card>
  );
}
