/**
 * /contact — the contact form and side cards (spec sections 2 "Contact",
 * 3 "Contact form values", 4 "Contact form", 5, 8 and 9).
 *
 * A native POST form that works without JavaScript, validated by the action
 * with the contact schema (the page itself loads no zod). On success
 * the message is stored and the action redirects to /contact?sent=1 with a
 * flash toast (post/redirect/get), so the form comes back empty and the page
 * shows an inline confirmation too. Missing fields: 400 with field errors and
 * a form-level message; with JavaScript the 'Missing Information' toast shows
 * before anything is sent. A hidden honeypot field catches bots (they get the
 * same success, nothing is stored); posts are rate limited per IP. A body that
 * is not a form is refused (415/400) by `readFormData`.
 *
 * "Book a Strategy Call" everywhere links to /contact?topic=strategy-call: the
 * form opens with "Strategy call" chosen and the offered 30-minute slots
 * (app/domain/call-slots.ts); the chosen slot is checked against the clock and
 * stored in UTC with the message (docs/decisions/0056-strategy-call-booking.md).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";

import { ContactForm, missingRequiredFields } from "~/components/contact/contact-form";
import { ContactSideCards } from "~/components/contact/contact-side-cards";
import { PageHeader } from "~/components/marketing";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import {
  CALL_REQUESTED_NOTE,
  CALL_SLOT_FIELD,
  CONTACT_COPY,
  CONTACT_INVALID_MESSAGE,
  CONTACT_SENT_NOTE,
  CONTACT_TOASTS,
} from "~/content/contact";
import { callSlots, formatCallSlot, isOfferedCallSlot } from "~/domain/call-slots";
import { createContactMessage } from "~/models/contact.server";
import { HONEYPOT_FIELD } from "~/schemas/contact-fields";
import { CONTACT_FORM_SCHEMA } from "~/services/contact-form.server";
import { getViewer } from "~/services/session.server";
import { siteCapabilities } from "~/platform/env.server";
import { handleIntent, readFormData } from "~/services/form-intent.server";
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
  const search = new URL(request.url).searchParams;
  const requested = new Date(search.get("call") ?? "");
  return json({
    sent: search.get("sent") === "1",
    /** The requested call's time as New York shows it, after a strategy call request. */
    callRequested: Number.isNaN(requested.getTime()) ? null : formatCallSlot(requested),
    topic: search.get("topic") === "strategy-call" ? ("strategy-call" as const) : ("general" as const),
    slots: callSlots(new Date()),
    signedIn: (await getViewer(request)) !== null,
    /** Whether the Telegram bot runs (the claims register's `telegramMembers`). */
    telegramOn: siteCapabilities().telegramEnabled,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);

  // Honeypot: a person never sees this field. Pretend success, store nothing.
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    return redirectWithToast(request, CONTACT_SENT_URL, CONTACT_TOASTS.sent);
  }

  return handleIntent(
    request,
    CONTACT_FORM_SCHEMA,
    async (message) => {
      const retryAfter = await limitPublicForm("contact", clientIp(context));
      if (retryAfter) {
        return { formErrors: [`You have sent too many messages. ${retryMessage(retryAfter)}`], status: 429, headers: { "Retry-After": String(retryAfter) } };
      }
      const { topic, callSlot } = message;
      if (topic === "strategy-call" && !isOfferedCallSlot(callSlot ?? "", new Date())) {
        return { fieldErrors: { callSlot: [CALL_SLOT_FIELD.unavailable] } };
      }
      createContactMessage(message);
      const sentUrl = topic === "strategy-call" ? `${CONTACT_SENT_URL}&call=${encodeURIComponent(callSlot ?? "")}` : CONTACT_SENT_URL;
      return { redirectTo: sentUrl, toast: CONTACT_TOASTS.sent };
    },
    {
      formData,
      invalidFormErrors: (form) => [missingRequiredFields(form).length > 0 ? CONTACT_TOASTS.missing.description : CONTACT_INVALID_MESSAGE],
    },
  );
}

export default function Contact() {
  const { sent, callRequested, topic, slots, signedIn, telegramOn } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.submission;
  const location = useLocation();
  // After a successful send (a new /contact?sent=1 location) the form remounts empty.
  const formKey = sent ? location.key : `contact-${topic}`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <PageHeader title={CONTACT_COPY.title} lead={CONTACT_COPY.description} leadMargin="mt-3" />

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
                  {callRequested ? CALL_REQUESTED_NOTE.replace("{slot}", callRequested) : CONTACT_SENT_NOTE}
                </p>
              ) : null}
              <ContactForm key={formKey} lastResult={lastResult} topic={topic} slots={slots} />
            </CardContent>
          </Card>
        </div>

        <ContactSideCards signedIn={signedIn} telegramOn={telegramOn} />
      </div>
    </div>
  );
}
