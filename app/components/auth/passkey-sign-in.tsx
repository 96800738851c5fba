/**
 * Passkey sign-in on /login, for browsers with JavaScript and WebAuthn only (nothing
 * renders without them): a "Sign in with a passkey" button, and the browser's autofill
 * ("conditional UI") offering the site's passkeys from the email field, which carries
 * `autocomplete="username webauthn"`. The ceremony code loads with a dynamic import
 * after hydration, so it is not part of the page's initial JavaScript.
 */
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Alert } from "~/components/ui/form-alert";
import { useHydrated } from "~/components/ui/use-hydrated";
import { PASSKEY_TEXTS } from "~/content/passkeys";

const loadCeremonies = () => import("~/components/auth/passkey-ceremonies");

/** Signs in with the browser's answer: the server sets the session cookie, then the page goes where it says. */
function follow(redirectTo: string | undefined) {
  window.location.assign(redirectTo ?? "/dashboard");
}

export function PasskeySignIn({ returnTo }: { returnTo: string }) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const supported = hydrated && "PublicKeyCredential" in window;

  useEffect(() => {
    if (!supported) return;
    let live = true;
    void loadCeremonies()
      .then(({ signInWithPasskey }) => signInWithPasskey(returnTo, true))
      .then((outcome) => {
        if (!live) return;
        if (outcome.ok) follow(outcome.redirectTo);
        else if (!outcome.cancelled) setError(outcome.message);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      void loadCeremonies().then(({ cancelPasskeyCeremony }) => cancelPasskeyCeremony());
    };
  }, [supported, returnTo]);

  if (!supported) return null;

  async function signIn() {
    setBusy(true);
    setError(null);
    const { signInWithPasskey } = await loadCeremonies();
    const outcome = await signInWithPasskey(returnTo, false).catch(() => ({ ok: false as const, cancelled: false, message: PASSKEY_TEXTS.failed }));
    if (outcome.ok) return follow(outcome.redirectTo);
    setBusy(false);
    setError(outcome.message);
  }

  return (
    <div className="mt-4 flex flex-col gap-2">
      {error ? <Alert>{error}</Alert> : null}
      <Button type="button" variant="outline" className="w-full" onClick={() => void signIn()} disabled={busy}>
        {busy ? PASSKEY_TEXTS.signingIn : PASSKEY_TEXTS.signIn}
      </Button>
    </div>
  );
}
