/** The Settings tab of My Strategies: delivery toggles (push, when the server offers it, with "Turn on push in this browser") and the risk template. */
import { getFormProps, getInputProps } from "@conform-to/react";
import type { SerializeFrom } from "@remix-run/node";
import { Form, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { type IntentReplyData, useIntentForm } from "~/components/portal/intent-form";
import { type PushSetup, PushSubscribe } from "~/components/portal/my-strategies/push-subscribe";
import { choiceCardClass, muted } from "~/components/portal/styles";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Alert } from "~/components/ui/form-alert";
import { VERIFY_EMAIL_BANNER } from "~/content/verify-email-banner";
import { DELIVERY_TOGGLES, PUSH_TEXTS, RISK_TEMPLATE_HINTS } from "~/content/portal";
import { tabUrl } from "~/domain/my-strategies";
import type { MyStrategiesData } from "~/models/read-models/my-strategies.server";
import { deliverySettingsSchema, RISK_TEMPLATE_CHOICES } from "~/schemas/portal";

export function SettingsPanel({ data, reply, push }: { data: SerializeFrom<MyStrategiesData>; reply: IntentReplyData; push: PushSetup }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-settings";
  const [form, fields] = useIntentForm(reply, {
    intent: "save-settings",
    schema: deliverySettingsSchema,
    defaultValue: data.settings ?? undefined,
  });
  const error = fields.riskTemplate.errors?.[0] ?? form.errors?.[0];
  // Email waits for a verified address (docs/decisions/0118-verified-email.md); the root loader has the viewer.
  const root = useRouteLoaderData<{ user: { emailVerified: boolean } | null }>("root");
  const emailBlocked = root?.user?.emailVerified === false;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Delivery settings</h2>
        <CardDescription>How your signals reach you, and the risk template used for position sizes.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" action={tabUrl("settings")} {...getFormProps(form)} className="flex flex-col gap-6">
          <input type="hidden" name="intent" value="save-settings" />
          <fieldset>
            <legend className="text-sm font-semibold">Alerts</legend>
            <div className="mt-3 flex flex-col gap-3">
              {DELIVERY_TOGGLES.map((toggle) => {
                const { key, ...box } = getInputProps(fields[toggle.name], { type: "checkbox" });
                // Push without VAPID keys on the server (docs/decisions/0055-web-push.md) is shown off and cannot be ticked.
                const unavailable = toggle.name === "pushAlerts" && !push;
                // Unverified email: shown off and locked, but the saved choice is kept (posted hidden) for after verification.
                const unverified = toggle.name === "emailAlerts" && emailBlocked;
                return (
                  <label key={key ?? toggle.name} className="flex items-start gap-3">
                    <input
                      {...box}
                      {...(unavailable || unverified ? { disabled: true, defaultChecked: false, name: undefined } : {})}
                      className="mt-1 h-4 w-4"
                    />
                    {unverified && box.defaultChecked ? <input type="hidden" name={box.name} value="on" /> : null}
                    <span>
                      <span className="block text-sm font-medium">
                        {toggle.label}
                        {unavailable || unverified ? (
                          <Badge variant="secondary" className="ml-2" data-testid={unverified ? "email-unverified-badge" : undefined}>
                            {unverified ? VERIFY_EMAIL_BANNER.badge : PUSH_TEXTS.unavailableBadge}
                          </Badge>
                        ) : null}
                      </span>
                      <span className={`block text-xs ${muted}`}>{toggle.hint}</span>
                    </span>
                  </label>
                );
              })}
              {push ? <PushSubscribe setup={push} /> : null}
            </div>
          </fieldset>
          <fieldset aria-describedby={fields.riskTemplate.errors ? fields.riskTemplate.errorId : undefined}>
            <legend className="text-sm font-semibold">Risk template</legend>
            <div className="mt-3 grid gap-3 sm:grid-cols-3">
              {RISK_TEMPLATE_CHOICES.map((template) => {
                const { key, ...radio } = getInputProps(fields.riskTemplate, { type: "radio", value: template });
                return (
                  <label key={key ?? template} className={`${choiceCardClass} p-3`}>
                    <input {...radio} id={`${fields.riskTemplate.id}-${template}`} className="mt-1" />
                    <span>
                      <span className="block text-sm font-medium">{template}</span>
                      <span className={`block text-xs ${muted}`}>{RISK_TEMPLATE_HINTS[template]}</span>
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
          {error ? <Alert id={fields.riskTemplate.errorId}>{error}</Alert> : null}
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : "Save Settings"}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
