import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ConsentCheckbox } from "~/components/legal/consent-checkbox";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { InputField, PersonFields } from "~/components/ui/native-field";
import { FormAlert } from "~/components/ui/form-alert";
import { useServerForm } from "~/components/ui/server-form";
import { TRIAL_DAYS } from "~/content/plans";
import { ACCOUNT_PAGES } from "~/content/account-mail";
import { MIN_PASSWORD_LENGTH } from "~/schemas/password-rules";
import { AUTH_FORM_SCHEMAS } from "~/services/auth-forms.server";
import { handleIntent } from "~/services/form-intent.server";
import { clientIp, retryAfterHeader, safeRedirect } from "~/services/http.server";
import { limitPublicForm, retryMessage } from "~/services/rate-limit.server";
import { getViewer } from "~/services/session.server";
import { registerAccount } from "~/services/signup.server";
import { AuthCard } from "~/components/auth/auth-card";

export const meta: MetaFunction = () => [
  { title: "Start Your Free Trial | FX Trader" },
  { name: "description", content: `Create your FX Trader account and start a ${TRIAL_DAYS}-day Pro trial.` },
];

export const headers: HeadersFunction = ({ actionHeaders }) => retryAfterHeader(actionHeaders);

export async function loader({ request }: LoaderFunctionArgs) {
  const returnTo = safeRedirect(new URL(request.url).searchParams.get("returnTo"));
  if (await getViewer(request)) throw redirect(returnTo);
  return json({ returnTo, sent: new URL(request.url).searchParams.get("sent") === "1" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleIntent(
    request,
    AUTH_FORM_SCHEMAS.signup,
    async ({ returnTo, acceptTerms: _accepted, ...account }) => {
      const retryAfter = await limitPublicForm("signup", clientIp(context));
      if (retryAfter) {
        return { formErrors: [`Too many sign-up attempts. ${retryMessage(retryAfter)}`], status: 429, headers: { "Retry-After": String(retryAfter) } };
      }
      // The same answer whether or not the address has an account: its owner is emailed instead (services/signup.server.ts).
      await registerAccount(account, new Date());
      return redirect(`/signup?sent=1&returnTo=${encodeURIComponent(safeRedirect(returnTo))}`);
    },
    { hideFields: ["password"] },
  );
}

function CheckEmail({ returnTo }: { returnTo: string }) {
  const copy = ACCOUNT_PAGES.signupSent;
  return (
    <AuthCard heading={copy.heading} description={copy.description}>
      <Link to={`/login?returnTo=${encodeURIComponent(returnTo)}`} className="font-medium text-blue-700 underline dark:text-blue-400">
        {copy.signIn}
      </Link>
    </AuthCard>
  );
}

export default function Signup() {
  const { returnTo, sent } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  // Validated by the action only (signupSchema): the page loads no form library.
  const form = useServerForm(reply?.submission);
  const busy = navigation.state !== "idle" && navigation.formAction === "/signup";
  if (sent) return <CheckEmail returnTo={returnTo} />;

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">Start your {TRIAL_DAYS}-day free trial</h1>
          <CardDescription>Pro access for {TRIAL_DAYS} days. No card required, no setup fees.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" noValidate ref={form.formRef} className="flex flex-col gap-4">
            <input type="hidden" name="returnTo" value={returnTo} />
            <FormAlert form={{ errorId: "signup-error", errors: form.formErrors }} />
            <PersonFields
              firstName={{ id: "signup-first-name", name: "firstName", defaultValue: form.valueOf("firstName"), error: form.errorsOf("firstName") }}
              lastName={{ id: "signup-last-name", name: "lastName", defaultValue: form.valueOf("lastName"), error: form.errorsOf("lastName") }}
              email={{ id: "signup-email", name: "email", defaultValue: form.valueOf("email"), error: form.errorsOf("email") }}
            />
            <InputField
              id="signup-password"
              name="password"
              type="password"
              label="Password"
              autoComplete="new-password"
              hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
              error={form.errorsOf("password")}
            />
            <ConsentCheckbox id="signup-accept-terms" error={form.errorsOf("acceptTerms")} defaultChecked={form.valueOf("acceptTerms") === "on"} />
            <Button type="submit" disabled={busy}>
              {busy ? "Creating account..." : "Create account"}
            </Button>
          </Form>
          <p className="mt-6 text-center text-sm text-slate-700 dark:text-slate-300">
            Already have an account?{" "}
            <Link to={`/login?returnTo=${encodeURIComponent(returnTo)}`} className="font-medium text-blue-700 underline dark:text-blue-400">
              Sign in
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
