/** The API Access card: what keys are for, the key just generated (shown once), and Generate New Key. */
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { type IntentReplyData, replyFormError, useIntentForm, useReplyToast } from "~/components/portal/intent-form";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Alert } from "~/components/ui/form-alert";
import { useHydrated } from "~/components/ui/use-hydrated";
import { apiKeyIntentSchema } from "~/schemas/account";
import { NewKey } from "./new-key";
import { API_PAGE } from "./styles";

/** What the action sends back with a generated key; the key travels only in this reply. */
export interface GeneratedKeyReply {
  key: string;
  prefix: string;
  toast: { title: string; description: string };
}

export function GenerateKeyCard({
  reply,
  activeCount,
  maxActive,
}: {
  reply: IntentReplyData<GeneratedKeyReply>;
  activeCount: number;
  maxActive: number;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state === "submitting" && navigation.formAction === API_PAGE;
  const [form] = useIntentForm(reply, { intent: "generate", schema: apiKeyIntentSchema });
  useReplyToast(reply);
  const generated = reply?.data;
  const error = replyFormError(reply) ?? reply?.submission.error?.keyId?.[0] ?? reply?.submission.error?.intent?.[0];
  const atLimit = activeCount >= maxActive;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold">API Access</h2>
        <CardDescription>
          Keys let your own programs and Expert Advisors call the FX Trader API as you, with your plan&apos;s access. Each key is shown
          once, when it is generated; we keep only a fingerprint of it.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {error ? <Alert>{error}</Alert> : null}
        {generated ? <NewKey key={generated.key} apiKey={generated.key} hydrated={hydrated} toastText={generated.toast} /> : null}
        <Form method="post" action={API_PAGE} {...getFormProps(form)} className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="generate" />
          <Button type="submit" disabled={atLimit || busy}>
            {busy && navigation.formData?.get("intent") === "generate" ? "Generating..." : "Generate New Key"}
          </Button>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {atLimit
              ? `You have ${maxActive} active keys, the most allowed. Revoke one to generate another.`
              : `${activeCount} of ${maxActive} active keys in use.`}
          </p>
        </Form>
      </CardContent>
    </Card>
  );
}
