/** The newsletter box of /insights (spec section 5 "Newsletter email"): a native POST form, intent=newsletter. */
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { IntentReplyData } from "~/components/portal/intent-form";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { controlClass } from "~/components/ui/field";
import { toast } from "~/components/ui/toast";
import { NEWSLETTER_COPY } from "~/content/insights";

/** The newsletter action's reply (`handleIntent`): the confirmation as `data`, or the errors with the email to refill. */
type NewsletterReply = IntentReplyData<string>;

/** The reply's first message: the form's (rate limit), the email's, or the intent's (an unknown form). */
function firstError(reply: NonNullable<NewsletterReply>): string | null {
  const error = reply.submission.error ?? {};
  return error[""]?.[0] ?? error.email?.[0] ?? error.intent?.[0] ?? null;
}

/** The box: the email field, the inline confirmation or error, and (with JavaScript) the matching toast. */
export function Newsletter() {
  const result = useActionData<NewsletterReply>();
  const message = result?.data ?? null;
  const error = result && message === null ? firstError(result) : null;
  const refill = result?.submission.initialValue?.email;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "newsletter";
  const formRef = useRef<HTMLFormElement>(null);
  const handled = useRef<unknown>(undefined);

  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (message !== null) {
      toast({ title: NEWSLETTER_COPY.successTitle, description: message });
      formRef.current?.reset();
    } else if (error !== null) {
      toast({ title: "Subscription failed", description: error, variant: "destructive" });
    }
  }, [result, message, error]);
  return (
    <section aria-labelledby="newsletter-heading" className="mt-16">
      <Card className="bg-slate-50 dark:bg-slate-900">
        <CardHeader>
          <h2 id="newsletter-heading" className="text-xl leading-tight font-semibold">
            {NEWSLETTER_COPY.title}
          </h2>
          <CardDescription>{NEWSLETTER_COPY.description}</CardDescription>
        </CardHeader>
        <CardContent>
          <Form
            ref={formRef}
            method="post"
            preventScrollReset
            className="flex max-w-xl flex-col gap-2 sm:flex-row sm:items-start"
          >
            <input type="hidden" name="intent" value="newsletter" />
            <div className="flex-1">
              <label htmlFor="newsletter-email" className="sr-only">
                {NEWSLETTER_COPY.emailLabel}
              </label>
              <input
                id="newsletter-email"
                type="email"
                name="email"
                required
                maxLength={254}
                autoComplete="email"
                placeholder={NEWSLETTER_COPY.placeholder}
                defaultValue={message === null && typeof refill === "string" ? refill : ""}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "newsletter-error" : undefined}
                className={controlClass}
              />
            </div>
            <Button type="submit" disabled={busy}>
              {busy ? NEWSLETTER_COPY.pending : NEWSLETTER_COPY.button}
            </Button>
          </Form>
          <div aria-live="polite" className="mt-3 text-sm">
            {message !== null ? (
              <p data-testid="newsletter-success" className="font-medium text-green-800 dark:text-green-300">
                {message}
              </p>
            ) : null}
            {error ? (
              <p id="newsletter-error" className="text-red-700 dark:text-red-400">
                {error}
              </p>
            ) : null}
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
