/** The two-factor authentication card of the Security tab: set up (QR code, key, confirm), cancel, or disable with a code. */
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { type IntentReplyData, replyFormError, useIntentForm } from "~/components/portal/intent-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { FormInputField } from "~/components/ui/field";
import { Alert } from "~/components/ui/form-alert";
import { securityIntentSchema } from "~/schemas/account";
import { mutedText, SECURITY_PAGE } from "./styles";

export interface TwoFactorState {
  enabled: boolean;
  enabledAt: string | null;
  enabledText: string | null;
  /** The setup in progress: the key grouped for typing, the otpauth URI and its QR code. */
  pending: { secret: string; otpauthUri: string; qrDataUrl: string } | null;
}

const TWO_FACTOR_INTENTS = ["2fa-start", "2fa-confirm", "2fa-cancel", "2fa-disable"] as const;

/** A form of the card: no fields but the hidden intent, or a 6-digit code. */
function IntentForm({
  reply,
  intent,
  withCode,
  children,
  className,
}: {
  reply: IntentReplyData;
  intent: string;
  withCode?: boolean;
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
          label="6-digit code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          required
          spellCheck={false}
          className="max-w-40 font-mono tracking-widest"
        />
      ) : null}
      {children}
    </Form>
  );
}

export function TwoFactorCard({ twoFactor, reply }: { twoFactor: TwoFactorState; reply: IntentReplyData }) {
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
            <IntentForm reply={reply} intent="2fa-disable" withCode className="flex max-w-sm flex-col gap-3">
              <Button type="submit" variant="destructive" disabled={busy} className="self-start">
                {busyIntent === "2fa-disable" ? "Disabling..." : "Disable two-factor authentication"}
              </Button>
            </IntentForm>
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
