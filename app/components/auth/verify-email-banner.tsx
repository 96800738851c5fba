import { Form, useLocation } from "@remix-run/react";
import { ACCOUNT_PAGES, ACCOUNT_PATHS } from "~/content/account-mail";

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
      <Form method="post" action={`${ACCOUNT_PATHS.verifyEmail}?returnTo=${encodeURIComponent(returnTo)}`} className="mx-auto flex max-w-7xl flex-wrap items-center gap-3">
        <span>{ACCOUNT_PAGES.banner.text}</span>
        <input type="hidden" name="intent" value="resend" />
        <button type="submit" className="font-medium underline">
          {ACCOUNT_PAGES.banner.resend}
        </button>
      </Form>
    </div>
  );
}
