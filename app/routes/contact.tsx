/**
 * /contact — the contact form and side cards (spec sections 2 "Contact",
 * 3 "Contact form values", 4 "Contact form", 5, 8 and 9).
 *
 * A native POST form (Conform + zod) that works without JavaScript. On success
 * the message is stored and the action redirects to /contact?sent=1 with a
 * flash toast (post/redirect/get), so the form comes back empty and the page
 * shows an inline confirmation too. Missing fields: 400 with field errors and
 * a form-level message; with JavaScript the 'Missing Information' toast shows
 * before anything is sent. A hidden honeypot field catches bots (they get the
 * same success, nothing is stored); posts are rate limited per IP.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type FormEvent, type ReactNode } from "react";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormInputField, FormSelectField, FormTextareaField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { toast } from "~/components/ui/toast";
import {
  BUSINESS_HOURS_CARD,
  CONTACT_COPY,
  CONTACT_INVALID_MESSAGE,
  CONTACT_SENT_NOTE,
  CONTACT_TOASTS,
  EXPERIENCE_LABELS,
  OFFICE_CARD,
  PREFERRED_TIME_LABELS,
  QUICK_ANSWERS_CARD,
  STRATEGY_CALL_CARD,
  SUPPORT_CARD,
  TELEGRAM_CARD,
} from "~/content/contact";
import { createContactMessage } from "~/models/contact.server";
import {
  CONTACT_REQUIRED_FIELDS,
  contactSchema,
  HONEYPOT_FIELD,
  PREFERRED_TIMES,
  TRADING_EXPERIENCE,
} from "~/schemas/contact";
import { clientIp } from "~/services/http.server";
import { limitPublicForm, retryMessage } from "~/services/rate-limit.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [
  { title: "Contact Us | FX Trader" },
  {
    name: "description",
    content:
      "Contact the FX Trader team about strategies, subscriptions or the platform. We respond within 24 hours, and within 4 hours to technical support requests during business hours.",
  },
  { property: "og:title", content: "Contact Us | FX Trader" },
  { property: "og:type", content: "website" },
];

/** Where a successful post lands: the form page, empty, with the inline confirmation. */
const CONTACT_SENT_URL = "/contact?sent=1";

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ sent: new URL(request.url).searchParams.get("sent") === "1" });
}

function missingRequired(formData: FormData): boolean {
  return CONTACT_REQUIRED_FIELDS.some((name) => {
    const value = formData.get(name);
    return typeof value !== "string" || value.trim() === "";
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return json<SubmissionResult<string[]>>(
      { status: "error", error: { "": [CONTACT_TOASTS.missing.description] } },
      { status: 400 },
    );
  }

  // Honeypot: a person never sees this field. Pretend success, store nothing.
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    return redirectWithToast(request, CONTACT_SENT_URL, CONTACT_TOASTS.sent);
  }

  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== "success") {
    const formError = missingRequired(formData) ? CONTACT_TOASTS.missing.description : CONTACT_INVALID_MESSAGE;
    return json(submission.reply({ formErrors: [formError] }), { status: 400 });
  }

  const retryAfter = await limitPublicForm("contact", clientIp(context));
  if (retryAfter) {
    return json(
      submission.reply({ formErrors: [`You have sent too many messages. ${retryMessage(retryAfter)}`] }),
      { status: 429, headers: { "Retry-After": String(retryAfter) } },
    );
  }

  createContactMessage(submission.value);
  return redirectWithToast(request, CONTACT_SENT_URL, CONTACT_TOASTS.sent);
}

// ---------------------------------------------------------------------------

function ContactForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/contact";
  const toasted = useRef<unknown>(undefined);

  const [form, fields] = useForm({
    id: "contact-form",
    lastResult,
    constraint: getZodConstraint(contactSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
  });

  // A server-side rejection (e.g. a browser that skipped client validation) also raises the toast.
  useEffect(() => {
    if (!lastResult || lastResult.status !== "error" || toasted.current === lastResult) return;
    toasted.current = lastResult;
    if (lastResult.error?.[""]?.[0] === CONTACT_TOASTS.missing.description) toast(CONTACT_TOASTS.missing);
  }, [lastResult]);

  const formProps = getFormProps(form);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    formProps.onSubmit(event);
    // Conform blocked the submission: show the spec's toast when a required field is empty.
    if (event.defaultPrevented && missingRequired(new FormData(event.currentTarget))) toast(CONTACT_TOASTS.missing);
  }

  return (
    <Form method="post" action="/contact" {...formProps} onSubmit={onSubmit} className="flex flex-col gap-5">
      <FormAlert form={form} />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormInputField field={fields.name} type="text" label="Full Name *" autoComplete="name" />
        <FormInputField field={fields.email} type="email" label="Email Address *" autoComplete="email" />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormSelectField field={fields.tradingExperience} label="Trading Experience">
          <option value="">Select your experience</option>
          {TRADING_EXPERIENCE.map((value) => (
            <option key={value} value={value}>
              {EXPERIENCE_LABELS[value]}
            </option>
          ))}
        </FormSelectField>
        <FormSelectField field={fields.preferredTime} label="Preferred Contact Time">
          <option value="">Select a time</option>
          {PREFERRED_TIMES.map((value) => (
            <option key={value} value={value}>
              {PREFERRED_TIME_LABELS[value]}
            </option>
          ))}
        </FormSelectField>
      </div>
      <FormTextareaField
        field={fields.goals}
        label="Trading Goals & Objectives"
        placeholder="What would you like to achieve with your trading?"
        rows={3}
      />
      <FormTextareaField field={fields.message} label="Message *" placeholder="How can we help?" rows={6} />
      {/* Honeypot: hidden from people and assistive technology; bots that fill it are ignored. */}
      <div className="sr-only" aria-hidden="true">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input id="contact-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <Button type="submit" size="lg" disabled={busy} className="self-start">
        {busy ? CONTACT_COPY.pending : CONTACT_COPY.submit}
      </Button>
    </Form>
  );
}

function SideCard({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      {children ? <CardContent className="text-sm text-slate-700 dark:text-slate-300">{children}</CardContent> : null}
    </Card>
  );
}

export default function Contact() {
  const { sent } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const location = useLocation();
  // After a successful send (a new /contact?sent=1 location) the form remounts empty.
  const formKey = sent ? location.key : "contact";

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{CONTACT_COPY.title}</h1>
        <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">{CONTACT_COPY.description}</p>
      </header>

      <div className="mt-10 grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <Card>
            <CardHeader>
              <h2 className="text-xl leading-tight font-semibold">{CONTACT_COPY.formTitle}</h2>
              <CardDescription>{CONTACT_COPY.formDescription}</CardDescription>
            </CardHeader>
            <CardContent>
              {sent && !lastResult ? (
                <p
                  role="status"
                  data-testid="contact-sent"
                  className="mb-5 rounded-md bg-green-50 p-3 text-sm font-medium text-green-900 dark:bg-green-950 dark:text-green-100"
                >
                  {CONTACT_SENT_NOTE}
                </p>
              ) : null}
              <ContactForm key={formKey} lastResult={lastResult} />
            </CardContent>
          </Card>
        </div>

        <aside className="flex flex-col gap-6" aria-label="Other ways to reach us">
          <SideCard title={SUPPORT_CARD.title} description={SUPPORT_CARD.description}>
            <dl className="flex flex-col gap-2">
              <div>
                <dt className="font-medium text-slate-900 dark:text-slate-100">Email</dt>
                <dd>
                  <a className="text-blue-700 underline dark:text-blue-400" href={`mailto:${SUPPORT_CARD.email}`}>
                    {SUPPORT_CARD.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="font-medium text-slate-900 dark:text-slate-100">Phone</dt>
                <dd>
                  <a className="text-blue-700 underline dark:text-blue-400" href={`tel:${SUPPORT_CARD.phone.replace(/[^+\d]/g, "")}`}>
                    {SUPPORT_CARD.phone}
                  </a>
                </dd>
              </div>
            </dl>
          </SideCard>

          <SideCard title={BUSINESS_HOURS_CARD.title}>
            <dl className="flex flex-col gap-1.5">
              {BUSINESS_HOURS_CARD.hours.map((row) => (
                <div key={row.days} className="flex justify-between gap-4">
                  <dt>{row.days}</dt>
                  <dd className="font-medium text-slate-900 dark:text-slate-100">{row.time}</dd>
                </div>
              ))}
            </dl>
          </SideCard>

          <SideCard title={STRATEGY_CALL_CARD.title} description={STRATEGY_CALL_CARD.description}>
            <Button disabled className="w-full">
              {STRATEGY_CALL_CARD.button} ({STRATEGY_CALL_CARD.unavailable})
            </Button>
          </SideCard>

          <SideCard title={TELEGRAM_CARD.title} description={TELEGRAM_CARD.description}>
            <Button variant="outline" disabled className="w-full">
              {TELEGRAM_CARD.button} ({TELEGRAM_CARD.unavailable})
            </Button>
          </SideCard>

          <SideCard title={QUICK_ANSWERS_CARD.title}>
            <ul className="list-disc space-y-1.5 pl-5">
              {QUICK_ANSWERS_CARD.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </SideCard>

          <SideCard title={OFFICE_CARD.title}>
            <address className="not-italic">
              {OFFICE_CARD.address.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
            <p className="mt-2 font-medium text-slate-900 dark:text-slate-100">{OFFICE_CARD.note}</p>
          </SideCard>
        </aside>
      </div>
    </div>
  );
}
