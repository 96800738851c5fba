/**
 * The passkeys card of the Security tab: each passkey with its name, when it was
 * added and last used, a rename form and a remove form (plain posts, working
 * without JavaScript). "Add a passkey" is an enhancement: it renders only once
 * the page has hydrated in a browser with WebAuthn, and loads the ceremony code
 * (@simplewebauthn/browser) only when pressed.
 */
import { Form, useNavigation, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { type IntentReplyData, replyFormError } from "~/components/portal/intent-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Alert } from "~/components/ui/form-alert";
import { useHydrated } from "~/components/ui/use-hydrated";
import { PASSKEY_NAME_MAX, PASSKEY_TEXTS, PASSKEY_TOASTS } from "~/content/passkeys";
import { mutedText, SECURITY_PAGE } from "./styles";

export interface PasskeyRow {
  id: number;
  name: string;
  createdAt: string;
  createdText: string;
  lastUsedAt: string | null;
  lastUsedText: string | null;
  /** Backed up (synced by a password manager or platform account). */
  synced: boolean;
}

/** "Add a passkey": runs the registration ceremony, then reloads the list. */
function AddPasskeyButton() {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  async function add() {
    setBusy(true);
    setStatus(null);
    const { registerPasskey } = await import("~/components/auth/passkey-ceremonies");
    const outcome = await registerPasskey().catch(() => ({ ok: false as const, cancelled: false, message: PASSKEY_TEXTS.failed }));
    setBusy(false);
    if (outcome.ok) {
      setStatus({ error: false, text: PASSKEY_TOASTS.added.title });
      revalidator.revalidate();
    } else {
      setStatus({ error: !outcome.cancelled, text: outcome.message });
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" onClick={() => void add()} disabled={busy}>
        {busy ? PASSKEY_TEXTS.adding : PASSKEY_TEXTS.add}
      </Button>
      <p role="status" className={status?.error ? "text-sm text-red-700 dark:text-red-400" : mutedText}>
        {status?.text ?? ""}
      </p>
    </div>
  );
}

export function PasskeysCard({ passkeys, reply }: { passkeys: PasskeyRow[]; reply: IntentReplyData }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith(SECURITY_PAGE);
  const error = replyFormError(reply, "passkey-rename") ?? replyFormError(reply, "passkey-remove");
  const nameError = reply?.intent === "passkey-rename" ? reply.submission.error?.name?.[0] : undefined;
  const supported = hydrated && typeof window !== "undefined" && "PublicKeyCredential" in window;
  return (
    <Card id="passkeys">
      <CardHeader>
        <h2 className="text-xl font-semibold">{PASSKEY_TEXTS.heading}</h2>
        <CardDescription>{PASSKEY_TEXTS.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {error ? <Alert>{error}</Alert> : null}
        {nameError ? <Alert>{nameError}</Alert> : null}
        {passkeys.length === 0 ? (
          <p className={mutedText}>{PASSKEY_TEXTS.empty}</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-700" aria-label="Passkeys">
            {passkeys.map((passkey) => (
              <li key={passkey.id} data-testid="passkey-row" className="flex flex-col gap-2 py-3">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {passkey.name}
                  {passkey.synced ? <Badge variant="success">Synced</Badge> : null}
                </p>
                <p className={mutedText}>
                  Added <time dateTime={passkey.createdAt}>{passkey.createdText}</time>
                  {" · "}
                  {passkey.lastUsedAt ? (
                    <>
                      Last used <time dateTime={passkey.lastUsedAt}>{passkey.lastUsedText}</time>
                    </>
                  ) : (
                    "Never used"
                  )}
                </p>
                <div className="flex flex-wrap items-end gap-3">
                  <Form method="post" action={SECURITY_PAGE} className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="passkey-rename" />
                    <input type="hidden" name="passkeyId" value={passkey.id} />
                    <label className="flex flex-col text-sm">
                      <span>{PASSKEY_TEXTS.nameLabel}</span>
                      <input
                        name="name"
                        defaultValue={passkey.name}
                        required
                        maxLength={PASSKEY_NAME_MAX}
                        aria-label={`New name for ${passkey.name}`}
                        className="rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
                      />
                    </label>
                    <Button type="submit" variant="outline" size="sm" disabled={busy} aria-label={`Rename ${passkey.name}`}>
                      {PASSKEY_TEXTS.rename}
                    </Button>
                  </Form>
                  <Form method="post" action={SECURITY_PAGE}>
                    <input type="hidden" name="intent" value="passkey-remove" />
                    <input type="hidden" name="passkeyId" value={passkey.id} />
                    <Button type="submit" variant="destructive" size="sm" disabled={busy} aria-label={`Remove ${passkey.name}`}>
                      {PASSKEY_TEXTS.remove}
                    </Button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
        {supported ? <AddPasskeyButton /> : <p className={mutedText}>{PASSKEY_TEXTS.noScript}</p>}
      </CardContent>
    </Card>
  );
}
