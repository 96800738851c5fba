import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { FormInputField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { INVALID_CODE_MESSAGE, RECOVERY_CODE_TEXTS } from "~/content/account";
import { recoveryCodesLeftText } from "~/domain/recovery-codes";
import { recoveryCodesLeft, verifySecondFactor } from "~/models/two-factor.server";
import { SIX_DIGIT_CODE, twoFactorCodeSchema } from "~/schemas/two-factor";
import { handleIntent } from "~/services/form-intent.server";
import { clientIp, retryAfterHeader } from "~/services/http.server";
import { limitSignIn, resetSignInLimit, retryMessage } from "~/services/rate-limit.server";
import { completeSignIn } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { clearPendingTwoFactor, readPendingTwoFactor } from "~/services/two-factor-flow.server";

export const meta: MetaFunction = () => [
  { title: "Two-Factor Verification | FX Trader" },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = ({ actionHeaders }) => ({ "Cache-Control": "no-store", ...retryAfterHeader(actionHeaders) });


export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await readPendingTwoFactor(request))) throw redirect("/login");
  return json({}, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const pending = await readPendingTwoFactor(request);
  if (!pending) {
    return redirectWithToast(request, "/login", {
      title: "Sign In Again",
      description: "The verification step has expired. Sign in again to continue.",
    });
  }
  return handleIntent(
    request,
    twoFactorCodeSchema,
    async ({ code }) => {
      const limitKey = `2fa:${pending.userId}`;
      const retryAfter = await limitSignIn(clientIp(context), limitKey);
      if (retryAfter) {
        return { formErrors: [`Too many attempts. ${retryMessage(retryAfter)}`], status: 429, headers: { "Retry-After": String(retryAfter) } };
      }
      const factor = await verifySecondFactor(pending.userId, code);
      if (!factor) {
        const message = SIX_DIGIT_CODE.test(code.replace(/[\s-]/g, "")) ? INVALID_CODE_MESSAGE : RECOVERY_CODE_TEXTS.invalid;
        return { fieldErrors: { code: [message] } };
      }
      await resetSignInLimit(limitKey);
      const toast =
        factor === "recovery"
          ? {
              title: "Signed In With a Recovery Code",
              description: `${recoveryCodesLeftText(recoveryCodesLeft(pending.userId))}. Generate new ones in Account → Security.`,
            }
          : undefined;
      return completeSignIn(request, pending.userId, pending.returnTo, clientIp(context), { "Set-Cookie": await clearPendingTwoFactor(request, toast) });
    },
    { hideFields: ["code"] },
  );
}

export default function TwoFactorSignIn() {
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: reply?.submission,
    constraint: getZodConstraint(twoFactorCodeSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: twoFactorCodeSchema }),
  });
  const busy = navigation.state !== "idle" && navigation.formAction === "/login/two-factor";

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">Two-factor verification</h1>
          <CardDescription>Open your authenticator app and enter the 6-digit code it shows for FX Trader.</CardDescription>
          <CardDescription>{RECOVERY_CODE_TEXTS.signInHelp}</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
            <FormAlert form={form} />
            <FormInputField
              field={fields.code}
              type="text"
              // Conform's constraint would add the 6-digit pattern; spaces are allowed, so the server decides.
              pattern={undefined}
              label="Authentication code"
              autoComplete="one-time-code"
              spellCheck={false}
              autoFocus
              className="font-mono tracking-widest"
            />
            <Button type="submit" disabled={busy}>
              {busy ? "Verifying..." : "Verify"}
            </Button>
          </Form>
          <p className="mt-6 text-center text-sm text-slate-700 dark:text-slate-300">
            Wrong account or no access to your app?{" "}
            <Link to="/login" className="font-medium text-blue-700 underline dark:text-blue-400">
              Start over
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
