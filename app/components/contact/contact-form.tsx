/** The /contact form (spec sections 3 "Contact form values", 4 "Contact form", 5 and 8). */
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";

import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { InputField, SelectField, TextareaField } from "~/components/ui/native-field";
import { useServerForm } from "~/components/ui/server-form";
import { toast } from "~/components/ui/toast";
import { CALL_SLOT_FIELD, CONTACT_COPY, CONTACT_TOASTS, EXPERIENCE_LABELS, PREFERRED_TIME_LABELS, TOPIC_LABELS } from "~/content/contact";
import type { CallSlot } from "~/domain/call-slots";
import {
  CONTACT_REQUIRED_FIELDS,
  CONTACT_REQUIRED_MESSAGES,
  CONTACT_TOPICS,
  type ContactRequiredField,
  type ContactTopic,
  HONEYPOT_FIELD,
  PREFERRED_TIMES,
  TRADING_EXPERIENCE,
} from "~/schemas/contact-fields";

/** The required fields a posted contact form leaves empty (or whitespace only), in form order. */
export function missingRequiredFields(formData: FormData): ContactRequiredField[] {
  return CONTACT_REQUIRED_FIELDS.filter((name) => {
    const value = formData.get(name);
    return typeof value !== "string" || value.trim() === "";
  });
}

/** The offered call slots grouped by their New York day, in order. */
function slotsByDay(slots: readonly CallSlot[]): { day: string; slots: CallSlot[] }[] {
  const days: { day: string; slots: CallSlot[] }[] = [];
  for (const slot of slots) {
    const last = days.at(-1);
    if (last && last.day === slot.day) last.slots.push(slot);
    else days.push({ day: slot.day, slots: [slot] });
  }
  return days;
}

/**
 * The contact form: a native POST to /contact, validated by the action with
 * the contact schema. Before sending, the page checks only the required fields
 * (no zod in the browser): when one is empty it marks each empty field, shows
 * the 'Missing Information' toast and sends nothing; the server's reply
 * raises the same toast. `topic` is the topic chosen first (from the URL);
 * with "Strategy call" the form asks for one of `slots` (the server renders
 * it for that topic, and JavaScript shows or hides it as the topic changes).
 */
export function ContactForm({
  lastResult,
  topic,
  slots,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  topic: ContactTopic;
  slots: readonly CallSlot[];
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/contact";
  const form = useServerForm(lastResult);
  const toasted = useRef<unknown>(undefined);
  const [chosenTopic, setChosenTopic] = useState(form.valueOf("topic") ?? topic);
  /** Required fields the page found empty on the last attempt to send (cleared by the server's reply). */
  const [missing, setMissing] = useState<ContactRequiredField[]>([]);

  // A server-side rejection (e.g. a browser without JavaScript before) also raises the toast.
  useEffect(() => {
    setMissing([]);
    if (!lastResult || lastResult.status !== "error" || toasted.current === lastResult) return;
    toasted.current = lastResult;
    if (lastResult.error?.[""]?.[0] === CONTACT_TOASTS.missing.description) toast(CONTACT_TOASTS.missing);
  }, [lastResult]);

  useEffect(() => {
    if (missing.length > 0) form.formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [missing, form.formRef]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const empty = missingRequiredFields(new FormData(event.currentTarget));
    setMissing(empty);
    if (empty.length === 0) return;
    event.preventDefault();
    toast(CONTACT_TOASTS.missing);
  }

  const errorsOf = (name: string) =>
    missing.includes(name as ContactRequiredField) ? [CONTACT_REQUIRED_MESSAGES[name as ContactRequiredField]] : form.errorsOf(name);
  const field = (name: string) => ({ id: `contact-form-${name}`, name, defaultValue: form.valueOf(name), error: errorsOf(name) });

  return (
    <Form method="post" action="/contact" id="contact-form" noValidate ref={form.formRef} onSubmit={onSubmit} className="flex flex-col gap-5">
      <FormAlert form={{ errorId: "contact-form-error", errors: missing.length > 0 ? undefined : form.formErrors }} />
      <SelectField
        {...field("topic")}
        defaultValue={chosenTopic}
        label="Topic"
        onChange={(event) => setChosenTopic(event.currentTarget.value as ContactTopic)}
      >
        {CONTACT_TOPICS.map((value) => (
          <option key={value} value={value}>
            {TOPIC_LABELS[value]}
          </option>
        ))}
      </SelectField>
      {chosenTopic === "strategy-call" ? (
        <SelectField {...field("callSlot")} label={CALL_SLOT_FIELD.label} hint={CALL_SLOT_FIELD.hint}>
          <option value="">{CALL_SLOT_FIELD.placeholder}</option>
          {slotsByDay(slots).map((group) => (
            <optgroup key={group.day} label={group.day}>
              {group.slots.map((slot) => (
                <option key={slot.value} value={slot.value}>
                  {slot.day}, {slot.time}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField {...field("name")} type="text" label="Full Name *" autoComplete="name" />
        <InputField {...field("email")} type="email" label="Email Address *" autoComplete="email" />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField {...field("tradingExperience")} defaultValue={form.valueOf("tradingExperience") ?? ""} label="Trading Experience">
          <option value="">Select your experience</option>
          {TRADING_EXPERIENCE.map((value) => (
            <option key={value} value={value}>
              {EXPERIENCE_LABELS[value]}
            </option>
          ))}
        </SelectField>
        {/* A strategy call's time is its slot above: one time picker, not two. */}
        {chosenTopic === "strategy-call" ? null : (
          <SelectField {...field("preferredTime")} defaultValue={form.valueOf("preferredTime") ?? ""} label="Preferred Contact Time">
            <option value="">Select a time</option>
            {PREFERRED_TIMES.map((value) => (
              <option key={value} value={value}>
                {PREFERRED_TIME_LABELS[value]}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      <TextareaField {...field("goals")} label="Trading Goals & Objectives" placeholder="What would you like to achieve with your trading?" rows={3} />
      <TextareaField {...field("message")} label="Message *" placeholder="How can we help?" rows={6} />
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
