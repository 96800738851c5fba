import { Form, useLocation } from "@remix-run/react";
import { VERIFY_EMAIL_BANNER, VERIFY_EMAIL_PATH } from "~/content/verify-email-banner";

/**
 * The notice signed-in users see on every page until their address is verified,
 * with a native form that mails a new link and comes back to this page.
 */
export function VerifyEmailBanner({ user }: { user: { emailVerified: boolean } | null }) {
  const location = useLocation();
  if (!user || user.emailVerified) return null;
  const returnTo = `${location.pathname}${location.search}`;
  return (
    <div role="status" data-testid="verify-email-banner" className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      <Form method="post" action={`${VERIFY_EMAIL_PATH}?returnTo=${encodeURIComponent(returnTo)}`} className="mx-auto flex max-w-7xl flex-wrap items-center gap-3">
        <span>{VERIFY_EMAIL_BANNER.text}</span>
        <input type="hidden" name="intent" value="resend" />
        <button type="submit" className="font-medium underline">
          {VERIFY_EMAIL_BANNER.resend}
        </button>
      </Form>
    </div>
  );
}
