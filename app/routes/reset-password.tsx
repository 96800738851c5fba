/**
 * /reset-password?token=…: the page a reset link opens. The loader only looks
 * the token up (a read); the form's action spends it, sets the new password
 * (the sign-up's rules), ends every session and signs in — through the
 * two-factor step when the account has it on.
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { Alert, FormAlert } from "~/components/ui/form-alert";
import { InputField } from "~/components/ui/native-field";
import { useServerForm } from "~/components/ui/server-form";
import { ACCOUNT_PAGES, ACCOUNT_PATHS } from "~/content/account-mail";
import { findAccountToken } from "~/models/account-tokens.server";
import { isTwoFactorEnabled } from "~/models/two-factor.server";
import { MIN_PASSWORD_LENGTH } from "~/schemas/password-rules";
import { AUTH_FORM_SCHEMAS } from "~/services/auth-forms.server";
import { handleIntent } from "~/services/form-intent.server";
import { clientIp } from "~/services/http.server";
import { resetPassword } from "~/services/password-reset.server";
import { signIn } from "~/services/session.server";
import { flashToast } from "~/services/toast.server";

const PAGE = ACCOUNT_PAGES.reset;

/** The token is in the address: no Referer carries it to another site, and no cache keeps the page. */
const PRIVATE_HEADERS = { "Referrer-Policy": "same-origin", "Cache-Control": "no-store" };

export const meta: MetaFunction = () => [{ title: PAGE.title }, { name: "robots", content: "noindex" }];

export const headers: HeadersFunction = () => PRIVATE_HEADERS;

export function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const valid = findAccountToken(token, ["password-reset"], new Date()) !== null;
  return json({ token: valid ? token : null }, { headers: PRIVATE_HEADERS });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleIntent(
    request,
    AUTH_FORM_SCHEMAS.resetPassword,
    async ({ token, password }) => {
      const userId = await resetPassword(token, password, new Date());
      if (userId === null) return { formErrors: [PAGE.invalid] };
      // The pending two-factor step and a toast share the flash cookie: the toast is only sent without that step.
      const toast: HeadersInit = isTwoFactorEnabled(userId) ? {} : { "Set-Cookie": await flashToast(request, PAGE.doneToast) };
      return signIn(request, userId, "/portal/dashboard", toast, clientIp(context));
    },
    { hideFields: ["password"] },
  );
}

/** The card of a missing or spent link; after a refused post it also announces the refusal. */
function InvalidLink({ refused }: { refused: boolean }) {
  return (
    <AuthCard heading={PAGE.invalidHeading} description={PAGE.invalid}>
      {refused ? <Alert>{PAGE.invalid}</Alert> : null}
      <Link to={ACCOUNT_PATHS.forgotPassword} className="font-medium text-blue-700 underline dark:text-blue-400">
        {PAGE.askAgain}
      </Link>
    </AuthCard>
  );
}

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  const form = useServerForm(reply?.submission);
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith(ACCOUNT_PATHS.resetPassword);

  if (!token) return <InvalidLink refused={reply !== undefined} />;
  return (
    <AuthCard heading={PAGE.heading} description={PAGE.description}>
      <Form method="post" noValidate ref={form.formRef} className="flex flex-col gap-4">
        <input type="hidden" name="token" value={token} />
        <FormAlert form={{ errorId: "reset-error", errors: form.formErrors }} />
        <InputField
          id="reset-password"
          name="password"
          type="password"
          label="New password"
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          error={form.errorsOf("password")}
        />
        <Button type="submit" disabled={busy}>
          {busy ? PAGE.busy : PAGE.submit}
        </Button>
      </Form>
    </AuthCard>
  );
}
