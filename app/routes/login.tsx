import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PasskeySignIn } from "~/components/auth/passkey-sign-in";
import { Button, buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { InputField } from "~/components/ui/native-field";
import { FormAlert } from "~/components/ui/form-alert";
import { ACCOUNT_PATHS } from "~/content/account-mail";
import { useServerForm } from "~/components/ui/server-form";
import { FORM_STRATEGY, getFormAuthenticator, InvalidCredentialsError } from "~/services/auth.server";
import { AUTH_FORM_SCHEMAS } from "~/services/auth-forms.server";
import { isOAuthConfigured } from "~/platform/env.server";
import { handleIntent, readFormData } from "~/services/form-intent.server";
import { clientIp, retryAfterHeader, safeRedirect } from "~/services/http.server";
import { knownDeviceFor, rememberDevice } from "~/services/known-device.server";
import { limitSignIn, resetSignInLimit, retryMessage } from "~/services/rate-limit.server";
import { getViewer, signIn } from "~/services/session.server";

export const meta: MetaFunction = () => [
  { title: "Sign In | FX Trader" },
  { name: "description", content: "Sign in to your FX Trader account." },
];

export const headers: HeadersFunction = ({ actionHeaders }) => retryAfterHeader(actionHeaders);

export async function loader({ request }: LoaderFunctionArgs) {
  const returnTo = safeRedirect(new URL(request.url).searchParams.get("returnTo"));
  if (await getViewer(request)) throw redirect(returnTo);
  return json({ returnTo, oauth: isOAuthConfigured() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  // The form strategy reads the body again, so this reads a copy.
  const formData = await readFormData(request.clone());
  return handleIntent(
    request,
    AUTH_FORM_SCHEMAS.login,
    async ({ email, returnTo }) => {
      const device = await knownDeviceFor(request, email);
      const retryAfter = await limitSignIn(clientIp(context), email, device);
      if (retryAfter) {
        return { formErrors: [`Too many sign-in attempts. ${retryMessage(retryAfter)}`], status: 429, headers: { "Retry-After": String(retryAfter) } };
      }
      try {
        const user = await getFormAuthenticator().authenticate(FORM_STRATEGY, request);
        await resetSignInLimit(email, device);
        return signIn(request, user.id, safeRedirect(returnTo), { "Set-Cookie": await rememberDevice(request, email) }, clientIp(context));
      } catch (error) {
        if (error instanceof InvalidCredentialsError) return { formErrors: [error.message] };
        throw error;
      }
    },
    { formData, hideFields: ["password"] },
  );
}

export default function Login() {
  const { returnTo, oauth } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  // Validated by the action only (loginSchema): the page loads no form library.
  const form = useServerForm(reply?.submission);
  const busy = navigation.state !== "idle" && navigation.formAction === "/login";

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">Sign in</h1>
          <CardDescription>Welcome back. Sign in to see your signals and portal.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" noValidate ref={form.formRef} className="flex flex-col gap-4">
            <input type="hidden" name="returnTo" value={returnTo} />
            <FormAlert form={{ errorId: "login-error", errors: form.formErrors }} />
            <InputField
              id="login-email"
              name="email"
              type="email"
              label="Email"
              // "webauthn" lets the browser offer this site's passkeys here (PasskeySignIn).
              autoComplete="username webauthn"
              defaultValue={form.valueOf("email")}
              error={form.errorsOf("email")}
            />
            <InputField
              id="login-password"
              name="password"
              type="password"
              label="Password"
              autoComplete="current-password"
              error={form.errorsOf("password")}
            />
            <Button type="submit" disabled={busy}>
              {busy ? "Signing in..." : "Sign in"}
            </Button>
          </Form>
          <PasskeySignIn returnTo={returnTo} />
          <p className="mt-4 text-center text-sm">
            <Link to={ACCOUNT_PATHS.forgotPassword} className="font-medium text-blue-700 underline dark:text-blue-400">
              Forgot password?
            </Link>
          </p>
          {oauth ? (
            <Link to={`/api/login?returnTo=${encodeURIComponent(returnTo)}`} className={buttonClass("outline", "md", "mt-4 w-full")}>
              Continue with single sign-on
            </Link>
          ) : null}
          <p className="mt-6 text-center text-sm text-slate-700 dark:text-slate-300">
            New to FX Trader?{" "}
            <Link to={`/signup?returnTo=${encodeURIComponent(returnTo)}`} className="font-medium text-blue-700 underline dark:text-blue-400">
              Start your 7-day free trial
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
