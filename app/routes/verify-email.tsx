/**
 * /verify-email?token=…: the page a verification or email-change link opens.
 * The loader only looks the token up; the Confirm button posts it (so a mail
 * scanner fetching the link changes nothing). Signed-in users with an
 * unverified address also post `intent=resend` here (the banner's button).
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { Alert, FormAlert } from "~/components/ui/form-alert";
import { ACCOUNT_PAGES, ACCOUNT_PATHS } from "~/content/account-mail";
import { findAccountToken } from "~/models/account-tokens.server";
import { AUTH_FORM_SCHEMAS } from "~/services/auth-forms.server";
import { applyEmailLink } from "~/services/email-verification.server";
import { handleIntent } from "~/services/form-intent.server";
import { clientIp, retryAfterHeader, safeRedirect } from "~/services/http.server";
import { limitAccountMail, retryMessage } from "~/services/rate-limit.server";
import { getViewer, requireViewer } from "~/services/session.server";
import { resendVerification } from "~/services/signup.server";

const PAGE = ACCOUNT_PAGES.verify;
const PRIVATE_HEADERS = { "Referrer-Policy": "same-origin", "Cache-Control": "no-store" };

export const meta: MetaFunction = () => [{ title: PAGE.title }, { name: "robots", content: "noindex" }];

export const headers: HeadersFunction = ({ actionHeaders }) => ({ ...PRIVATE_HEADERS, ...retryAfterHeader(actionHeaders) });

export function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const grant = findAccountToken(token, ["email-verify", "email-change"], new Date());
  return json(grant ? { token, change: grant.purpose === "email-change", email: grant.email } : { token: null, change: false, email: null }, {
    headers: PRIVATE_HEADERS,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleIntent(request, AUTH_FORM_SCHEMAS.verifyEmail, async (value) => {
    const now = new Date();
    if (value.intent === "resend") {
      const { user } = await requireViewer(request);
      const back = safeRedirect(new URL(request.url).searchParams.get("returnTo"), "/portal/dashboard");
      if (user.emailVerified) return redirect(back);
      const retryAfter = await limitAccountMail("verify", clientIp(context), user.email);
      if (retryAfter) return { redirectTo: back, toast: { title: "Not Sent", description: retryMessage(retryAfter), variant: "destructive" } };
      resendVerification(user.id, user.email, now);
      return { redirectTo: back, toast: PAGE.resentToast };
    }
    const outcome = applyEmailLink(value.token, now);
    if (outcome === "invalid") return { formErrors: [PAGE.invalid] };
    const next = (await getViewer(request)) ? "/portal/account" : ACCOUNT_PATHS.login;
    return { redirectTo: next, toast: outcome === "verified" ? PAGE.verifiedToast : outcome === "changed" ? PAGE.changedToast : PAGE.takenToast };
  });
}

export default function VerifyEmail() {
  const { token, change, email } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const errors = reply?.submission.error?.[""] ?? undefined;
  if (!token || errors) {
    return (
      <AuthCard heading={PAGE.invalidHeading} description={PAGE.invalid}>
        {reply ? <Alert>{PAGE.invalid}</Alert> : null}
        <Link to={ACCOUNT_PATHS.login} className="font-medium text-blue-700 underline dark:text-blue-400">
          Sign in
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard heading={change ? PAGE.changeHeading : PAGE.heading} description={`${PAGE.description} ${email}.`}>
      <Form method="post" className="flex flex-col gap-4">
        <FormAlert form={{ errorId: "verify-error", errors }} />
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="token" value={token} />
        <Button type="submit">{PAGE.submit}</Button>
      </Form>
    </AuthCard>
  );
}
