/**
 * /forgot-password: asks for an account's address and mails a reset link
 * (app/services/password-reset.server.ts). Every accepted request ends on the
 * same "check your email" page, whether or not an account uses the address.
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { InputField } from "~/components/ui/native-field";
import { useServerForm } from "~/components/ui/server-form";
import { ACCOUNT_PAGES, ACCOUNT_PATHS } from "~/content/account-mail";
import { AUTH_FORM_SCHEMAS } from "~/services/auth-forms.server";
import { handleIntent } from "~/services/form-intent.server";
import { clientIp, retryAfterHeader } from "~/services/http.server";
import { requestPasswordReset } from "~/services/password-reset.server";
import { limitAccountMail, retryMessage } from "~/services/rate-limit.server";

const PAGE = ACCOUNT_PAGES.forgot;

export const meta: MetaFunction = () => [{ title: PAGE.title }, { name: "description", content: PAGE.description }];

export const headers: HeadersFunction = ({ actionHeaders }) => retryAfterHeader(actionHeaders);

export function loader({ request }: LoaderFunctionArgs) {
  return json({ sent: new URL(request.url).searchParams.get("sent") === "1" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleIntent(request, AUTH_FORM_SCHEMAS.forgotPassword, async ({ email }) => {
    const retryAfter = await limitAccountMail("reset", clientIp(context), email);
    if (retryAfter) {
      return { formErrors: [`${PAGE.tooMany} ${retryMessage(retryAfter)}`], status: 429, headers: { "Retry-After": String(retryAfter) } };
    }
    await requestPasswordReset(email, new Date());
    return redirect(`${ACCOUNT_PATHS.forgotPassword}?sent=1`);
  });
}

export default function ForgotPassword() {
  const { sent } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  const form = useServerForm(reply?.submission);
  const busy = navigation.state !== "idle" && navigation.formAction === ACCOUNT_PATHS.forgotPassword;

  if (sent) {
    return (
      <AuthCard heading={PAGE.sentTitle} description={PAGE.sent}>
        <Link to={ACCOUNT_PATHS.login} className="font-medium text-blue-700 underline dark:text-blue-400">
          Back to sign in
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard heading={PAGE.heading} description={PAGE.description}>
      <Form method="post" noValidate ref={form.formRef} className="flex flex-col gap-4">
        <FormAlert form={{ errorId: "forgot-error", errors: form.formErrors }} />
        <InputField
          id="forgot-email"
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          defaultValue={form.valueOf("email")}
          error={form.errorsOf("email")}
        />
        <Button type="submit" disabled={busy}>
          {busy ? PAGE.busy : PAGE.submit}
        </Button>
      </Form>
    </AuthCard>
  );
}
