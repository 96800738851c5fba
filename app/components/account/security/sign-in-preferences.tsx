/** The sign-in preferences card of the Security tab: login notifications and the session timeout. */
import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { type IntentReplyData, useIntentForm } from "~/components/portal/intent-form";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { FormSelectField, SelectOptions } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { securityIntentSchema } from "~/schemas/account";
import { SECURITY_PAGE } from "./styles";

export function SignInPreferences({
  settings,
  timeoutOptions,
  reply,
}: {
  settings: { loginNotifications: boolean; sessionTimeoutMinutes: number };
  timeoutOptions: { minutes: number; label: string }[];
  reply: IntentReplyData;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === SECURITY_PAGE;
  const saving = busy && navigation.formData?.get("intent") === "settings";
  const [form, fields] = useIntentForm(reply, { intent: "settings", schema: securityIntentSchema, defaultValue: settings });
  const { key, ...checkbox } = getInputProps(fields.loginNotifications, { type: "checkbox" });
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold">Sign-in preferences</h2>
        <CardDescription>How you are told about sign-ins and how long a sign-in lasts.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" action={SECURITY_PAGE} {...getFormProps(form)} className="flex max-w-md flex-col gap-5">
          <input type="hidden" name="intent" value="settings" />
          <FormAlert form={form} />
          <div className="flex items-start gap-3">
            <input
              key={key}
              {...checkbox}
              id="login-notifications"
              aria-describedby="login-notifications-hint"
              className="mt-0.5 h-4 w-4 rounded border-slate-400 accent-blue-700 dark:accent-blue-400"
            />
            <div>
              <label htmlFor="login-notifications" className="text-sm font-medium text-slate-800 dark:text-slate-200">
                Login notifications
              </label>
              <p id="login-notifications-hint" className="text-xs text-slate-600 dark:text-slate-400">
                Email me when my account is signed in on a new device. Your choice is saved now; emails start once email delivery is
                switched on for FX Trader.
              </p>
            </div>
          </div>
          <FormSelectField
            field={fields.sessionTimeoutMinutes}
            label="Session timeout"
            hint="How long a new sign-in stays valid. Devices already signed in keep their current expiry."
          >
            <SelectOptions options={timeoutOptions.map((option) => ({ value: option.minutes, label: option.label }))} />
          </FormSelectField>
          <Button type="submit" disabled={busy} className="self-start">
            {saving ? "Saving..." : "Save Security Settings"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
