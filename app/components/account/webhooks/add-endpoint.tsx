/** Account → Webhooks: the add-endpoint form and the secret shown once after adding. */
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { type IntentReplyData, replyFormError, useIntentForm, useReplyToast } from "~/components/portal/intent-form";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { controlClass, InputField } from "~/components/ui/field";
import { Alert } from "~/components/ui/form-alert";
import { WEBHOOKS_PAGE } from "~/content/delivery";
import { webhookIntentSchema, WEBHOOK_URL_MAX_LENGTH } from "~/schemas/webhooks";
import { CopyButton } from "~/components/ui/copy-button";

/** The reply to a successful add: the secret travels only in this response. */
export interface AddedWebhookReply {
  secret: string;
  url: string;
  toast: { title: string; description: string };
}

export function AddEndpointCard({
  reply,
  eventTypes,
  count,
  max,
}: {
  reply: IntentReplyData<AddedWebhookReply>;
  eventTypes: readonly string[];
  count: number;
  max: number;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  const [form, fields] = useIntentForm(reply, { intent: "add", schema: webhookIntentSchema, defaultValue: { eventTypes: [...eventTypes] } });
  useReplyToast(reply);
  const added = reply?.intent === "add" ? reply.data : undefined;
  const error = replyFormError(reply, "add");
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold">{WEBHOOKS_PAGE.addTitle}</h2>
        <CardDescription>
          {WEBHOOKS_PAGE.intro} {WEBHOOKS_PAGE.limit(max)}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {error ? <Alert>{error}</Alert> : null}
        {added ? (
          <section aria-labelledby="webhook-secret-title" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
            <h3 id="webhook-secret-title" className="font-semibold">
              {WEBHOOKS_PAGE.secretTitle}: {added.url}
            </h3>
            <p className="text-sm">{WEBHOOKS_PAGE.secretNote}</p>
            <div className="mt-2 flex items-center gap-2">
              <input readOnly aria-label={WEBHOOKS_PAGE.secretTitle} value={added.secret} data-testid="webhook-secret" className={`${controlClass} font-mono`} />
              <CopyButton text={added.secret} />
            </div>
          </section>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="add" />
          <InputField
            id={fields.url.id}
            name={fields.url.name}
            label={WEBHOOKS_PAGE.urlLabel}
            type="url"
            required
            maxLength={WEBHOOK_URL_MAX_LENGTH}
            placeholder="https://example.com/hooks/fx"
            defaultValue={fields.url.initialValue as string | undefined}
            error={fields.url.errors?.[0]}
          />
          <fieldset>
            <legend className="text-sm font-medium">{WEBHOOKS_PAGE.eventsLabel}</legend>
            <div className="mt-2 grid grid-cols-1 gap-1 sm:grid-cols-2">
              {eventTypes.map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name={fields.eventTypes.name} value={type} defaultChecked />
                  <code>{type}</code>
                </label>
              ))}
            </div>
            {fields.eventTypes.errors?.[0] ? <p className="mt-1 text-sm text-red-700 dark:text-red-400">{fields.eventTypes.errors[0]}</p> : null}
          </fieldset>
          <div className="flex items-center gap-3">
            <Button type="submit" disabled={busy || count >= max}>
              {WEBHOOKS_PAGE.add}
            </Button>
            <span className="text-sm text-slate-700 dark:text-slate-300">
              {count} / {max}
            </span>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
